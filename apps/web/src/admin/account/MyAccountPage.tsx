import { useQuery } from '@tanstack/react-query';
import { meQuery } from '../auth-api';
import { Card, PageHeader } from '../components/ui';
import { usePageTitle } from '../use-page-title';
import { TwoStepLogin } from './TwoStepLogin';

/** /admin/account: the signed-in staff member's own page, where two-step login is set up or turned off. */
export function MyAccountPage() {
  usePageTitle('My Account');
  const me = useQuery(meQuery());
  return (
    <div className="max-w-2xl space-y-4">
      <PageHeader title="My Account" />
      {me.data && (
        <Card className="p-4 md:p-6">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-stone-600">Name</dt>
            <dd className="text-stone-900">{me.data.display_name}</dd>
            <dt className="text-stone-600">Email</dt>
            <dd className="break-all text-stone-900">{me.data.email}</dd>
            <dt className="text-stone-600">Role</dt>
            <dd className="text-stone-900">{me.data.role}</dd>
          </dl>
        </Card>
      )}
      <TwoStepLogin />
    </div>
  );
}
