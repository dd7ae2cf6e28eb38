import { ERASED_NAME, OPEN_ORDER_STATUSES } from '@marketplace/shared';
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
// Transfers still waiting for the gateway hold an erase back: their mobile is where the money goes.
import { UNSETTLED_TRANSFER_STATUSES } from '../ledger/index.js';

// The erasing itself, shared by the Admin's erase and the retention job (docs/decisions/0078). The records stay for
// the figures (amounts, statuses, items, ledger rows: the ledger is append-only and must still sum); the person's
// details are replaced: names by 'Erased', phones and emails by '' where the column is NOT NULL, else null. An erased
// order or request has phone '', which is what every WHERE below skips: running twice changes nothing.

type Trx = Transaction<Database>;

/** Erases the orders' buyers and what hangs on those orders; answers how many orders changed. */
export async function eraseOrders(trx: Trx, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const changed = await trx
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
  await eraseMessagesOf(trx, 'order', ids);
  await trx.updateTable('money_transfers').set({ mobile: null }).where('order_id', 'in', ids).execute();
  return Number(changed.numUpdatedRows);
}

/** Erases the sellers of the requests and what hangs on those requests; answers how many requests changed. */
export async function eraseRequests(trx: Trx, ids: number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const changed = await trx
    .updateTable('seller_requests')
    .set({ seller_name: ERASED_NAME, phone: '', phone_key: '', email: '', location: '', client_group: null })
    .where('id', 'in', ids)
    .where('phone', '<>', '')
    .executeTakeFirst();
  await eraseMessagesOf(trx, 'seller_request', ids);
  await trx.updateTable('money_transfers').set({ mobile: null }).where('seller_request_id', 'in', ids).execute();
  await trx.deleteFrom('email_links').where('seller_request_id', 'in', ids).execute();
  return Number(changed.numUpdatedRows);
}

/** Messages about the subjects: kept as having been sent, without to whom or what they said. */
async function eraseMessagesOf(trx: Trx, subjectType: string, ids: number[]) {
  await trx
    .updateTable('outbox_messages')
    .set({ recipient: '', subject: null, body: '', last_error: null })
    .where('subject_type', '=', subjectType)
    .where('subject_id', 'in', ids)
    .where('recipient', '<>', '')
    .execute();
}

/** Messages sent to any of these addresses (a phone as sent, an email in any case). */
export async function eraseMessagesTo(trx: Trx, recipients: string[]): Promise<number> {
  if (recipients.length === 0) return 0;
  const changed = await trx
    .updateTable('outbox_messages')
    .set({ recipient: '', subject: null, body: '', last_error: null })
    .where(sql<string>`lower(recipient)`, 'in', recipients)
    .executeTakeFirst();
  return Number(changed.numUpdatedRows);
}

/** Everything kept under a phone apart from orders and requests: alerts, transfer requests, phone codes. */
export async function erasePhone(trx: Trx, phone: string) {
  const alerts = await trx.selectFrom('alerts').select('id').where('phone', '=', phone).execute();
  const alertIds = alerts.map((a) => a.id);
  if (alertIds.length > 0) {
    await trx.deleteFrom('alert_seen').where('alert_id', 'in', alertIds).execute();
    await eraseMessagesOf(trx, 'alert', alertIds);
    await trx.deleteFrom('alerts').where('id', 'in', alertIds).execute();
  }
  await trx.deleteFrom('alert_phones').where('phone', '=', phone).execute();
  const transfers = await eraseTransferRequests(trx, { phone });
  const codes = await trx.deleteFrom('phone_codes').where('phone', '=', phone).executeTakeFirst();
  await eraseReporterPhones(trx, { phone });
  return { alerts: alertIds.length, transfer_requests: transfers, phone_codes: Number(codes.numDeletedRows) };
}

/**
 * The phone a report of a listing was proved with (decision 0086): the report stays, still counted as one proved
 * phone, under a placeholder of its own ('erased-{id}', so the one-report-per-phone index still holds). By phone,
 * or those made before a time.
 */
export async function eraseReporterPhones(trx: Trx, which: { phone: string } | { madeBefore: string }) {
  let query = trx
    .updateTable('product_reports')
    .set({ phone: sql<string>`'erased-' || id` })
    .where('phone', 'is not', null)
    .where('phone', 'not like', 'erased-%');
  query = 'phone' in which ? query.where('phone', '=', which.phone) : query.where('created_at', '<', which.madeBefore);
  await query.execute();
}

/**
 * Transfer requests (a buyer's ask to bring an item): the ask stays, the buyer's details go. By phone, or those
 * decided (accepted or declined) before a time.
 */
export async function eraseTransferRequests(
  trx: Trx,
  which: { phone: string } | { decidedBefore: string },
): Promise<number> {
  let query = trx.selectFrom('stock_requests').select('id').where('phone', '<>', '');
  query =
    'phone' in which
      ? query.where('phone', '=', which.phone)
      : query.where('state', '<>', 'open').where('decided_at', '<', which.decidedBefore);
  const rows = await query.execute();
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return 0;
  await trx
    .updateTable('stock_requests')
    .set({ buyer_name: ERASED_NAME, phone: '', address_group: '' })
    .where('id', 'in', ids)
    .execute();
  await eraseMessagesOf(trx, 'transfer_request', ids);
  return ids.length;
}

/**
 * Seller accounts (role User only): the account stays as a row the requests and audit entries point at, but
 * cannot be used (inactive, no password, no sessions) and holds nothing of the person.
 */
export async function eraseAccounts(trx: Trx, ids: number[], at: string): Promise<number> {
  if (ids.length === 0) return 0;
  const accounts = await trx
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', 'in', ids)
    .where('role', '=', 'User')
    .execute();
  for (const a of accounts) {
    await trx
      .updateTable('users')
      .set({
        // Unique and not an address anyone can receive mail at (RFC 2606's .invalid).
        email: `erased-${a.id}@erased.invalid`,
        first_name: ERASED_NAME,
        last_name: '',
        display_name: ERASED_NAME,
        status: 'inactive',
        password_hash: '!',
        updated_at: at,
      })
      .where('id', '=', a.id)
      .execute();
    await trx.deleteFrom('sessions').where('user_id', '=', a.id).execute();
    await trx.deleteFrom('email_links').where('user_id', '=', a.id).execute();
    await trx.deleteFrom('login_failures').where('email_key', '=', a.email.toLowerCase()).execute();
  }
  return accounts.length;
}

/** Audit entries name sellers and seller accounts' emails: those words are replaced, the entry stays. */
export async function eraseFromAudit(trx: Trx, words: string[]) {
  // Short names ("Jo") would also blank unrelated words; a name that short identifies nobody on its own.
  for (const word of new Set(words.filter((w) => w.length >= 4 && w !== ERASED_NAME))) {
    await trx
      .updateTable('audit_log')
      .set({
        action: sql`replace(action, ${word}, '[erased]')`,
        detail: sql`replace(detail, ${word}, '[erased]')`,
      })
      .where((eb) => eb.or([eb('action', 'like', `%${word}%`), eb('detail', 'like', `%${word}%`)]))
      .execute();
  }
}

/** Whether an order of these is open, or a payment or payout to the person still waits for the gateway. */
export async function openBusiness(trx: Trx, orderIds: number[], requestIds: number[], phone?: string) {
  const open = await trx
    .selectFrom('orders')
    .select('id')
    .where('id', 'in', [0, ...orderIds])
    .where('status', 'in', [...OPEN_ORDER_STATUSES])
    .executeTakeFirst();
  if (open) return 'order' as const;
  const transfer = await trx
    .selectFrom('money_transfers')
    .select('id')
    .where('status', 'in', [...UNSETTLED_TRANSFER_STATUSES])
    .where((eb) =>
      eb.or([
        eb('order_id', 'in', [0, ...orderIds]),
        eb('seller_request_id', 'in', [0, ...requestIds]),
        ...(phone ? [eb('mobile', '=', phone)] : []),
      ]),
    )
    .executeTakeFirst();
  return transfer ? ('payout' as const) : null;
}
