import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.js';

// docs/decisions/0046: watching an item no longer bumps the catalogue version (every process's whole page cache
// went stale with each tap). Watcher counts get a version of their own, which only cached answers that show a
// count are checked against, and each watcher row records the address group it came from, for the limit on
// how many watchers one address adds to a product per day. Frozen once landed.
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('watchers_version')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into watchers_version (id, version) values (1, 1)`.execute(db);
  await db.schema.alterTable('product_interests').addColumn('address_group', 'varchar(64)').execute();
  await db.schema
    .createIndex('product_interests_address_day')
    .on('product_interests')
    .columns(['product_id', 'address_group', 'created_at'])
    .execute();

  if (engine === 'postgres') {
    await sql`drop trigger product_interests_catalogue_version on product_interests`.execute(db);
    // As bump_catalogue_version (0010): once per transaction, at commit.
    await sql`
      create function bump_watchers_version() returns trigger language plpgsql as $$
      begin
        if current_setting('watchers.bumped', true) = 'yes' then return null; end if;
        perform set_config('watchers.bumped', 'yes', true);
        update watchers_version set version = version + 1 where id = 1;
        return null;
      end $$`.execute(db);
    await sql`create constraint trigger product_interests_watchers_version after insert or update or delete on product_interests deferrable initially deferred for each row execute function bump_watchers_version()`.execute(
      db,
    );
    return;
  }
  for (const op of ['insert', 'update', 'delete']) {
    await sql.raw(`drop trigger product_interests_${op}_catalogue_version`).execute(db);
    await sql
      .raw(
        `create trigger product_interests_${op}_watchers_version after ${op} on product_interests begin update watchers_version set version = version + 1 where id = 1; end`,
      )
      .execute(db);
  }
}
