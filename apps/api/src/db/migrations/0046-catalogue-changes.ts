import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.js';

// docs/decisions/0089: a catalogue write still bumps the one catalogue version (0010), which every request
// reads, and now also records what it changed in `catalogue_changes`: one row per tag at the version it made.
// A process that sees the version move reads the tags since the last version it knew and drops only the
// cached answers that depend on them. Frozen once landed.
//
// Tags (plugins/catalogue-tags.ts reads them):
//   p<id>  the product's own answer: its row, pictures, hold (reserved or not), sold
//   c<id>  which products the lists of category <id> hold, their order and totals (c0: no category)
//   a<id>  which products category <id>'s lists of available items hold (a hold taken or let go)
//   o<id>  a product of category <id> sold (or back on sale): its available lists and the storefront's categories
//   s      the search words of some product      f  the featured items      *  everything (categories, shops)

/** Keep the tags of this many versions; a process further behind drops all it holds (decision 0089). */
const KEPT_VERSIONS = 20_000;

/** The product columns a list filters or sorts on (list-slices.ts): a change moves it between lists. */
const LIST_COLUMNS = [
  'published',
  'category_id',
  'price',
  'created_at',
  'location',
  'shop_id',
  'condition',
  'brand',
  'storage_gb',
  'ram_gb',
];

const TABLES = [
  'products',
  'product_images',
  'featured_products',
  'categories',
  'shops',
  'product_holds',
  'product_search',
];

export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await db.schema
    .createTable('catalogue_changes')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('tag', 'varchar(24)', (c) => c.notNull())
    .addPrimaryKeyConstraint('catalogue_changes_pk', ['version', 'tag'])
    .execute();
  if (engine === 'postgres') await postgres(db);
  else await sqlite(db);
}

async function postgres(db: Kysely<unknown>) {
  for (const table of TABLES) await sql.raw(`drop trigger ${table}_catalogue_version on ${table}`).execute(db);
  const moved = LIST_COLUMNS.map((c) => `new.${c} is distinct from old.${c}`).join(' or ');
  // As 0010's bump: deferred to commit, the version bumped once per transaction, when every other lock is held;
  // each row's event then adds its tags at that version. Versions commit in order (the version row's lock is
  // held to commit), so a reader that sees version V sees the tags of every version up to V.
  await sql
    .raw(
      `
    create function note_catalogue_change() returns trigger language plpgsql as $$
    declare
      v integer := nullif(current_setting('catalogue.version', true), '')::integer;
      tags text[] := '{}';
      category text;
    begin
      if v is null then
        update catalogue_version set version = version + 1 where id = 1 returning version into v;
        perform set_config('catalogue.version', v::text, true);
        delete from catalogue_changes where version <= v - ${KEPT_VERSIONS};
      end if;
      if tg_table_name = 'products' then
        if tg_op = 'INSERT' then
          tags := array['p' || new.id, 'c' || coalesce(new.category_id, 0)];
        elsif tg_op = 'DELETE' then
          tags := array['p' || old.id, 'c' || coalesce(old.category_id, 0), 'f'];
        else
          tags := array['p' || new.id];
          if ${moved} then
            tags := tags || array['c' || coalesce(old.category_id, 0), 'c' || coalesce(new.category_id, 0)];
          elsif new.sold is distinct from old.sold then
            tags := tags || ('o' || coalesce(new.category_id, 0));
          end if;
          if (new.published is distinct from old.published or new.sold is distinct from old.sold)
            and exists (select 1 from featured_products where product_id = new.id) then
            tags := tags || 'f'::text;
          end if;
        end if;
      elsif tg_table_name = 'product_images' then
        tags := array['p' || coalesce(new.product_id, old.product_id)];
      elsif tg_table_name = 'product_holds' then
        select 'a' || coalesce(category_id, 0) into category from products
          where id = coalesce(new.product_id, old.product_id);
        tags := array['p' || coalesce(new.product_id, old.product_id), coalesce(category, 'a0')];
      elsif tg_table_name = 'product_search' then
        tags := array['s'];
      elsif tg_table_name = 'featured_products' then
        tags := array['f'];
      else
        tags := array['*'];
      end if;
      insert into catalogue_changes (version, tag) select v, unnest(tags) on conflict do nothing;
      return null;
    end $$`,
    )
    .execute(db);
  for (const table of TABLES)
    await sql
      .raw(
        `create constraint trigger ${table}_catalogue_change after insert or update or delete on ${table} deferrable initially deferred for each row execute function note_catalogue_change()`,
      )
      .execute(db);
}

/** SQLite: one writer at a time; each row's trigger bumps the version and adds its tags at the new version. */
async function sqlite(db: Kysely<unknown>) {
  const bump = 'update catalogue_version set version = version + 1 where id = 1;';
  const prune = `delete from catalogue_changes where version <= (select version from catalogue_version where id = 1) - ${KEPT_VERSIONS};`;
  const note = (tags: string) =>
    `insert or ignore into catalogue_changes (version, tag) select (select version from catalogue_version where id = 1), tag from (${tags}) where tag is not null;`;
  const moved = LIST_COLUMNS.map((c) => `new.${c} is not old.${c}`).join(' or ');
  const featured = '(select 1 from featured_products where product_id = new.id)';
  const bodies: Record<string, Partial<Record<'insert' | 'update' | 'delete', string>>> = {
    products: {
      insert: note(`select 'p' || new.id as tag union all select 'c' || coalesce(new.category_id, 0)`),
      delete: note(
        `select 'p' || old.id as tag union all select 'c' || coalesce(old.category_id, 0) union all select 'f'`,
      ),
      update: note(
        `select 'p' || new.id as tag
         union all select 'c' || coalesce(old.category_id, 0) where ${moved}
         union all select 'c' || coalesce(new.category_id, 0) where ${moved}
         union all select 'o' || coalesce(new.category_id, 0) where not (${moved}) and new.sold is not old.sold
         union all select 'f' where (new.published is not old.published or new.sold is not old.sold) and exists ${featured}`,
      ),
    },
    product_images: {
      insert: note(`select 'p' || new.product_id as tag`),
      update: note(`select 'p' || new.product_id as tag union all select 'p' || old.product_id`),
      delete: note(`select 'p' || old.product_id as tag`),
    },
    product_holds: {
      insert: note(
        `select 'p' || new.product_id as tag union all select 'a' || coalesce((select category_id from products where id = new.product_id), 0)`,
      ),
      update: note(
        `select 'p' || new.product_id as tag union all select 'a' || coalesce((select category_id from products where id = new.product_id), 0)`,
      ),
      delete: note(
        `select 'p' || old.product_id as tag union all select 'a' || coalesce((select category_id from products where id = old.product_id), 0)`,
      ),
    },
  };
  const whole = (tag: string) => note(`select '${tag}' as tag`);
  for (const table of TABLES) {
    for (const op of ['insert', 'update', 'delete'] as const) {
      await sql.raw(`drop trigger ${table}_${op}_catalogue_version`).execute(db);
      const tags =
        bodies[table]?.[op] ?? whole(table === 'product_search' ? 's' : table === 'featured_products' ? 'f' : '*');
      await sql
        .raw(
          `create trigger ${table}_${op}_catalogue_change after ${op} on ${table} begin ${bump} ${prune} ${tags} end`,
        )
        .execute(db);
    }
  }
}
