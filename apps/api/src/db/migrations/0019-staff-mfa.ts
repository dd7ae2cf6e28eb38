import type { Kysely } from 'kysely';
import type { Engine } from '../database.js';
import { notNull, withId } from './columns.js';

// Staff's second factor (docs/decisions/0050). One row per user: the TOTP secret encrypted (AES-256-GCM under
// a key derived from the link key), confirmed_at null until the first code proved the app has it, and the time
// step of the last code accepted (a code works once). Recovery codes and login challenges are stored as their
// SHA-256 only.
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const schema = db.schema;
  await schema
    .createTable('second_factors')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_box', 'varchar(200)', notNull)
    .addColumn('created_at', 'varchar(32)', notNull)
    .addColumn('confirmed_at', 'varchar(32)')
    .addColumn('last_step', 'integer')
    .execute();

  await withId(engine, schema.createTable('recovery_codes'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('code_hash', 'varchar(64)', notNull)
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await schema.createIndex('recovery_codes_user_idx').on('recovery_codes').columns(['user_id']).execute();

  // The step between a right password and the code: no session until the code, 5 minutes, 5 tries.
  await withId(engine, schema.createTable('login_challenges'))
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(32)', notNull)
    .addColumn('expires_at', 'varchar(32)', notNull)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('used_at', 'varchar(32)')
    .execute();
  await schema.createIndex('login_challenges_expires_idx').on('login_challenges').columns(['expires_at']).execute();
}
