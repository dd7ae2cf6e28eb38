import type { Db } from '../../db/database.js';
import { lockKeys } from '../../db/advisory-lock.js';
import {
  eraseAccounts,
  eraseFromAudit,
  eraseOrders,
  eraseReporterPhones,
  eraseRequests,
  eraseTransferRequests,
} from './erase.js';
import { UNSETTLED_TRANSFER_STATUSES } from '../ledger/index.js';

/** Orders that ended: the figures stay, the buyer's details go PERSONAL_DATA_MONTHS after the end. */
const ENDED_ORDER_STATUSES = ['Completed', 'Cancelled', 'Expired'];
/** Seller requests nothing more happens to: in stock (bought), rejected, declined or expired. */
const ENDED_REQUEST_STATUSES = [
  'Offer Fulfilled',
  'Rejected',
  'Offer Rejected',
  'Offer Declined by Seller',
  'Offer Expired',
];
/** Rows erased per transaction: a first run on years of data does not hold the write lock for long. */
const BATCH = 200;

export interface RetentionReport {
  orders: number;
  seller_requests: number;
  seller_accounts: number;
  messages: number;
  alerts: number;
  transfer_requests: number;
  phone_codes: number;
}

/** `months` calendar months before `now` (31 March less one month: 3 March, as Date does). */
export function retentionCutoff(now: Date, months: number): string {
  const at = new Date(now.getTime());
  at.setUTCMonth(at.getUTCMonth() - months);
  return at.toISOString();
}

/**
 * One round of the retention job (docs/decisions/0078): erases the people of orders and seller requests that ended
 * more than `months` ago, and what is kept of anyone for no longer than that (messages sent, alerts ended, transfer
 * requests decided, phone codes, reporters' phones, expired email links, login failures), and seller accounts tied only to erased
 * requests and unused since. Idempotent (erased rows are skipped) and safe in several processes at once: each
 * batch holds one advisory lock on PostgreSQL, and SQLite's writes are one at a time anyway.
 */
export async function eraseEndedPersonalData(db: Db, now: Date, months: number): Promise<RetentionReport> {
  const cutoff = retentionCutoff(now, months);
  const at = now.toISOString();
  const report: RetentionReport = {
    orders: 0,
    seller_requests: 0,
    seller_accounts: 0,
    messages: 0,
    alerts: 0,
    transfer_requests: 0,
    phone_codes: 0,
  };
  for (;;) {
    const done = await db.kysely.transaction().execute(async (trx) => {
      await lockKeys(trx, db.engine, ['personal-data-retention']);
      const orders = await trx
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
        .limit(BATCH)
        .execute();
      const requests = await trx
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
        .limit(BATCH)
        .execute();
      report.orders += await eraseOrders(
        trx,
        orders.map((o) => o.id),
      );
      report.seller_requests += await eraseRequests(
        trx,
        requests.map((r) => r.id),
      );
      await eraseFromAudit(trx, [
        ...orders.flatMap((o) => [o.buyer_name, o.email ?? '']),
        // The phone too: a payout to a ported number is audited with it (docs/decisions/0081).
        ...requests.flatMap((r) => [r.seller_name, r.email, r.phone]),
      ]);
      return orders.length < BATCH && requests.length < BATCH;
    });
    if (done) break;
  }
  await db.kysely.transaction().execute(async (trx) => {
    await lockKeys(trx, db.engine, ['personal-data-retention']);
    const accounts = await trx
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
    report.seller_accounts += await eraseAccounts(
      trx,
      accounts.map((a) => a.id),
      at,
    );
    const messages = await trx
      .updateTable('outbox_messages')
      .set({ recipient: '', subject: null, body: '', last_error: null })
      .where('recipient', '<>', '')
      .where('state', 'in', ['sent', 'failed', 'unconfigured'])
      .where('created_at', '<', cutoff)
      .executeTakeFirst();
    report.messages += Number(messages.numUpdatedRows);
    const alerts = await trx
      .selectFrom('alerts')
      .select('id')
      .where((eb) => eb.or([eb('ended_at', '<', cutoff), eb('expires_at', '<', cutoff)]))
      .execute();
    const alertIds = alerts.map((a) => a.id);
    if (alertIds.length > 0) {
      await trx.deleteFrom('alert_seen').where('alert_id', 'in', alertIds).execute();
      await trx.deleteFrom('alerts').where('id', 'in', alertIds).execute();
    }
    report.alerts += alertIds.length;
    await trx.deleteFrom('alert_phones').where('sent_at', '<', cutoff).execute();
    report.transfer_requests += await eraseTransferRequests(trx, { decidedBefore: cutoff });
    const codes = await trx.deleteFrom('phone_codes').where('created_at', '<', cutoff).executeTakeFirst();
    report.phone_codes += Number(codes.numDeletedRows);
    await eraseReporterPhones(trx, { madeBefore: cutoff });
    await trx.deleteFrom('email_links').where('expires_at', '<', cutoff).execute();
    await trx.deleteFrom('login_failures').where('created_at', '<', cutoff).execute();
  });
  return report;
}
