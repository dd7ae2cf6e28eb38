// Many products at once for the paging, counting and query-plan tests, through the repositories' own
// search indexing (fixtures.ts adds one product at a time, with pictures, which is too slow for thousands).
import type { Db } from '../../db/database.js';
import { indexProductSearch } from './repository/search.js';

export interface BulkProduct {
  name: string;
  createdAt: string;
  categoryId?: number | null;
  published?: boolean;
}

/** The products' ids, in the order given. */
export async function addProducts(db: Db, products: BulkProduct[]): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < products.length; start += 500) {
    const rows = await db.kysely
      .insertInto('products')
      .values(
        products.slice(start, start + 500).map((p) => ({
          name: p.name,
          description: null,
          price: 1000,
          sale_price: null,
          currency: 'MWK',
          location: null,
          shop_id: null,
          category_id: p.categoryId ?? null,
          published: p.published === false ? 0 : 1,
          sold: 0,
          seller_request_id: null,
          created_at: p.createdAt,
          updated_at: p.createdAt,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  await indexProductSearch(db.kysely, ids);
  return ids;
}

/** A creation time `minutes` after a fixed start, so tests can make ties on purpose. */
export const minute = (minutes: number) => new Date(Date.UTC(2026, 1, 1) + minutes * 60_000).toISOString();
