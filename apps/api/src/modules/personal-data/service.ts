import {
  ERASE_REFUSED_OPEN_ORDER,
  ERASE_REFUSED_OPEN_PAYOUT,
  formatMalawiPhone,
  type EraseAnswer,
  type PersonalData,
} from '@marketplace/shared';
import type { Db } from '../../db/database.js';
import { lockKeys } from '../../db/advisory-lock.js';
import { HttpError } from '../../plugins/errors.js';
import type { SessionUser } from '../auth/index.js';
import { eraseWordsFromAudit, recordAudit } from '../audit/index.js';
import { forgetEmailLogins } from '../auth/index.js';
import { eraseMessagesTo } from '../notifications/index.js';
import { ordersOfPersonToErase } from '../orders/index.js';
import { requestsOfPersonToErase } from '../seller-requests/index.js';
import { eraseAccounts, eraseOrders, erasePhone, eraseRequests, openBusiness } from './erase.js';
import { findPersonalData, recipientsOf, sellerAccountsOf } from './find.js';
import { nationalDigits, type Person } from './who.js';

/**
 * Who was asked about, as the audit log says it: enough to tell two look-ups apart, not enough to be the
 * person's details (the last three digits, or the email's first letter and domain).
 */
function maskedPerson(person: Person): string {
  if (person.phone !== undefined) return `phone …${person.phone.slice(-3)}`;
  const [local = '', domain = ''] = person.email.split('@');
  return `email ${local.slice(0, 1)}…@${domain}`;
}

function counted(d: PersonalData) {
  return `${d.orders.length} orders, ${d.seller_requests.length} seller requests, ${d.seller_accounts.length} seller accounts`;
}

/** GET /admin/personal-data and its export: the same look-up, each recorded in the audit log. */
export async function lookUp(db: Db, actor: SessionUser, person: Person, purpose: 'find' | 'export') {
  const data = await findPersonalData(db.kysely, person);
  await recordAudit(db.kysely, {
    actorId: actor.id,
    action: `${purpose === 'find' ? 'Looked up' : 'Exported'} personal data by ${maskedPerson(person)}`,
    detail: counted(data),
    subjectType: 'personal_data',
    subjectId: null,
  });
  return data;
}

/**
 * Erases everything kept about the person (docs/decisions/0078), in one transaction with its audit entry; refused
 * while an order of theirs is open or a payment or payout to them still waits for the gateway. Placing an order
 * takes the same per-phone lock, so none slips in between the check and the erase on PostgreSQL.
 */
export async function erasePerson(db: Db, actor: SessionUser, person: Person, at: string): Promise<EraseAnswer> {
  return db.kysely.transaction().execute(async (trx) => {
    if (person.phone) await lockKeys(trx, db.engine, [`holds-phone:${person.phone}`]);
    const orders = await ordersOfPersonToErase(trx, person);
    const requests = await requestsOfPersonToErase(trx, person);
    const orderIds = orders.map((o) => o.id);
    const requestIds = requests.map((r) => r.id);
    const open = await openBusiness(trx, orderIds, requestIds, person.phone);
    if (open === 'order') throw new HttpError(409, ERASE_REFUSED_OPEN_ORDER);
    if (open === 'payout') throw new HttpError(409, ERASE_REFUSED_OPEN_PAYOUT);

    const accounts = await sellerAccountsOf(
      trx,
      person,
      requests.map((r) => r.seller_user_id),
    );
    // The emails their orders and requests gave: what messages about them went to, and what the audit quotes.
    const emails = [...orders.map((o) => o.email), ...requests.map((r) => r.email)]
      .filter((e): e is string => Boolean(e))
      .map((e) => e.toLowerCase());
    const recipients = [...new Set([...(await recipientsOf(trx, person, accounts)), ...emails])];
    const answer: EraseAnswer = {
      orders: await eraseOrders(trx, orderIds),
      seller_requests: await eraseRequests(trx, requestIds),
      seller_accounts: 0,
      messages: await eraseMessagesTo(trx, recipients),
      alerts: 0,
      transfer_requests: 0,
      offers: 0,
      phone_codes: 0,
    };
    if (person.phone) Object.assign(answer, await erasePhone(trx, person.phone, at));
    for (const email of new Set(emails.concat(person.email ?? []))) await forgetEmailLogins(trx, email);
    const names = [...orders.map((o) => o.buyer_name), ...requests.map((r) => r.seller_name)];
    const addresses = [...recipients, ...accounts.map((a) => a.email)];
    answer.seller_accounts = await eraseAccounts(
      trx,
      accounts.map((a) => a.id),
      at,
    );
    const phoneWords = person.phone
      ? [person.phone, formatMalawiPhone(person.phone), nationalDigits(person.phone)]
      : [];
    await eraseWordsFromAudit(trx, [...names, ...addresses, ...phoneWords]);
    await recordAudit(trx, {
      actorId: actor.id,
      action: `Erased personal data by ${maskedPerson(person)}`,
      detail: Object.entries(answer)
        .map(([what, n]) => `${n} ${what.replace('_', ' ')}`)
        .join(', '),
      subjectType: 'personal_data',
      subjectId: null,
      at,
    });
    return answer;
  });
}
