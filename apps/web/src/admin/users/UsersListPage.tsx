import { Link } from '../../lib/router';
import type { User } from '@marketplace/shared';
import { ActionsMenu } from '../components/ActionsMenu';
import { useShopChoices } from '../components/ShopSelect';
import { DataTable } from '../components/DataTable';
import { PagedListScreen } from '../components/PagedListScreen';
import { Badge, buttonStyles, td } from '../components/ui';
import { useConfirmedDelete } from '../use-confirmed-delete';
import { deleteUser, userKeys, usersPageQuery, USERS_ERRORS, USERS_PAGE_SIZE } from './api';

export function userName(user: Pick<User, 'displayName' | 'first_name' | 'last_name'>): string {
  return user.displayName || `${user.first_name} ${user.last_name}`.trim();
}

export function UsersListPage() {
  const shops = useShopChoices();
  // Shop staff show their shop beside the role (docs/decisions/0061).
  const shopOf = (user: User) =>
    user.shop_id ? (shops?.find((shop) => shop.id === user.shop_id)?.name ?? `Shop #${user.shop_id}`) : null;
  const [dialog, onDelete] = useConfirmedDelete<User>({
    question: 'Are you sure you want to delete this user?',
    remove: (user) => deleteUser(user.id),
    success: 'User deleted successfully',
    fallback: USERS_ERRORS.remove,
    invalidates: userKeys.all,
  });

  return (
    <PagedListScreen
      title="Users"
      action={
        <Link to="/admin/users/create" className={buttonStyles.primary}>
          Create New User
        </Link>
      }
      query={usersPageQuery}
      size={USERS_PAGE_SIZE}
      fallback={USERS_ERRORS.list}
      empty="No users found."
      pagerLabel="Users pages"
      dialog={dialog}
    >
      {(users) => (
        <DataTable label="Users" columns={['Name', 'Email', 'Role', 'Status']} actions="Actions">
          {users.map((user) => (
            <tr key={user.id}>
              <td className={`${td} font-medium`}>{userName(user)}</td>
              <td className={td}>{user.email}</td>
              <td className={td}>
                {user.role}
                {shopOf(user) && <span className="block text-xs text-stone-600">{shopOf(user)}</span>}
              </td>
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
      )}
    </PagedListScreen>
  );
}
