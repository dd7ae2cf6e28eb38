import { useEffect } from 'react';
import { createUserSchema, SHOP_STAFF } from '@marketplace/shared';
import { usePageTitle } from '../use-page-title';
import { FormActions, FormCard } from '../components/form-layout';
import { Options, PageHeader, SelectField, TextField } from '../components/ui';
import { notifyError } from '../toasts';
import { useAdminForm } from '../use-admin-form';
import { createUser, userKeys, USERS_ERRORS } from './api';
import { ShopField } from './ShopField';

const FIELDS = ['first_name', 'last_name', 'display_name', 'email', 'password', 'role', 'shop_id'] as const;
// User/Admin/Moderator/Shop staff, default User (docs/product.md#users-screens).
const CREATE_ROLES = ['User', 'Admin', 'Moderator', SHOP_STAFF] as const;

export function CreateUserPage() {
  usePageTitle('Create New User');
  const { form, field, save } = useAdminForm(
    createUserSchema,
    { first_name: '', last_name: '', display_name: '', email: '', password: '', role: 'User', shop_id: '' },
    FIELDS,
  );
  const role = form.watch('role');
  // Only Shop staff have a shop: another role forgets the one chosen.
  useEffect(() => {
    if (role !== SHOP_STAFF) form.setValue('shop_id', '');
  }, [role, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    const refused = await save(() => createUser(values), {
      success: 'User created successfully!',
      done: '/admin/users',
      fallback: USERS_ERRORS.create,
      invalidates: userKeys.all,
    });
    if (refused) notifyError(refused);
  });

  return (
    <section>
      <PageHeader title="Create New User" />
      <FormCard onSubmit={onSubmit} layout="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" autoComplete="off" {...field('first_name')} />
        <TextField label="Last name" autoComplete="off" {...field('last_name')} />
        <TextField label="Display name" autoComplete="off" {...field('display_name')} />
        <TextField label="Email" type="email" autoComplete="off" {...field('email')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="8 to 128 characters."
          {...field('password')}
        />
        <SelectField label="Role" {...field('role')}>
          <Options values={CREATE_ROLES} />
        </SelectField>
        <ShopField role={role ?? ''} {...field('shop_id')} />
        <FormActions
          label="Create User"
          busyLabel="Creating…"
          submitting={form.formState.isSubmitting}
          cancelTo="/admin/users"
          className="sm:col-span-2"
        />
      </FormCard>
    </section>
  );
}
