import type { Kysely } from 'kysely';

// The gateway's fee exactly as it printed it, in tambala (a payout of MK 50 costs MK 50.75: "0.75" is 75). The
// ledger keeps whole kwacha, so its fee row is this rounded (docs/decisions/0079); the exact figure stays here for
// reconciling with PayChangu's statement. Null when the gateway named no fee. Frozen once landed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('money_transfers').addColumn('fee_tambala', 'bigint').execute();
}
