import type { UpdateUserInput, User } from '@marketplace/shared';
import type { createUserSchema } from '@marketplace/shared';
import type { z } from 'zod';
import { nowIso, type Db, type Executor } from '../../db/database.js';
import { HttpError } from '../../plugins/errors.js';
import { recordAudit } from '../audit/index.js';
import type { SessionUser } from '../auth/index.js';
import { moneyRefersTo } from '../ledger/index.js';
import { hashPassword, refuseCommonPassword } from '../passwords/index.js';
import { findShop } from '../shops/index.js';
import {
  activeAdminIds,
  deleteUser,
  emailTaken,
  findUser,
  insertUser,
  updateUser,
  USER_NOT_FOUND,
  type UserRow,
} from './repository.js';

/**
 * Ends every open session of a user (auth's revokeUserSessions, passed in where the app is wired: auth reads the
 * users table through this module, so this module does not import auth).
 */
export type EndSessions = (db: Executor, userId: number, now: string) => Promise<void>;

export const EMAIL_TAKEN = 'A user with this email already exists.';
export const LAST_ADMIN = 'There must always be at least one active Admin.';
export const USER_HAS_MONEY =
  'This user recorded money in the ledger or a transfer, so the account cannot be deleted. Set it to inactive instead.';
export const NOT_YOURSELF = 'You cannot delete your own account.';
export const UNKNOWN_SHOP = 'Shop not found';

/** The schema checked that only Shop staff have a shop; here the shop must exist. */
async function refuseUnknownShop(db: Executor, shopId: number | null | undefined) {
  if (shopId === undefined || shopId === null) return;
  if (!(await findShop(db, shopId))) throw new HttpError(400, UNKNOWN_SHOP, { shop_id: UNKNOWN_SHOP });
}

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    displayName: row.display_name,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    role: row.role,
    shop_id: row.shop_id,
    status: row.status,
    created_at: row.created_at,
    second_factor: row.second_factor_at !== null,
    second_factor_locked: row.second_factor_locked_at !== null,
  };
}

export async function createUser(db: Db, actor: SessionUser, input: z.output<typeof createUserSchema>): Promise<User> {
  const email = input.email.toLowerCase();
  refuseCommonPassword(input.password);
  const passwordHash = await hashPassword(input.password);
  return db.kysely.transaction().execute(async (trx) => {
    if (await emailTaken(trx, email)) throw new HttpError(409, EMAIL_TAKEN, { email: EMAIL_TAKEN });
    await refuseUnknownShop(trx, input.shop_id);
    const now = nowIso();
    const id = await insertUser(trx, {
      email,
      password_hash: passwordHash,
      first_name: input.first_name,
      last_name: input.last_name,
      display_name: input.display_name,
      role: input.role,
      shop_id: input.shop_id ?? null,
      status: 'active',
      created_at: now,
      updated_at: now,
      // An Admin vouches for the address; its owner can still take the account over with a reset link.
      email_confirmed_at: now,
    });
    await recordAudit(trx, {
      actorId: actor.id,
      action: `Created user ${email} (${input.role}${input.shop_id ? `, shop ${input.shop_id}` : ''})`,
      subjectType: 'user',
      subjectId: id,
    });
    return toUser((await findUser(trx, id))!);
  });
}

export async function changeUser(
  db: Db,
  actor: SessionUser,
  { id, input, endSessions }: { id: number; input: UpdateUserInput; endSessions: EndSessions },
): Promise<User> {
  const email = input.email.toLowerCase();
  return db.kysely.transaction().execute(async (trx) => {
    const admins = await activeAdminIds(trx, db.engine);
    const before = await findUser(trx, id);
    if (!before) throw new HttpError(404, USER_NOT_FOUND);
    if (await emailTaken(trx, email, id)) throw new HttpError(409, EMAIL_TAKEN, { email: EMAIL_TAKEN });
    await refuseUnknownShop(trx, input.shop_id);
    const losesAdmin = admins.includes(id) && (input.role !== 'Admin' || input.status !== 'active');
    if (losesAdmin && admins.length <= 1) throw new HttpError(409, LAST_ADMIN);
    const now = nowIso();
    await updateUser(trx, id, {
      display_name: input.display_name,
      email,
      role: input.role,
      shop_id: input.shop_id ?? null,
      status: input.status,
      updated_at: now,
    });
    // A new role, shop or a deactivation takes effect at once: existing tokens stop working.
    const shopMoved = before.shop_id !== (input.shop_id ?? null);
    if (before.role !== input.role || before.status !== input.status || shopMoved) await endSessions(trx, id, now);
    await recordAudit(trx, {
      actorId: actor.id,
      action: `Updated user ${email} (${input.role}${input.shop_id ? `, shop ${input.shop_id}` : ''}, ${input.status})`,
      subjectType: 'user',
      subjectId: id,
    });
    return toUser((await findUser(trx, id))!);
  });
}

export async function removeUser(db: Db, actor: SessionUser, id: number): Promise<void> {
  if (id === actor.id) throw new HttpError(409, NOT_YOURSELF);
  await db.kysely.transaction().execute(async (trx) => {
    const admins = await activeAdminIds(trx, db.engine);
    const user = await findUser(trx, id);
    if (!user) throw new HttpError(404, USER_NOT_FOUND);
    if (admins.includes(id) && admins.length <= 1) throw new HttpError(409, LAST_ADMIN);
    // A transfer still being verified would settle without its staff member (docs/decisions/0082).
    if (await moneyRefersTo(trx, { staffId: id })) throw new HttpError(409, USER_HAS_MONEY);
    await deleteUser(trx, id);
    await recordAudit(trx, {
      actorId: actor.id,
      action: `Deleted user ${user.email}`,
      subjectType: 'user',
      subjectId: id,
    });
  });
}
