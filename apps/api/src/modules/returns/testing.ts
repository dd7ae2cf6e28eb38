import type { Language, ReturnKind, ReturnStatus } from '@marketplace/shared';
import type { Db } from '../../db/database.js';
import { addProduct } from '../../test/fixtures.js';

// Requests set up straight in the database, as the buyer's ask (another helper's route) would leave them.

let serial = 0;
const at = '2026-03-02T09:00:00.000Z';

export interface AskedReturn {
  returnId: number;
  orderId: number;
  itemId: number;
  productId: number;
  reference: string;
  number: string;
}

/**
 * A completed order of one sold product of `shopId` (with `imei` recorded at intake, when given) and a return
 * asked on it, in `status` (requested unless given).
 */
export async function askedReturn(
  db: Db,
  {
    shopId,
    imei,
    status = 'requested',
    kind = 'return',
    language = 'en',
    phone = '0999 123 456',
  }: {
    shopId: number;
    imei?: string;
    status?: ReturnStatus;
    kind?: ReturnKind;
    language?: Language;
    phone?: string;
  },
): Promise<AskedReturn> {
  const n = ++serial;
  const name = `Returned phone ${n}`;
  const productId = await addProduct(db, { name, price: 150_000, shopId, sold: true, condition: 'good' });
  if (imei) await db.kysely.insertInto('device_imeis').values({ imei, product_id: productId, position: 0 }).execute();
  const number = `MW-R${String(n).padStart(3, '0')}${Math.random().toString(36).slice(2, 5).toUpperCase()}`;
  const order = await db.kysely
    .insertInto('orders')
    .values({
      number,
      token_hash: `token-${number}`,
      status: 'Completed',
      version: 4,
      shop_id: shopId,
      buyer_name: 'Chikondi Banda',
      phone,
      email: null,
      fulfilment: 'collect',
      address: null,
      area: null,
      subtotal: 150_000,
      delivery_fee: null,
      total: 150_000,
      payment_method: 'cash',
      payment_reference: null,
      expires_at: at,
      completed_at: at,
      created_at: at,
      updated_at: at,
      language,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const item = await db.kysely
    .insertInto('order_items')
    .values({ order_id: order.id, product_id: productId, name, price: 150_000, image: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const reference = `R${number.slice(4)}`;
  const created = new Date(Date.parse(at) + n * 60_000).toISOString();
  const row = await db.kysely
    .insertInto('returns')
    .values({
      reference,
      order_id: order.id,
      order_item_id: item.id,
      product_id: productId,
      shop_id: shopId,
      kind,
      reason: 'not_working',
      note: 'It stopped charging on day 5',
      how_back: null,
      status,
      address_group: '10.0.0.1',
      created_at: created,
      updated_at: created,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { returnId: row.id, orderId: order.id, itemId: item.id, productId, reference, number };
}

/** The SMS written about an order, oldest first. */
export async function smsAbout(db: Db, orderId: number) {
  const rows = await db.kysely
    .selectFrom('outbox_messages')
    .select(['recipient', 'body', 'staff_id'])
    .where('subject_type', '=', 'order')
    .where('subject_id', '=', orderId)
    .where('channel', '=', 'sms')
    .orderBy('id')
    .execute();
  return rows;
}
