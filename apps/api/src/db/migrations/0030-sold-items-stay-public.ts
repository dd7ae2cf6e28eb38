import { sql, type Kysely } from 'kysely';

// docs/decisions/0066: a sold item keeps its public page. Completing an order used to unpublish its items,
// so their shared links answered 'Product not found'; completion now leaves `published` alone. This puts
// back the items that completion unpublished and nothing touched since: their last change is the completion
// itself (updated_at = the order's completed_at). An item staff or reports unpublished after its sale, or a
// device found blacklisted, stays unpublished. products bump the catalogue version. Frozen once landed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    update products set published = 1
    where sold = 1 and published = 0 and hidden_by_reports = 0 and ceir <> 'non_compliant'
      and exists (
        select 1 from order_items oi join orders o on o.id = oi.order_id
        where oi.product_id = products.id and o.status = 'Completed' and o.completed_at = products.updated_at
      )`.execute(db);
}
