import { zodResolver } from '@hookform/resolvers/zod';
import { createUserSchema } from '@marketplace/shared';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { usePageTitle } from '../use-page-title';
import { errorMessage } from '../api';
import { Card, buttonStyles, PageHeader, SelectField, TextField } from '../components/ui';
import { applyFieldErrors } from '../form-errors';
import { notifyError, notifySuccess } from '../toasts';
import { createUser, USERS_ERRORS } from './api';

type FormIn = z.input<typeof createUserSchema>;
type FormOut = z.output<typeof createUserSchema>;
const FIELDS = ['first_name', 'last_name', 'display_name', 'email', 'password', 'role'] as const;
// Spec 2: User/Admin/Moderator, default User.
const CREATE_ROLES = ['User', 'Admin', 'Moderator'] as const;

export function CreateUserPage() {
  usePageTitle('Create New User');
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(createUserSchema),
    defaultValues: { first_name: '', last_name: '', display_name: '', email: '', password: '', role: 'User' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await createUser(values);
      notifySuccess('User created successfully!');
      navigate('/admin/users');
    } catch (error) {
      applyFieldErrors(error, setError, FIELDS);
      notifyError(errorMessage(error, USERS_ERRORS.create));
    }
  });

  return (
    <section>
      <PageHeader title="Create New User" />
      <Card className="max-w-2xl p-4 md:p-6">
        <form noValidate onSubmit={onSubmit} className="grid gap-4 sm:grid-cols-2">
          <TextField label="First name" autoComplete="off" error={errors.first_name?.message} {...register('first_name')} />
          <TextField label="Last name" autoComplete="off" error={errors.last_name?.message} {...register('last_name')} />
          <TextField label="Display name" autoComplete="off" error={errors.display_name?.message} {...register('display_name')} />
          <TextField label="Email" type="email" autoComplete="off" error={errors.email?.message} {...register('email')} />
          <TextField
            label="Password"
            type="password"
            autoComplete="new-password"
            hint="8 to 128 characters."
            error={errors.password?.message}
            {...register('password')}
          />
          <SelectField label="Role" error={errors.role?.message} {...register('role')}>
            {CREATE_ROLES.map((role) => (
              <option key={role} value={role}>
                {role}
              </option>
            ))}
          </SelectField>
          <div className="flex gap-2 sm:col-span-2">
            <button type="submit" className={buttonStyles.primary} disabled={isSubmitting}>
              {isSubmitting ? 'Creating…' : 'Create User'}
            </button>
            <Link to="/admin/users" className={buttonStyles.secondary}>
              Cancel
            </Link>
          </div>
        </form>
      </Card>
    </section>
  );
}
