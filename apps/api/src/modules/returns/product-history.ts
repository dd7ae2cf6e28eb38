import type { ProductHistory } from '@marketplace/shared';
import type { Executor } from '../../db/database.js';
import { HttpError } from '../../plugins/errors.js';
import { writeOffState } from '../products/index.js';
import { returnsOfProduct } from './repository/outcomes.js';

// An item's history after it came back (issue 38 part 3): derived, never stored apart: the order lines that sold it
// and the returns of it.

export const PRODUCT_NOT_FOUND = 'Product not found';

/** Orders' read of the lines that sold a product (passed in by app.ts, as the replacement's line is). */
export type SalesOfProduct = (db: Executor, productId: number) => Promise<ProductHistory['sales']>;

export async function productHistory(
  db: Executor,
  productId: number,
  salesOf: SalesOfProduct,
): Promise<ProductHistory> {
  const product = await writeOffState(db, productId);
  if (!product) throw new HttpError(404, PRODUCT_NOT_FOUND);
  const [sales, returns] = [await salesOf(db, productId), await returnsOfProduct(db, productId)];
  return {
    product_id: product.id,
    written_off_at: product.written_off_at,
    written_off_reason: product.written_off_reason,
    sales: sales.map((s) => ({ ...s, price: Number(s.price) })),
    returns: returns.map((r) => ({ ...r, refund_amount: r.refund_amount === null ? null : Number(r.refund_amount) })),
  };
}
