import type { Executor } from '../../../db/database.js';

// What buyers' offers (modules/offers, decision 0103) read of an item: whether it can take an offer, its price and
// its staff-only offer prices, and its shop. A hold (product_holds, orders' table) is read as a condition here.

/** An optional price column as a number (PostgreSQL's numeric arrives as a string). */
const money = (v: number | string | null) => (v === null ? null : Number(v));

/** The item an offer is made on, or undefined when there is no such product. */
export async function productForOffer(db: Executor, id: number) {
  const row = await db
    .selectFrom('products as p')
    .select((eb) => [
      'p.id',
      'p.name',
      'p.price',
      'p.published',
      'p.sold',
      'p.shop_id',
      'p.category_id',
      'p.transit_shop_id',
      'p.written_off_at',
      'p.floor_price',
      'p.accept_price',
      eb
        .exists(eb.selectFrom('product_holds as h').select('h.product_id').whereRef('h.product_id', '=', 'p.id'))
        .as('held'),
    ])
    .where('p.id', '=', id)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    ...row,
    price: Number(row.price),
    floor_price: money(row.floor_price),
    accept_price: money(row.accept_price),
    held: Boolean(row.held),
    /** Sold, held by an order, moving to another shop, unpublished or written off: no offers. */
    onSale: row.published === 1 && row.sold === 0 && !row.held && row.transit_shop_id === null && !row.written_off_at,
  };
}
export type ProductForOffer = NonNullable<Awaited<ReturnType<typeof productForOffer>>>;

/** The staff-only offer prices of these products (the back-office's product answers; never a public one). */
export async function offerPricesOf(db: Executor, ids: number[]) {
  const prices = new Map<number, { floor_price: number | null; accept_price: number | null }>();
  if (ids.length === 0) return prices;
  const rows = await db
    .selectFrom('products')
    .select(['id', 'floor_price', 'accept_price'])
    .where('id', 'in', ids)
    .execute();
  for (const r of rows) prices.set(r.id, { floor_price: money(r.floor_price), accept_price: money(r.accept_price) });
  return prices;
}
