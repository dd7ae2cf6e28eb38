import type { Db } from '../../db/database.js';
import { lockKeys } from '../../db/advisory-lock.js';
import { alertIdsEndedBefore, deleteAlerts, forgetAlertPhones } from '../alerts/index.js';
import { eraseWordsFromAudit } from '../audit/index.js';
import { forgetLoginsBefore } from '../auth/index.js';
import { eraseMessagesDoneBefore } from '../notifications/index.js';
import { endedOrdersToErase } from '../orders/index.js';
import { deletePhoneCodes } from '../phone-proof/index.js';
import { eraseReporterPhones } from '../reports/index.js';
import { endedRequestsToErase } from '../seller-requests/index.js';
import { unusedAccountsOfErasedRequests } from '../users/index.js';
import { eraseAccounts, eraseOffers, eraseOrders, eraseRequests, eraseStockRequests } from './erase.js';

/** Rows erased per transaction: a first run on years of data does not hold the write lock for long. */
const BATCH = 200;

export interface RetentionReport {
  orders: number;
  seller_requests: number;
  seller_accounts: number;
  messages: number;
  alerts: number;
  transfer_requests: number;
  offers: number;
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
 * requests decided, offers ended, phone codes, reporters' phones, expired email links, login failures), and seller accounts tied only to erased
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
    offers: 0,
    phone_codes: 0,
  };
  for (;;) {
    const done = await db.kysely.transaction().execute(async (trx) => {
      await lockKeys(trx, db.engine, ['personal-data-retention']);
      const orders = await endedOrdersToErase(trx, cutoff, BATCH);
      const requests = await endedRequestsToErase(trx, cutoff, BATCH);
      report.orders += await eraseOrders(
        trx,
        orders.map((o) => o.id),
      );
      report.seller_requests += await eraseRequests(
        trx,
        requests.map((r) => r.id),
      );
      await eraseWordsFromAudit(trx, [
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
    const accounts = await unusedAccountsOfErasedRequests(trx, cutoff);
    report.seller_accounts += await eraseAccounts(trx, accounts, at);
    report.messages += await eraseMessagesDoneBefore(trx, cutoff);
    const alertIds = await alertIdsEndedBefore(trx, cutoff);
    if (alertIds.length > 0) await deleteAlerts(trx, alertIds);
    report.alerts += alertIds.length;
    await forgetAlertPhones(trx, { sentBefore: cutoff });
    report.transfer_requests += await eraseStockRequests(trx, { decidedBefore: cutoff });
    report.offers += await eraseOffers(trx, { endedBefore: cutoff });
    report.phone_codes += await deletePhoneCodes(trx, { madeBefore: cutoff });
    await eraseReporterPhones(trx, { madeBefore: cutoff });
    await forgetLoginsBefore(trx, cutoff);
  });
  return report;
}
