import { ERASED_NAME, OPEN_ORDER_STATUSES, type Person } from '@marketplace/shared';
import { sql, type ExpressionBuilder } from 'kysely';
import type { Executor } from '../../../db/database.js';
import type { Database } from '../../../db/schema.js';
import { UNSETTLED_TRANSFER_STATUSES } from '../../ledger/index.js';

// What personal-data finds and erases of a person's orders (docs/decisions/0078).

/** Orders that ended: the figures stay, the buyer's details go PERSONAL_DATA_MONTHS after the end. */
const ENDED_ORDER_STATUSES = ['Completed', 'Cancelled', 'Expired'];

/** Orders of the person: by phone or by email, case aside. */
function ordersOf(person: Person) {
  return (eb: ExpressionBuilder<Database, 'orders'>) =>
    person.phone !== undefined
      ? eb('orders.phone', '=', person.phone)
      : eb(sql<string>`lower(orders.email)`, '=', person.email);
}

/** The person's orders as the look-up shows them, with the collection code their messages are masked by. */
export async function findOrdersOfPerson(db: Executor, person: Person) {
  return db
    .selectFrom('orders')
    .select([
      'id',
      'number',
      'status',
      'buyer_name',
      'phone',
      'email',
      'address',
      'area',
      'total',
      'created_at',
      'collection_code',
    ])
    .where(ordersOf(person))
    .orderBy('id')
    .execute();
}

/** The person's orders, with the name and email the audit log may quote. */
export async function ordersOfPersonToErase(db: Executor, person: Person) {
  return db.selectFrom('orders').select(['id', 'buyer_name', 'email']).where(ordersOf(person)).execute();
}

/** Whether one of these orders is still open. */
export async function openOrderAmong(db: Executor, ids: number[]): Promise<boolean> {
  const open = await db
    .selectFrom('orders')
    .select('id')
    .where('id', 'in', [0, ...ids])
    .where('status', 'in', [...OPEN_ORDER_STATUSES])
    .executeTakeFirst();
  return open !== undefined;
}

/** Replaces the buyer's details on the orders (an erased order has phone ''); answers how many changed. */
export async function eraseOrderBuyers(db: Executor, ids: number[]): Promise<number> {
  const changed = await db
    .updateTable('orders')
    .set({
      buyer_name: ERASED_NAME,
      phone: '',
      email: null,
      address: null,
      area: null,
      coach_depot: null,
      client_group: null,
    })
    .where('id', 'in', ids)
    .where('phone', '<>', '')
    .executeTakeFirst();
  return Number(changed.numUpdatedRows);
}

/** Up to `limit` orders that ended before `cutoff` and still hold a buyer's details. */
export async function endedOrdersToErase(db: Executor, cutoff: string, limit: number) {
  return (
    db
      .selectFrom('orders as o')
      .select(['o.id', 'o.buyer_name', 'o.email'])
      .where('o.phone', '<>', '')
      .where('o.status', 'in', ENDED_ORDER_STATUSES)
      .where((eb) => eb(eb.fn.coalesce('o.completed_at', 'o.updated_at'), '<', cutoff))
      // A refund still waiting for the gateway, or for an Admin to pay by hand, needs the buyer's mobile.
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('money_transfers as m')
              .select('m.id')
              .whereRef('m.order_id', '=', 'o.id')
              .where('m.status', 'in', [...UNSETTLED_TRANSFER_STATUSES]),
          ),
        ),
      )
      .orderBy('o.id')
      .limit(limit)
      .execute()
  );
}
