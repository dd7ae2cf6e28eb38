import type { Kysely } from 'kysely';

// Shop staff (docs/decisions/0061): a back-office user bound to one shop. Only that role has a shop; a deleted
// shop leaves its staff with none, and a Shop staff user without a shop sees nothing.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('shop_id', 'integer', (c) => c.references('shops.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('users_shop_id').on('users').column('shop_id').execute();
}
