import { sql, type Kysely } from 'kysely';

// One seller request becomes at most one product, as a constraint and not only through the
// request's version check. Duplicates (impossible through the API, but possible by hand) keep their link
// on the oldest product only; the index then holds it. NULLs (products not from a request) stay many.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update products set seller_request_id = null
    where seller_request_id is not null
      and id <> (select min(p.id) from products p where p.seller_request_id = products.seller_request_id)
  `.execute(db);
  await db.schema
    .createIndex('products_seller_request_key')
    .on('products')
    .column('seller_request_id')
    .unique()
    .execute();
}
