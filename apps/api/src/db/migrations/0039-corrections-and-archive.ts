import type { Kysely } from 'kysely';

// Issue 34 (docs/decisions/0082). A correction names the ledger entry it corrects, so the Money screen can show
// both together; the foreign key is safe because ledger rows are never deleted. A seller request that moved money
// cannot be deleted: staff archive it instead, and an archived request leaves the default list. Frozen once landed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('ledger_entries')
    .addColumn('corrects_id', 'integer', (c) => c.references('ledger_entries.id'))
    .execute();
  await db.schema.alterTable('seller_requests').addColumn('archived_at', 'varchar(32)').execute();
}
