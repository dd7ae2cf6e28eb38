import { ERASED_NAME, type Person } from '@marketplace/shared';
import { sql } from 'kysely';
import type { Executor } from '../../../db/database.js';

// What personal-data finds and erases of sellers' own accounts (role User, never staff; docs/decisions/0078).

/** Sellers' accounts under the person's email or linked from their requests. */
export async function findSellerAccounts(db: Executor, person: Person, linkedIds: number[]) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'display_name', 'status', 'created_at'])
    .where('role', '=', 'User')
    .where((eb) =>
      eb.or([
        eb('id', 'in', [0, ...linkedIds]),
        ...(person.email !== undefined ? [eb(sql<string>`lower(email)`, '=', person.email)] : []),
      ]),
    )
    .orderBy('id')
    .execute();
}

/** Which of these accounts are sellers' (role User), with their emails. */
export async function sellerAccountsAmong(db: Executor, ids: number[]) {
  return db.selectFrom('users').select(['id', 'email']).where('id', 'in', ids).where('role', '=', 'User').execute();
}

/** The account stays as a row requests and audit entries point at, but cannot be used and holds nothing of anyone. */
export async function blankAccount(db: Executor, id: number, at: string) {
  await db
    .updateTable('users')
    .set({
      // Unique and not an address anyone can receive mail at (RFC 2606's .invalid).
      email: `erased-${id}@erased.invalid`,
      first_name: ERASED_NAME,
      last_name: '',
      display_name: ERASED_NAME,
      status: 'inactive',
      password_hash: '!',
      updated_at: at,
    })
    .where('id', '=', id)
    .execute();
}

/**
 * Sellers' accounts made before `cutoff`, not yet erased, whose requests are all erased and that nobody used since:
 * what retention erases with the requests.
 */
export async function unusedAccountsOfErasedRequests(db: Executor, cutoff: string): Promise<number[]> {
  const accounts = await db
    .selectFrom('users as u')
    .select('u.id')
    .where('u.role', '=', 'User')
    .where('u.created_at', '<', cutoff)
    .where('u.email', 'not like', 'erased-%@erased.invalid')
    .where(({ and, exists, not, selectFrom }) =>
      and([
        exists(selectFrom('seller_requests as r').select('r.id').whereRef('r.seller_user_id', '=', 'u.id')),
        not(
          exists(
            selectFrom('seller_requests as r')
              .select('r.id')
              .whereRef('r.seller_user_id', '=', 'u.id')
              .where('r.phone', '<>', ''),
          ),
        ),
        not(
          exists(
            selectFrom('sessions as s')
              .select('s.id')
              .whereRef('s.user_id', '=', 'u.id')
              .where('s.last_seen_at', '>=', cutoff),
          ),
        ),
      ]),
    )
    .execute();
  return accounts.map((a) => a.id);
}
