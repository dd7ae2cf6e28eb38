import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { SHOP_STAFF, updateUserSchema, type User } from '@marketplace/shared';
import { useParams } from '../../lib/router';
import { usePageTitle } from '../use-page-title';
import { FormActions, FormCard } from '../components/form-layout';
import { RecordScreen } from '../components/RecordScreen';
import { Options, SelectField, TextField } from '../components/ui';
import { FormSkeleton } from '../components/status';
import { notifyError, notifySuccess } from '../toasts';
import { useAdminForm } from '../use-admin-form';
import { useConfirm } from '../components/use-confirm';
import {
  resetSecondFactor,
  sendResetLink,
  unlockSecondFactor,
  updateUser,
  userKeys,
  userQuery,
  USERS_ERRORS,
} from './api';
import { buttonStyles } from '../components/ui';
import { ShopField } from './ShopField';

const FIELDS = ['display_name', 'email', 'role', 'status', 'shop_id'] as const;

export function EditUserPage() {
  const { id = '' } = useParams();
  const user = useQuery(userQuery(id));
  usePageTitle(user.data ? `User: ${user.data.displayName}` : 'User');

  return (
    <RecordScreen
      title="Edit User"
      back={{ to: '/admin/users', label: 'Back to users' }}
      resource={user}
      fallback={USERS_ERRORS.one}
      skeleton={<FormSkeleton />}
    >
      {(loaded) => (
        <>
          <EditUserForm key={loaded.id} user={loaded} />
          <ResetLinkButton user={loaded} />
          <SecondFactorReset user={loaded} />
        </>
      )}
    </RecordScreen>
  );
}

function EditUserForm({ user }: { user: User }) {
  // Edit offers Admin, User and Shop staff (docs/product.md#roles). A Moderator keeps that role unless it is changed
  // on purpose.
  const roles =
    user.role === 'Moderator'
      ? (['Admin', 'Moderator', 'User', SHOP_STAFF] as const)
      : (['Admin', 'User', SHOP_STAFF] as const);
  const { form, field, serverError, save } = useAdminForm(
    updateUserSchema,
    {
      display_name: user.displayName,
      email: user.email,
      role: user.role,
      status: user.status,
      shop_id: user.shop_id === null ? '' : String(user.shop_id),
    },
    FIELDS,
  );
  const role = form.watch('role');
  // Only Shop staff have a shop: another role forgets the one chosen.
  useEffect(() => {
    if (role !== SHOP_STAFF) form.setValue('shop_id', '');
  }, [role, form]);

  const onSubmit = form.handleSubmit(async (values) => {
    const refused = await save(() => updateUser(user.id, values), {
      success: 'User updated successfully',
      done: '/admin/users',
      fallback: USERS_ERRORS.update,
      invalidates: userKeys.all,
    });
    if (refused) notifyError(refused);
  });

  return (
    <FormCard
      onSubmit={onSubmit}
      error={serverError}
      layout="grid gap-4 sm:grid-cols-2"
      intro={
        <dl className="mb-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-stone-600">First name</dt>
          <dd className="text-stone-900">{user.first_name}</dd>
          <dt className="text-stone-600">Last name</dt>
          <dd className="text-stone-900">{user.last_name}</dd>
        </dl>
      }
    >
      <TextField label="Name" autoComplete="off" {...field('display_name')} />
      <TextField label="Email" type="email" autoComplete="off" {...field('email')} />
      <SelectField label="Role" {...field('role')}>
        <Options values={roles} />
      </SelectField>
      <ShopField role={role ?? ''} {...field('shop_id')} />
      <SelectField label="Status" {...field('status')}>
        <option value="active">Active</option>
        <option value="inactive">Inactive</option>
      </SelectField>
      <FormActions
        label="Save"
        busyLabel="Saving…"
        submitting={form.formState.isSubmitting}
        cancelTo="/admin/users"
        className="sm:col-span-2"
      />
    </FormCard>
  );
}

/** An Admin mails the user a one-time link to set a new password; the current one works until it is used. */
function ResetLinkButton({ user }: { user: User }) {
  const send = useMutation({
    mutationFn: () => sendResetLink(user.id),
    onSuccess: () => notifySuccess(`Password reset link sent to ${user.email}`),
    onError: (error) => notifyError(error instanceof Error ? error.message : USERS_ERRORS.resetLink),
  });
  return (
    <UserAction
      id="reset-heading"
      title="Password"
      text="Email this user a link to set a new password. It works once, for 30 minutes."
    >
      <button
        type="button"
        className={`${buttonStyles.secondary} mt-3`}
        disabled={send.isPending}
        onClick={() => send.mutate()}
      >
        {send.isPending ? 'Sending…' : 'Send password reset link'}
      </button>
    </UserAction>
  );
}

/** Another Admin clears a user's two-step login (a lost phone); the server refuses it on one's own account. */
function SecondFactorReset({ user }: { user: User }) {
  const queryClient = useQueryClient();
  const [dialog, confirm] = useConfirm();
  const reset = useMutation({
    mutationFn: () => resetSecondFactor(user.id),
    onSuccess: async () => {
      notifySuccess(`Two-step login reset for ${user.email}`);
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
    onError: (error) => notifyError(error instanceof Error ? error.message : USERS_ERRORS.resetSecondFactor),
  });
  // 10 wrong codes in a row locked it (docs/decisions/0085): unlocking keeps the user's app and recovery codes.
  const unlock = useMutation({
    mutationFn: () => unlockSecondFactor(user.id),
    onSuccess: async () => {
      notifySuccess(`Two-step login unlocked for ${user.email}`);
      await queryClient.invalidateQueries({ queryKey: userKeys.all });
    },
    onError: (error) => notifyError(error instanceof Error ? error.message : USERS_ERRORS.unlockSecondFactor),
  });
  const onReset = async () => {
    if (await confirm(`Reset two-step login for ${user.email}? They will be logged out and set it up again.`))
      reset.mutate();
  };
  const locked = user.second_factor && user.second_factor_locked;
  return (
    <UserAction
      id="second-factor-heading"
      title="Two-step login"
      text={
        locked
          ? 'Locked after 10 wrong codes in a row: no code is accepted until it is unlocked. Unlock it if the user asks (check it is them, for example by phone); their app and recovery codes go on working.'
          : user.second_factor
            ? 'On. If this user lost their phone and recovery codes, reset it: they set it up again at their next login.'
            : 'Off.'
      }
    >
      {locked && (
        <button
          type="button"
          className={`${buttonStyles.primary} mt-3 mr-2`}
          disabled={unlock.isPending}
          onClick={() => unlock.mutate()}
        >
          {unlock.isPending ? 'Unlocking…' : 'Unlock two-step login'}
        </button>
      )}
      {user.second_factor && (
        <button
          type="button"
          className={`${buttonStyles.secondary} mt-3`}
          disabled={reset.isPending}
          onClick={() => void onReset()}
        >
          {reset.isPending ? 'Resetting…' : 'Reset two-step login'}
        </button>
      )}
      {dialog}
    </UserAction>
  );
}

/** One of the edit screen's actions under the form: a heading, what it does, its button. */
function UserAction({ id, title, text, children }: { id: string; title: string; text: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-6 rounded-lg border border-stone-200 bg-white p-4">
      <h2 id={id} className="text-base font-semibold text-stone-900">
        {title}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{text}</p>
      {children}
    </section>
  );
}
