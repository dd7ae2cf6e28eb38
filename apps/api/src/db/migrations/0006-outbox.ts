import type { Kysely } from 'kysely';
import type { Engine } from '../database.js';
import { notNull, withId } from './columns.js';

// Messages to sellers and buyers (docs/decisions/0009): written in the same transaction as the action that causes
// them, delivered later by the outbox worker. Rows are never deleted, so staff see every message.
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const schema = db.schema;
  await withId(engine, schema.createTable('outbox_messages'))
    .addColumn('channel', 'varchar(10)', notNull)
    .addColumn('recipient', 'varchar(254)', notNull)
    .addColumn('subject', 'varchar(200)')
    .addColumn('body', 'text', notNull)
    // What the message is about ('seller_request', 12), so its page can list the messages.
    .addColumn('subject_type', 'varchar(40)', notNull)
    .addColumn('subject_id', 'integer', notNull)
    .addColumn('state', 'varchar(15)', notNull)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // When the worker may next take it: the retry time while pending, the lease's end while sending.
    .addColumn('next_attempt_at', 'varchar(32)', notNull)
    .addColumn('last_error', 'varchar(300)')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'varchar(32)', notNull)
    .addColumn('sent_at', 'varchar(32)')
    .execute();
  // The worker's due query: pending or sending rows by time; sent rows (most of them) stay out of its way.
  await schema.createIndex('outbox_due_idx').on('outbox_messages').columns(['state', 'next_attempt_at']).execute();
  await schema
    .createIndex('outbox_subject_idx')
    .on('outbox_messages')
    .columns(['subject_type', 'subject_id', 'id'])
    .execute();
}
