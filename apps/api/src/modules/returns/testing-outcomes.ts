import type { ConditionGrade, MobileMoney, ReturnKind } from '@marketplace/shared';
import type { Db } from '../../db/database.js';
import { addProduct } from '../../test/fixtures.js';

// States a return's outcome starts from, written straight to the tables: a completed order of one item, paid at the
// counter or by mobile money, and its return received at the counter (the steps before are R1's and R2's to test).

const AT = '2026-12-01T10:00:00.000Z';
let serial = 1;

export interface ReceivedReturn {
  shopId: number;
  price?: number;
  kind?: ReturnKind;
  /** How the order was paid: at the counter, or by a paid charge from `mobile`. */
  paid?: 'on_collection' | MobileMoney;
  mobile?: string;
  name?: string;
  /** The grade the item was sold with, and the one found at receive. */
  soldAs?: ConditionGrade;
  receivedAs?: ConditionGrade;
}

/** A received return of a completed order's only item; answers the ids a test needs. */
export async function receivedReturn(db: Db, r: ReceivedReturn) {
  const n = serial++;
  const price = r.price ?? 200_000;
  const paid = r.paid ?? 'on_collection';
  const name = r.name ?? 'Samsung Galaxy A54';
  const productId = await addProduct(db, {
    name,
    price,
    shopId: r.shopId,
    sold: true,
    condition: r.soldAs ?? 'good',
    images: 0,
  });
  const k = db.kysely;
  const order = await k
    .insertInto('orders')
    .values({
      number: `MW-T${String(n).padStart(4, '0')}`,
      token_hash: `token-${n}-${Math.random()}`,
      status: 'Completed',
      version: 5,
      shop_id: r.shopId,
      buyer_name: 'Chikondi Banda',
      phone: '+265991234567',
      email: null,
      fulfilment: 'collect',
      address: null,
      area: null,
      subtotal: price,
      delivery_fee: null,
      total: price,
      payment_method: paid === 'on_collection' ? 'cash' : paid,
      payment_reference: null,
      payment: paid,
      payment_status: paid === 'on_collection' ? 'not_required' : 'paid',
      expires_at: AT,
      completed_at: AT,
      created_at: AT,
      updated_at: AT,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const item = await k
    .insertInto('order_items')
    .values({ order_id: order.id, product_id: productId, name, price, image: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (paid !== 'on_collection')
    await k
      .insertInto('money_transfers')
      .values({
        kind: 'charge',
        transfer_id: `PAY-test-${n}`,
        order_id: order.id,
        method: paid,
        mobile: r.mobile ?? '+265991234567',
        amount: price,
        status: 'paid',
        reference: `PC-${n}`,
        created_at: AT,
        updated_at: AT,
        settled_at: AT,
      })
      .execute();
  const ret = await k
    .insertInto('returns')
    .values({
      reference: `R-T${String(n).padStart(4, '0')}`,
      order_id: order.id,
      order_item_id: item.id,
      product_id: productId,
      shop_id: r.shopId,
      kind: r.kind ?? 'return',
      reason: 'not_working',
      note: null,
      how_back: null,
      status: 'received',
      version: 1,
      address_group: '10.0.0.1',
      received_at: AT,
      condition: r.receivedAs ?? 'fair',
      created_at: AT,
      updated_at: AT,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: ret.id, orderId: order.id, productId, itemId: item.id, price, name };
}

/** A product in stock at the shop, as a replacement would be. */
export function stockItem(
  db: Db,
  p: { shopId: number; name?: string; price?: number; condition?: ConditionGrade; published?: boolean },
) {
  return addProduct(db, {
    name: p.name ?? 'Samsung Galaxy A54',
    price: p.price ?? 200_000,
    shopId: p.shopId,
    condition: p.condition ?? 'good',
    published: p.published ?? true,
    images: 1,
  });
}
