import type { Executor } from '../../../db/database.js';

// The offers' figures of the dashboard (decision 0103), over offers made since a day, of one shop or all.

interface Scope {
  since: string;
  shopId?: number | undefined;
}

const offersSince = (db: Executor, { since, shopId }: Scope) => {
  const query = db.selectFrom('offers as f').where('f.created_at', '>=', since);
  return shopId === undefined ? query : query.where('f.shop_id', '=', shopId);
};

/** How many offers there are in each status. */
export function offersByStatus(db: Executor, scope: Scope) {
  return offersSince(db, scope)
    .select(['f.status', 'f.decline_reason', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['f.status', 'f.decline_reason'])
    .execute();
}

/** The items offered on most, with how many offers each had. */
export function mostOfferedItems(db: Executor, scope: Scope, limit: number) {
  return offersSince(db, scope)
    .innerJoin('products as p', 'p.id', 'f.product_id')
    .select(['f.product_id', 'p.name', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy(['f.product_id', 'p.name'])
    .orderBy('n', 'desc')
    .orderBy('f.product_id')
    .limit(limit)
    .execute();
}

/** Each agreed offer's listed and agreed price, with its item's category. */
export function agreedPrices(db: Executor, scope: Scope) {
  return offersSince(db, scope)
    .innerJoin('products as p', 'p.id', 'f.product_id')
    .leftJoin('categories as c', 'c.id', 'p.category_id')
    .select(['c.name as category', 'f.list_price', 'f.agreed_amount'])
    .where('f.status', 'in', ['accepted', 'ordered'])
    .where('f.agreed_amount', 'is not', null)
    .execute();
}
