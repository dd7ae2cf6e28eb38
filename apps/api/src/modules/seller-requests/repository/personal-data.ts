import { ERASED_NAME, type Person } from '@marketplace/shared';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';
import { UNSETTLED_TRANSFER_STATUSES } from '../../ledger/index.js';

// What personal-data finds and erases of a person's seller requests (docs/decisions/0078).

/** Seller requests nothing more happens to: in stock (bought), rejected, declined or expired. */
const ENDED_REQUEST_STATUSES = [
  'Offer Fulfilled',
  'Rejected',
  'Offer Rejected',
  'Offer Declined by Seller',
  'Offer Expired',
];

/** Requests of the person: by the phone as given or its national digits (codes.ts phoneKey), or by email. */
function requestsOf(person: Person) {
  return (eb: ExpressionBuilder<Database, 'seller_requests'>) =>
    person.phone !== undefined
      ? eb.or([
          eb('seller_requests.phone', '=', person.phone),
          eb('seller_requests.phone_key', '=', person.phone.replace(/^\+265/, '')),
        ])
      : eb(sql<string>`lower(seller_requests.email)`, '=', person.email);
}

/** The person's requests as the look-up shows them, with the seller account each made. */
export async function findRequestsOfPerson(db: Executor, person: Person) {
  return db
    .selectFrom('seller_requests')
    .select([
      'id',
      'reference',
      'status',
      'seller_name',
      'phone',
      'email',
      'location',
      'item_name',
      'price',
      'created_at',
      'seller_user_id',
    ])
    .where(requestsOf(person))
    .orderBy('id')
    .execute();
}

/** The person's requests, with the name and email the audit log may quote and the account each made. */
export async function requestsOfPersonToErase(db: Executor, person: Person) {
  return db
    .selectFrom('seller_requests')
    .select(['id', 'seller_name', 'seller_user_id', 'email'])
    .where(requestsOf(person))
    .execute();
}

/** Replaces the seller's details on the requests (an erased request has phone ''); answers how many changed. */
export async function eraseRequestSellers(db: Executor, ids: number[]): Promise<number> {
  const changed = await db
    .updateTable('seller_requests')
    .set({ seller_name: ERASED_NAME, phone: '', phone_key: '', email: '', location: '', client_group: null })
    .where('id', 'in', ids)
    .where('phone', '<>', '')
    .executeTakeFirst();
  return Number(changed.numUpdatedRows);
}

/** Up to `limit` requests that ended before `cutoff` and still hold a seller's details. */
export async function endedRequestsToErase(db: Executor, cutoff: string, limit: number) {
  return db
    .selectFrom('seller_requests as r')
    .select(['r.id', 'r.seller_name', 'r.email', 'r.phone'])
    .where('r.phone', '<>', '')
    .where('r.status', 'in', ENDED_REQUEST_STATUSES)
    .where('r.updated_at', '<', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('money_transfers as m')
            .select('m.id')
            .whereRef('m.seller_request_id', '=', 'r.id')
            .where('m.status', 'in', [...UNSETTLED_TRANSFER_STATUSES]),
        ),
      ),
    )
    .orderBy('r.id')
    .limit(limit)
    .execute();
}
