import { Link } from 'react-router';
import type { User } from '@marketplace/shared';
import { usePageTitle } from '../use-page-title';
import { errorMessage } from '../api';
import { ActionsMenu } from '../components/ActionsMenu';
import { useConfirm } from '../components/ConfirmDialog';
import { LoadError, TableSkeleton } from '../components/status';
import { Badge, buttonStyles, PageHeader, Pager, TableWrap, td, th } from '../components/ui';
import { pageCount, usePageParam } from '../list-params';
import { notifyError, notifySuccess } from '../toasts';
import { useResource } from '../use-resource';
import { deleteUser, fetchUsers, USERS_ERRORS, USERS_PAGE_SIZE } from './api';

export function userName(user: Pick<User, 'displayName' | 'first_name' | 'last_name'>): string {
  return user.displayName || `${user.first_name} ${user.last_name}`.trim();
}

export function UsersListPage() {
  usePageTitle('Users');
  const [page, setPage] = usePageParam();
  const offset = (page - 1) * USERS_PAGE_SIZE;
  const users = useResource(`users:${offset}`, (signal) => fetchUsers({ limit: USERS_PAGE_SIZE, offset }, signal), USERS_ERRORS.list);
  const [dialog, confirm] = useConfirm();

  async function onDelete(user: User) {
    if (!(await confirm('Are you sure you want to delete this user?'))) return;
    try {
      await deleteUser(user.id);
      notifySuccess('User deleted successfully');
      users.reload();
    } catch (error) {
      notifyError(errorMessage(error, USERS_ERRORS.remove));
    }
  }

  const data = users.data;
  return (
    <section>
      <PageHeader
        title="Users"
        action={
          <Link to="/admin/users/create" className={buttonStyles.primary}>
            Create New User
          </Link>
        }
      />
      {!data && users.error !== undefined ? (
        <LoadError error={users.error} fallback={USERS_ERRORS.list} onRetry={users.reload} />
      ) : !data ? (
        <TableSkeleton />
      ) : data.users.length === 0 ? (
        <p className="rounded-lg border border-stone-200 bg-white p-4 text-sm text-stone-700">No users found.</p>
      ) : (
        <>
          <TableWrap label="Users">
            <thead>
              <tr>
                <th scope="col" className={th}>Name</th>
                <th scope="col" className={th}>Email</th>
                <th scope="col" className={th}>Role</th>
                <th scope="col" className={th}>Status</th>
                <th scope="col" className={`${th} text-right`}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.users.map((user) => (
                <tr key={user.id}>
                  <td className={`${td} font-medium`}>{userName(user)}</td>
                  <td className={td}>{user.email}</td>
                  <td className={td}>{user.role}</td>
                  <td className={td}>
                    <Badge tone={user.status === 'active' ? 'green' : 'grey'}>{user.status === 'active' ? 'Active' : 'Inactive'}</Badge>
                  </td>
                  <td className={`${td} text-right`}>
                    <ActionsMenu
                      label={`Actions for ${userName(user)}`}
                      items={[
                        { label: 'View', to: `/admin/users/${user.id}` },
                        { label: 'Edit', to: `/admin/users/${user.id}` },
                        { label: 'Delete', onSelect: () => void onDelete(user), danger: true },
                      ]}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </TableWrap>
          {data.total > USERS_PAGE_SIZE && <Pager page={page} pages={pageCount(data.total, USERS_PAGE_SIZE)} onPage={setPage} label="Users pages" />}
        </>
      )}
      {dialog}
    </section>
  );
}
