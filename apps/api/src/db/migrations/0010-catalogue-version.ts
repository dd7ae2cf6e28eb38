import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.js';

// docs/decisions/0013: the public catalogue is served from a cache keyed by a catalogue version. Every write to a table
// the public responses are made from bumps it in the writing transaction, by trigger, so no write path can
// forget to, and every server process sees the new version on its next read.
const TABLES = [
  'products',
  'product_images',
  'featured_products',
  'categories',
  'shops',
  'product_holds',
  'product_interests',
];

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('catalogue_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into catalogue_version (id, version) values (1, 1)`.execute(db);

  if (engine === 'postgres') {
    // Deferred to commit and once per transaction: taking the version row's lock at commit, when every
    // other lock is held already, cannot deadlock with a transaction waiting on a product row.
    await sql`
      create function bump_catalogue_version() returns trigger language plpgsql as $$
      begin
        if current_setting('catalogue.bumped', true) = 'yes' then return null; end if;
        perform set_config('catalogue.bumped', 'yes', true);
        update catalogue_version set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
    for (const table of TABLES) {
      await sql
        .raw(
          `create constraint trigger ${table}_catalogue_version after insert or update or delete on ${table} deferrable initially deferred for each row execute function bump_catalogue_version()`,
        )
        .execute(db);
    }
    return;
  }
  // SQLite: one writer at a time, so a trigger per statement kind is enough.
  for (const table of TABLES) {
    for (const op of ['insert', 'update', 'delete']) {
      await sql
        .raw(
          `create trigger ${table}_${op}_catalogue_version after ${op} on ${table} begin update catalogue_version set version = version + 1 where id = 1; end`,
        )
        .execute(db);
    }
  }
}
