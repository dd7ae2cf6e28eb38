import type { Kysely } from 'kysely';

// A charge or payout whose operator disagrees with the number's prefix is refused unless staff said the number was
// ported (docs/decisions/0081): 1 records that they did, so a re-send or a retry of the same payout still goes.
// Frozen once landed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('money_transfers')
    .addColumn('network_override', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
