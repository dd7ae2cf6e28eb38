import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.js';

// docs/decisions/0098: a buyer's ask to bring an item to another shop is a stock request, named apart from the
// money transfers (money_transfers, the ledger's). Only names change: the table and its three indexes keep their
// columns, rows and key order. Frozen once landed.
const INDEXES = [
  ['transfer_requests_phone', 'stock_requests_phone', ['phone', 'state']],
  ['transfer_requests_open', 'stock_requests_open', ['state', 'created_at']],
  ['transfer_requests_address', 'stock_requests_address', ['address_group', 'state']],
] as const;

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema.alterTable('transfer_requests').renameTo('stock_requests').execute();
  for (const [from, to, columns] of INDEXES) {
    if (engine === 'postgres') {
      await sql`alter index ${sql.id(from)} rename to ${sql.id(to)}`.execute(db);
    } else {
      // SQLite has no index rename: the index is made again under its new name, the same columns.
      await db.schema.dropIndex(from).execute();
      await db.schema
        .createIndex(to)
        .on('stock_requests')
        .columns([...columns])
        .execute();
    }
  }
  if (engine === 'postgres') {
    // The key's sequence and the constraints PostgreSQL named after the table follow it, so the schema a dump
    // shows names no transfer.
    await sql`alter sequence transfer_requests_id_seq rename to stock_requests_id_seq`.execute(db);
    for (const suffix of ['pkey', 'state_check', 'product_id_fkey', 'to_shop_id_fkey']) {
      const [from, to] = [`transfer_requests_${suffix}`, `stock_requests_${suffix}`];
      await sql`alter table stock_requests rename constraint ${sql.id(from)} to ${sql.id(to)}`.execute(db);
    }
  }
}
