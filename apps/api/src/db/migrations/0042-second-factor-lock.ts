import type { Kysely } from 'kysely';

// Issue 35 (docs/decisions/0085). A second factor counts the wrong codes typed in a row, across challenges, and
// is locked at 10 until an Admin or the owner's emailed link unlocks it (auth/second-factor-lock.ts). Each try
// is claimed on the row before the code is judged, so parallel codes cannot pass the count. Frozen once landed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('second_factors')
    .addColumn('failed_codes', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('second_factors').addColumn('locked_at', 'varchar(32)').execute();
}
