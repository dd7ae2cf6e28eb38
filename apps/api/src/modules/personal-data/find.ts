import type { PersonalData } from '@marketplace/shared';
import type { Executor } from '../../db/database.js';
import { findAlertsOfPhone } from '../alerts/index.js';
import { findTransfersOfPerson } from '../ledger/index.js';
import { findMessagesOfPerson, smsRecipientsEndingIn } from '../notifications/index.js';
import { findOffersOfPhone } from '../offers/index.js';
import { findOrdersOfPerson } from '../orders/index.js';
import { countPhoneCodes } from '../phone-proof/index.js';
import { countReportsOfPhone } from '../reports/index.js';
import { findRequestsOfPerson } from '../seller-requests/index.js';
import { findStockRequestsOfPhone } from '../stock-moves/index.js';
import { findSellerAccounts } from '../users/index.js';
import { maskSecrets } from './mask.js';
import type { Person } from './who.js';

/**
 * Everything kept about one person (docs/decisions/0078): their orders and seller requests, the seller accounts
 * made from those or under their email, the messages sent to them, their alerts, transfer requests, payments, offers
 * and phone codes. The export file is this very answer. Messages are shown with their codes and links masked
 * (mask.ts), and the collection code is never part of it: a look-up must not be a way into an order or account.
 */
export async function findPersonalData(db: Executor, person: Person): Promise<PersonalData> {
  const orders = await findOrdersOfPerson(db, person);
  const codes = orders.map((o) => o.collection_code).filter((c): c is string => Boolean(c));
  const requests = await findRequestsOfPerson(db, person);
  const accounts = await sellerAccountsOf(
    db,
    person,
    requests.map((r) => r.seller_user_id),
  );
  const orderIds = orders.map((o) => o.id);
  const requestIds = requests.map((r) => r.id);
  const recipients = await recipientsOf(db, person, accounts);
  const messages = await findMessagesOfPerson(db, { recipients, orderIds, requestIds });
  const phone = person.phone;
  const alerts = phone ? await findAlertsOfPhone(db, phone) : [];
  const transfers = phone ? await findStockRequestsOfPhone(db, phone) : [];
  const payments = await findTransfersOfPerson(db, { phone, orderIds, requestIds });
  const phoneCodes = phone ? await countPhoneCodes(db, phone) : 0;
  const reports = phone ? await countReportsOfPhone(db, phone) : 0;
  const offers = phone ? await findOffersOfPhone(db, phone) : [];
  return {
    phone: phone ?? null,
    email: person.email ?? null,
    orders: orders.map(({ collection_code: _, ...o }) => o),
    seller_requests: requests.map(({ seller_user_id: _, ...r }) => r),
    seller_accounts: accounts,
    messages: messages.map((m) => ({
      ...m,
      subject: m.subject === null ? null : maskSecrets(m.subject, codes),
      body: maskSecrets(m.body, codes),
    })),
    alerts,
    transfer_requests: transfers,
    payments,
    offers,
    phone_codes: phoneCodes,
    listing_reports: reports,
  };
}

/** Sellers' own accounts (role User, never staff) under the email or linked from the person's requests. */
export async function sellerAccountsOf(db: Executor, person: Person, linked: (number | null)[]) {
  return findSellerAccounts(
    db,
    person,
    linked.filter((id): id is number => id !== null),
  );
}

/** The addresses messages to the person went to: the phone (as sent) or email, and their accounts' emails. */
export async function recipientsOf(db: Executor, person: Person, accounts: { email: string }[]) {
  const out = new Set<string>(accounts.map((a) => a.email.toLowerCase()));
  if (person.email) out.add(person.email);
  if (person.phone) {
    out.add(person.phone);
    // The SMS transports are given the number as stored on the order or request: the normalised one.
    for (const r of await smsRecipientsEndingIn(db, person.phone.slice(4))) out.add(r);
  }
  return [...out];
}
