import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.js';
import { notNull } from './columns.js';

// docs/decisions/0014: catalogue queries whose cost does not grow with the catalogue.
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  await searchIndex(db, engine);
  await counters(db, engine);
  // Newest first within a category with id as the tie-breaker, so a category page walks the index in order
  // (SQLite keeps the rowid in every index; PostgreSQL needs id named).
  await db.schema
    .createIndex('products_category_created_idx')
    .on('products')
    .columns(['category_id', 'published', 'created_at', 'id'])
    .execute();
  await db.schema.dropIndex('products_category_idx').execute();
}

/**
 * The words of a product (name, description, category name), as the write path computes them, live in
 * `product_search.terms` on both engines; each engine indexes them natively: an FTS5 table with prefix
 * indexes on SQLite, a generated tsvector with a GIN index on PostgreSQL. Both take the words as given
 * (no stemming, no folding beyond the write path's lower-casing), so the engines match alike.
 */
async function searchIndex(db: Kysely<unknown>, engine: Engine) {
  await db.schema
    .createTable('product_search')
    .addColumn('product_id', 'integer', (c) => c.primaryKey().references('products.id').onDelete('cascade'))
    .addColumn('terms', 'text', notNull)
    .execute();
  if (engine === 'postgres') {
    await sql`alter table product_search add column document tsvector generated always as (array_to_tsvector(string_to_array(terms, ' '))) stored`.execute(
      db,
    );
    // fastupdate off: new rows go straight into the index instead of a pending list every search must scan.
    await sql`create index product_search_document_idx on product_search using gin (document) with (fastupdate = off)`.execute(
      db,
    );
  } else {
    // Contentless: the words live in product_search; the FTS table holds only the index, kept in step by
    // these triggers (deletes by rowid need contentless_delete, SQLite >= 3.43). 'ascii' splits on the
    // spaces between the stored words and folds nothing else; the prefix indexes serve short words.
    await sql`create virtual table product_search_fts using fts5(terms, content='', contentless_delete=1, tokenize='ascii', prefix='1 2 3')`.execute(
      db,
    );
    const add = 'insert into product_search_fts (rowid, terms) values (new.product_id, new.terms);';
    const remove = 'delete from product_search_fts where rowid = old.product_id;';
    await sql.raw(`create trigger product_search_insert after insert on product_search begin ${add} end`).execute(db);
    await sql
      .raw(`create trigger product_search_delete after delete on product_search begin ${remove} end`)
      .execute(db);
    await sql
      .raw(`create trigger product_search_update after update on product_search begin ${remove} ${add} end`)
      .execute(db);
  }
  // Public answers are made from these words too, so writing them bumps the catalogue version (0010's rule).
  if (engine === 'postgres') {
    await sql`create constraint trigger product_search_catalogue_version after insert or update or delete on product_search deferrable initially deferred for each row execute function bump_catalogue_version()`.execute(
      db,
    );
  } else {
    for (const op of ['insert', 'update', 'delete']) {
      await sql
        .raw(
          `create trigger product_search_${op}_catalogue_version after ${op} on product_search begin update catalogue_version set version = version + 1 where id = 1; end`,
        )
        .execute(db);
    }
  }
  const joined = engine === 'postgres' ? sql`string_agg(term, ' ')` : sql`group_concat(term, ' ')`;
  await sql`insert into product_search (product_id, terms) select product_id, ${joined} from product_terms group by product_id`.execute(
    db,
  );
  await db.schema.dropTable('product_terms').execute();
}

/**
 * product_counts: products per (category, published), category_id 0 standing for all products, kept by
 * triggers in the writing transaction, so a list's total is one row read instead of a count of every row.
 */
async function counters(db: Kysely<unknown>, engine: Engine) {
  await db.schema
    .createTable('product_counts')
    .addColumn('category_id', 'integer', notNull)
    .addColumn('published', 'integer', notNull)
    .addColumn('products', 'integer', notNull)
    .addPrimaryKeyConstraint('product_counts_pk', ['category_id', 'published'])
    .execute();
  await sql`insert into product_counts (category_id, published, products) select 0, published, count(*) from products group by published`.execute(
    db,
  );
  await sql`
    insert into product_counts (category_id, published, products)
    select category_id, published, count(*) from products where category_id is not null group by category_id, published`.execute(
    db,
  );

  if (engine === 'postgres') {
    await postgresCounters(db);
    return;
  }
  // SQLite (one writer, rows updated in place): a trigger per row. One product entering (+1) or leaving
  // (-1) the counts: the all-products row and its category's row.
  const change = (row: 'new' | 'old', delta: 1 | -1) =>
    ['0', `${row}.category_id`]
      .map(
        (category) =>
          `insert into product_counts (category_id, published, products) select ${category}, ${row}.published, ${delta} where ${category} is not null ` +
          `on conflict (category_id, published) do update set products = product_counts.products + ${delta};`,
      )
      .join('\n');
  await sql
    .raw(`create trigger products_counts_insert after insert on products begin ${change('new', 1)} end`)
    .execute(db);
  await sql
    .raw(`create trigger products_counts_delete after delete on products begin ${change('old', -1)} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger products_counts_update after update of published, category_id on products
       when old.published <> new.published or old.category_id is not new.category_id
       begin ${change('old', -1)} ${change('new', 1)} end`,
    )
    .execute(db);
}

/**
 * PostgreSQL: one trigger per statement, with the statement's rows as transition tables, adds each
 * count's net change once (a row trigger updating the same count row once per product made a 20,000
 * product import spend 10 s walking that row's versions). Count rows are locked from the statement to
 * commit, in key order, and only when a count changes (publishing, category, insert, delete; not a sale).
 */
async function postgresCounters(db: Kysely<unknown>) {
  const rows = (table: string, delta: 1 | -1) =>
    `select 0 as category_id, published, ${delta} as delta from ${table} union all ` +
    `select category_id, published, ${delta} from ${table} where category_id is not null`;
  const apply = (deltas: string) => `
    insert into product_counts (category_id, published, products)
    select category_id, published, sum(delta) from (${deltas}) d
    group by category_id, published having sum(delta) <> 0 order by category_id, published
    on conflict (category_id, published) do update set products = product_counts.products + excluded.products;`;
  await sql
    .raw(
      `create function count_products() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then ${apply(rows('new_rows', 1))}
        elsif tg_op = 'DELETE' then ${apply(rows('old_rows', -1))}
        else ${apply(`${rows('new_rows', 1)} union all ${rows('old_rows', -1)}`)}
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  const referencing = {
    insert: 'new table as new_rows',
    delete: 'old table as old_rows',
    update: 'new table as new_rows old table as old_rows',
  };
  for (const [op, tables] of Object.entries(referencing)) {
    await sql
      .raw(
        `create trigger products_counts_${op} after ${op} on products referencing ${tables} for each statement execute function count_products()`,
      )
      .execute(db);
  }
}
