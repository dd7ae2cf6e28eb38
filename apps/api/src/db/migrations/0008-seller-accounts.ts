import type { Kysely } from 'kysely';

// docs/decisions/0011: a seller request may belong to a seller account (role User). Deleting the account
// keeps the request: it only loses its owner.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('seller_requests')
    .addColumn('seller_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('seller_requests_owner_idx')
    .on('seller_requests')
    .columns(['seller_user_id', 'created_at'])
    .execute();
}
