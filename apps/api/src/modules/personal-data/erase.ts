import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { alertIdsOfPhone, deleteAlerts, forgetAlertPhones } from '../alerts/index.js';
import { forgetAccountLogins, forgetRequestLinks } from '../auth/index.js';
import { forgetTransferMobiles, unsettledTransferOf } from '../ledger/index.js';
import { eraseMessagesAbout } from '../notifications/index.js';
import { eraseOfferBuyers } from '../offers/index.js';
import { eraseOrderBuyers, openOrderAmong } from '../orders/index.js';
import { deletePhoneCodes } from '../phone-proof/index.js';
import { eraseReporterPhones } from '../reports/index.js';
import { eraseRequestSellers } from '../seller-requests/index.js';
import { eraseStockRequestBuyers } from '../stock-moves/index.js';
import { blankAccount, sellerAccountsAmong } from '../users/index.js';

// The erasing itself, shared by the Admin's erase and the retention job (docs/decisions/0078). The records stay for
// the figures (amounts, statuses, items, ledger rows: the ledger is append-only and must still sum); the person's
// details are replaced: names by 'Erased', phones and emails by '' where the column is NOT NULL, else null. An erased
// order or request has phone '', which is what every WHERE below skips: running twice changes nothing. Each table's
// SQL is in its owner's repository/personal-data.ts.

type Trx = Transaction<Database>;

/** Erases the orders' buyers and what hangs on those orders; answers how many orders changed. */
export async function eraseOrders(trx: Trx, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const changed = await eraseOrderBuyers(trx, ids);
  await eraseMessagesAbout(trx, 'order', ids);
  await forgetTransferMobiles(trx, { orderIds: ids });
  return changed;
}

/** Erases the sellers of the requests and what hangs on those requests; answers how many requests changed. */
export async function eraseRequests(trx: Trx, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const changed = await eraseRequestSellers(trx, ids);
  await eraseMessagesAbout(trx, 'seller_request', ids);
  await forgetTransferMobiles(trx, { requestIds: ids });
  await forgetRequestLinks(trx, ids);
  return changed;
}

/** Buyers' offers (decision 0103): the offer stays, its buyer and the messages about it go. */
export async function eraseOffers(trx: Trx, which: Parameters<typeof eraseOfferBuyers>[1]): Promise<number> {
  const ids = await eraseOfferBuyers(trx, which);
  if (ids.length > 0) await eraseMessagesAbout(trx, 'offer', ids);
  return ids.length;
}

/** Everything kept under a phone apart from orders and requests: alerts, transfer requests, offers, phone codes. */
export async function erasePhone(trx: Trx, phone: string, at: string) {
  const alertIds = await alertIdsOfPhone(trx, phone);
  if (alertIds.length > 0) {
    await eraseMessagesAbout(trx, 'alert', alertIds);
    await deleteAlerts(trx, alertIds);
  }
  await forgetAlertPhones(trx, { phone });
  const transfers = await eraseStockRequests(trx, { phone });
  const offers = await eraseOffers(trx, { phone, at });
  const codes = await deletePhoneCodes(trx, { phone });
  await eraseReporterPhones(trx, { phone });
  return { alerts: alertIds.length, transfer_requests: transfers, offers, phone_codes: codes };
}

/**
 * Transfer requests (a buyer's ask to bring an item): the ask stays, the buyer's details and the messages about it
 * go. By phone, or those decided (accepted or declined) before a time.
 */
export async function eraseStockRequests(
  trx: Trx,
  which: { phone: string } | { decidedBefore: string },
): Promise<number> {
  const ids = await eraseStockRequestBuyers(trx, which);
  if (ids.length === 0) return 0;
  await eraseMessagesAbout(trx, 'transfer_request', ids);
  return ids.length;
}

/**
 * Seller accounts (role User only): the account stays as a row the requests and audit entries point at, but
 * cannot be used (inactive, no password, no sessions) and holds nothing of the person.
 */
export async function eraseAccounts(trx: Trx, ids: number[], at: string): Promise<number> {
  if (ids.length === 0) return 0;
  const accounts = await sellerAccountsAmong(trx, ids);
  for (const a of accounts) {
    await blankAccount(trx, a.id, at);
    await forgetAccountLogins(trx, a.id, a.email.toLowerCase());
  }
  return accounts.length;
}

/** Whether an order of these is open, or a payment or payout to the person still waits for the gateway. */
export async function openBusiness(trx: Trx, orderIds: number[], requestIds: number[], phone?: string) {
  if (await openOrderAmong(trx, orderIds)) return 'order' as const;
  return (await unsettledTransferOf(trx, { phone, orderIds, requestIds })) ? ('payout' as const) : null;
}
