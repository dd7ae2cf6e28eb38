import { zodResolver } from '@hookform/resolvers/zod';
import { updateUserSchema, type UpdateUserInput, type User } from '@marketplace/shared';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../use-page-title';
import { errorMessage } from '../api';
import { Card, FormError, buttonStyles, PageHeader, SelectField, TextField } from '../components/ui';
import { FormSkeleton, LoadError } from '../components/status';
import { applyFieldErrors } from '../form-errors';
import { notifyError, notifySuccess } from '../toasts';
import { useResource } from '../use-resource';
import { fetchUser, updateUser, USERS_ERRORS } from './api';
import { useState } from 'react';

const FIELDS = ['display_name', 'email', 'role', 'status'] as const;

export function EditUserPage() {
  const { id = '' } = useParams();
  const user = useResource(`user:${id}`, (signal) => fetchUser(id, signal), USERS_ERRORS.one);
  usePageTitle(user.data ? `User: ${user.data.displayName}` : 'User');

  return (
    <section>
      <PageHeader title="Edit User">
        <Link to="/admin/users" className="text-sm font-medium text-teal-800 underline">
          Back to users
        </Link>
      </PageHeader>
      {user.data ? (
        <EditUserForm key={user.data.id} user={user.data} />
      ) : user.error !== undefined ? (
        <LoadError error={user.error} fallback={USERS_ERRORS.one} onRetry={user.reload} />
      ) : (
        <FormSkeleton />
      )}
    </section>
  );
}

function EditUserForm({ user }: { user: User }) {
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  // Spec 6: edit offers Admin and User. A Moderator keeps that role unless it is changed on purpose.
  const roles = user.role === 'Moderator' ? (['Admin', 'Moderator', 'User'] as const) : (['Admin', 'User'] as const);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<UpdateUserInput>({
    resolver: zodResolver(updateUserSchema),
    defaultValues: { display_name: user.displayName, email: user.email, role: user.role, status: user.status },
  });

  const onSubmit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      await updateUser(user.id, values);
      notifySuccess('User updated successfully');
      navigate('/admin/users');
    } catch (error) {
      applyFieldErrors(error, setError, FIELDS);
      const message = errorMessage(error, USERS_ERRORS.update);
      setServerError(message);
      notifyError(message);
    }
  });

  return (
    <Card className="max-w-2xl p-4 md:p-6">
      <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-stone-600">First name</dt>
        <dd className="text-stone-900">{user.first_name}</dd>
        <dt className="text-stone-600">Last name</dt>
        <dd className="text-stone-900">{user.last_name}</dd>
      </dl>
      <FormError message={serverError} />
      <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" autoComplete="off" error={errors.display_name?.message} {...register('display_name')} />
        <TextField label="Email" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
        <SelectField label="Role" error={errors.role?.message} {...register('role')}>
          {roles.map((role) => (
            <option key={role} value={role}>
              {role}
            </option>
          ))}
        </SelectField>
        <SelectField label="Status" error={errors.status?.message} {...register('status')}>
          <option value="active">Active</option>
          <option value="inactive">Inactive</option>
        </SelectField>
        <div className="flex gap-2 sm:col-span-2">
          <button type="submit" className={buttonStyles.primary} disabled={isSubmitting}>
            {isSubmitting ? 'Saving…' : 'Save'}
          </button>
          <Link to="/admin/users" className={buttonStyles.secondary}>
            Cancel
          </Link>
        </div>
      </form>
    </Card>
  );
}
