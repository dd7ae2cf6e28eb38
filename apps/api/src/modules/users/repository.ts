import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Engine, Executor } from '../../db/database.js';
import type { UsersTable } from '../../db/schema.js';

export async function listUsers(db: Executor, limit: number, offset: number) {
  const rows = await selectUsers(db).orderBy('users.id').limit(limit).offset(offset).execute();
  const { n } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return { rows, total: Number(n) };
}

export async function emailTaken(db: Executor, email: string, exceptId?: number) {
  let q = db.selectFrom('users').select('id').where('email', '=', email);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

/**
 * Ids of the active Admins. On PostgreSQL the rows are locked, so two staff demoting the last two Admins
 * at once cannot both pass the check; SQLite transactions are already serialised (BEGIN IMMEDIATE).
 */
export async function activeAdminIds(db: Executor, engine: Engine): Promise<number[]> {
  let q = db.selectFrom('users').select('id').where('role', '=', 'Admin').where('status', '=', 'active');
  if (engine === 'postgres') q = q.forUpdate();
  return (await q.execute()).map((r) => r.id);
}

export async function insertUser(db: Executor, values: Insertable<UsersTable>) {
  const row = await db.insertInto('users').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateUser(db: Executor, id: number, values: Updateable<UsersTable>) {
  await db.updateTable('users').set(values).where('id', '=', id).execute();
}

export async function deleteUser(db: Executor, id: number) {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** Auth reads the user it signs in, resets or locks through these. */
const columns = [
  'id',
  'display_name',
  'first_name',
  'last_name',
  'email',
  'role',
  'shop_id',
  'status',
  'created_at',
] as const;
export type UserRow = Pick<Selectable<UsersTable>, (typeof columns)[number]> & {
  second_factor_at: string | null;
  second_factor_locked_at: string | null;
};

/** The user's columns, when their second factor was confirmed (null: none) and locked (null: not locked). */
function selectUsers(db: Executor) {
  return db
    .selectFrom('users')
    .leftJoin('second_factors', 'second_factors.user_id', 'users.id')
    .select(columns.map((c) => `users.${c}` as const))
    .select(['second_factors.confirmed_at as second_factor_at', 'second_factors.locked_at as second_factor_locked_at']);
}

export const USER_NOT_FOUND = 'User not found';

export function findUser(db: Executor, id: number): Promise<UserRow | undefined> {
  return selectUsers(db).where('users.id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Executor, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

/**
 * The password of the user a reset link was mailed to, the email proved; undefined when the user's email changed
 * since the link was sent.
 */
export function setPasswordFromLink(
  db: Executor,
  user: { id: number; email: string; passwordHash: string; at: string },
) {
  return db
    .updateTable('users')
    .set((eb) => ({
      password_hash: user.passwordHash,
      updated_at: user.at,
      email_confirmed_at: eb.fn.coalesce('email_confirmed_at', eb.val(user.at)),
    }))
    .where('id', '=', user.id)
    .where('email', '=', user.email)
    .returning(['id', 'email'])
    .executeTakeFirst();
}
