import type { PersonalData } from '@marketplace/shared';
import { sql } from 'kysely';
import type { Executor } from '../../db/database.js';
import { maskSecrets } from './mask.js';
import { ordersOf, requestsOf, type Person } from './who.js';

/**
 * Everything kept about one person (docs/decisions/0078): their orders and seller requests, the seller accounts
 * made from those or under their email, the messages sent to them, their alerts, transfer requests, payments and
 * phone codes. The export file is this very answer. Messages are shown with their codes and links masked
 * (mask.ts), and the collection code is never part of it: a look-up must not be a way into an order or account.
 */
export async function findPersonalData(db: Executor, person: Person): Promise<PersonalData> {
  const orders = await db
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
  const codes = orders.map((o) => o.collection_code).filter((c): c is string => Boolean(c));
  const requests = await db
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
  const accounts = await sellerAccountsOf(
    db,
    person,
    requests.map((r) => r.seller_user_id),
  );
  const recipients = await recipientsOf(db, person, accounts);
  const messages = await db
    .selectFrom('outbox_messages')
    .select(['id', 'channel', 'recipient', 'subject', 'body', 'state', 'created_at'])
    .where((eb) =>
      eb.or([
        eb(sql<string>`lower(recipient)`, 'in', recipients),
        eb.and([eb('subject_type', '=', 'order'), eb('subject_id', 'in', [0, ...orders.map((o) => o.id)])]),
        eb.and([eb('subject_type', '=', 'seller_request'), eb('subject_id', 'in', [0, ...requests.map((r) => r.id)])]),
      ]),
    )
    .where('recipient', '<>', '')
    .orderBy('id')
    .execute();
  const phone = person.phone;
  const alerts = phone
    ? await db
        .selectFrom('alerts')
        .select(['id', 'kind', 'query', 'product_id', 'created_at', 'ended_at'])
        .where('phone', '=', phone)
        .orderBy('id')
        .execute()
    : [];
  const transfers = phone
    ? await db
        .selectFrom('stock_requests')
        .select(['id', 'product_id', 'buyer_name', 'phone', 'state', 'created_at'])
        .where('phone', '=', phone)
        .orderBy('id')
        .execute()
    : [];
  const payments = await db
    .selectFrom('money_transfers')
    .select(['id', 'kind', 'method', 'mobile', 'amount', 'status', 'created_at'])
    .where((eb) =>
      eb.or([
        ...(phone ? [eb('mobile', '=', phone)] : []),
        eb('order_id', 'in', [0, ...orders.map((o) => o.id)]),
        eb('seller_request_id', 'in', [0, ...requests.map((r) => r.id)]),
      ]),
    )
    .orderBy('id')
    .execute();
  const phoneCodes = phone
    ? await db
        .selectFrom('phone_codes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('phone', '=', phone)
        .executeTakeFirstOrThrow()
    : { n: 0 };
  const reports = phone
    ? await db
        .selectFrom('product_reports')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('phone', '=', phone)
        .executeTakeFirstOrThrow()
    : { n: 0 };
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
    phone_codes: Number(phoneCodes.n),
    listing_reports: Number(reports.n),
  };
}

/** Sellers' own accounts (role User, never staff) under the email or linked from the person's requests. */
export async function sellerAccountsOf(db: Executor, person: Person, linked: (number | null)[]) {
  const ids = linked.filter((id): id is number => id !== null);
  return db
    .selectFrom('users')
    .select(['id', 'email', 'display_name', 'status', 'created_at'])
    .where('role', '=', 'User')
    .where((eb) =>
      eb.or([
        eb('id', 'in', [0, ...ids]),
        ...(person.email !== undefined ? [eb(sql<string>`lower(email)`, '=', person.email)] : []),
      ]),
    )
    .orderBy('id')
    .execute();
}

/** The addresses messages to the person went to: the phone (as sent) or email, and their accounts' emails. */
export async function recipientsOf(db: Executor, person: Person, accounts: { email: string }[]) {
  const out = new Set<string>(accounts.map((a) => a.email.toLowerCase()));
  if (person.email) out.add(person.email);
  if (person.phone) {
    out.add(person.phone);
    // The SMS transports are given the number as stored on the order or request: the normalised one.
    const sent = await db
      .selectFrom('outbox_messages')
      .select('recipient')
      .distinct()
      .where('channel', '=', 'sms')
      .where('recipient', 'like', `%${person.phone.slice(4)}`)
      .execute();
    for (const r of sent) out.add(r.recipient);
  }
  return [...out];
}
