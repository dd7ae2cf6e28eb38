import type { Kysely } from 'kysely';
import type { Engine } from '../database.js';
import { notNull, withId } from './columns.js';

// Reservations nobody can hoard (docs/decisions/0035): each order remembers the client's address group
// (IPv4 address, IPv6 /64) and whether its phone was proved, so the caps count what a phone and a network
// hold; phone_codes keeps the codes sent to prove a phone, hashed.
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  const schema = db.schema;
  await schema.alterTable('orders').addColumn('client_group', 'varchar(64)').execute();
  await schema
    .alterTable('orders')
    .addColumn('phone_proved', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The caps and the 24-hour block read a phone's and a network's orders on every checkout.
  await schema.createIndex('orders_phone_idx').on('orders').columns(['phone', 'status']).execute();
  await schema.createIndex('orders_client_group_idx').on('orders').columns(['client_group', 'status']).execute();

  await withId(engine, schema.createTable('phone_codes'))
    .addColumn('phone', 'varchar(20)', notNull)
    .addColumn('code_hash', 'varchar(64)', notNull)
    .addColumn('client_group', 'varchar(64)', notNull)
    .addColumn('tries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'varchar(32)', notNull)
    .addColumn('used_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', notNull)
    .execute();
  await schema.createIndex('phone_codes_phone_idx').on('phone_codes').columns(['phone', 'created_at']).execute();
  await schema.createIndex('phone_codes_group_idx').on('phone_codes').columns(['client_group', 'created_at']).execute();
}
