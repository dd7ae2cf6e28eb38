import type { Kysely } from 'kysely';

// Issue 35 (docs/decisions/0084). Every SMS counts against an hourly budget and a daily one per number: budget_at is
// when a message was let through (a phone code when asked for, any other SMS when the worker takes it), so the
// database counts what every process spent. staff_id names the staff member whose action caused a message (no
// foreign key: a staff account may be deleted, its messages stay); theirs are not held by the per-number cap.
// Frozen once landed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('outbox_messages').addColumn('budget_at', 'varchar(32)').execute();
  await db.schema.alterTable('outbox_messages').addColumn('staff_id', 'integer').execute();
  // The budget's counts: a channel's spending in the last hour, and one number's in the last day.
  await db.schema.createIndex('outbox_budget_idx').on('outbox_messages').columns(['channel', 'budget_at']).execute();
  await db.schema
    .createIndex('outbox_recipient_budget_idx')
    .on('outbox_messages')
    .columns(['recipient', 'budget_at'])
    .execute();
}
