import { useQuery } from '@tanstack/react-query';
import { Link } from '../../lib/router';
import type { User } from '@marketplace/shared';
import { usePageTitle } from '../use-page-title';
import { ActionsMenu } from '../components/ActionsMenu';
import { DataTable, TablePager } from '../components/DataTable';
import { Loaded, TableSkeleton } from '../components/status';
import { Badge, buttonStyles, PageHeader, td } from '../components/ui';
import { usePageParam } from '../list-params';
import { useConfirmedDelete } from '../use-confirmed-delete';
import { deleteUser, userKeys, usersPageQuery, USERS_ERRORS, USERS_PAGE_SIZE } from './api';

export function userName(user: Pick<User, 'displayName' | 'first_name' | 'last_name'>): string {
  return user.displayName || `${user.first_name} ${user.last_name}`.trim();
}

export function UsersListPage() {
  usePageTitle('Users');
  const [page, setPage] = usePageParam();
  const users = useQuery(usersPageQuery({ limit: USERS_PAGE_SIZE, offset: (page - 1) * USERS_PAGE_SIZE }));
  const [dialog, onDelete] = useConfirmedDelete<User>({
    question: 'Are you sure you want to delete this user?',
    remove: (user) => deleteUser(user.id),
    success: 'User deleted successfully',
    fallback: USERS_ERRORS.remove,
    invalidates: userKeys.all,
  });

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
      <Loaded
        resource={users}
        fallback={USERS_ERRORS.list}
        skeleton={<TableSkeleton />}
        isEmpty={(data) => data.users.length === 0}
        empty="No users found."
      >
        {(data) => (
          <>
            <DataTable label="Users" columns={['Name', 'Email', 'Role', 'Status']} actions="Actions">
              {data.users.map((user) => (
                <tr key={user.id}>
                  <td className={`${td} font-medium`}>{userName(user)}</td>
                  <td className={td}>{user.email}</td>
                  <td className={td}>{user.role}</td>
                  <td className={td}>
                    <Badge tone={user.status === 'active' ? 'green' : 'grey'}>
                      {user.status === 'active' ? 'Active' : 'Inactive'}
                    </Badge>
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
            </DataTable>
            <TablePager page={page} total={data.total} size={USERS_PAGE_SIZE} onPage={setPage} label="Users pages" />
          </>
        )}
      </Loaded>
      {dialog}
    </section>
  );
}
