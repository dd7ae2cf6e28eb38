import { sql, type Kysely } from 'kysely';
import type { Engine } from '../database.js';

// docs/decisions/0027 and 0028: search that forgives, ranked by where it matched, and
// lists sorted by price. The words themselves are rewritten by the server at start-up (search-index.ts),
// because they come from code (stems, split model codes) that a frozen migration must not import.
export async function up(db: Kysely<unknown>, engine: Engine): Promise<void> {
  // Migrations run in one transaction on PostgreSQL: 0011's rows left deferred catalogue-version triggers
  // pending on product_search, and a table with pending trigger events cannot be altered. Fire them now.
  if (engine === 'postgres') await sql`set constraints all immediate`.execute(db);
  // The words of the name and category alone: a match there ranks above one in the description only.
  await db.schema
    .alterTable('product_search')
    .addColumn('name_terms', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  if (engine === 'postgres') {
    await sql`alter table product_search add column name_document tsvector generated always as (array_to_tsvector(string_to_array(name_terms, ' '))) stored`.execute(
      db,
    );
    await sql`create index product_search_name_document_idx on product_search using gin (name_document) with (fastupdate = off)`.execute(
      db,
    );
  } else {
    // FTS5 cannot add a column: the index is made again with two (name_terms, terms), same settings as 0011.
    for (const op of ['insert', 'update', 'delete']) await sql.raw(`drop trigger product_search_${op}`).execute(db);
    await sql`drop table product_search_fts`.execute(db);
    await sql`create virtual table product_search_fts using fts5(name_terms, terms, content='', contentless_delete=1, tokenize='ascii', prefix='1 2 3')`.execute(
      db,
    );
    const add =
      'insert into product_search_fts (rowid, name_terms, terms) values (new.product_id, new.name_terms, new.terms);';
    const remove = 'delete from product_search_fts where rowid = old.product_id;';
    await sql.raw(`create trigger product_search_insert after insert on product_search begin ${add} end`).execute(db);
    await sql
      .raw(`create trigger product_search_delete after delete on product_search begin ${remove} end`)
      .execute(db);
    await sql
      .raw(`create trigger product_search_update after update on product_search begin ${remove} ${add} end`)
      .execute(db);
    await sql`insert into product_search_fts (rowid, name_terms, terms) select product_id, name_terms, terms from product_search`.execute(
      db,
    );
  }

  // Every word ever indexed: what a misspelt word is corrected to. Byte order ("C") on PostgreSQL so a
  // prefix is a range of the primary key as on SQLite; trigram distance (pg_trgm, GiST) finds near words.
  if (engine === 'postgres') {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create table search_words (word varchar(64) collate "C" primary key)`.execute(db);
    await sql`create index search_words_trigram_idx on search_words using gist (word gist_trgm_ops)`.execute(db);
  } else {
    await sql`create table search_words (word varchar(64) primary key)`.execute(db);
  }

  // Price order (the price buyers see and pay), walked like the newest-first indexes.
  await db.schema
    .createIndex('products_published_price_idx')
    .on('products')
    .columns(['published', 'price', 'id'])
    .execute();
  await db.schema
    .createIndex('products_category_price_idx')
    .on('products')
    .columns(['category_id', 'published', 'price', 'id'])
    .execute();
  if (engine === 'postgres') await sql`set constraints all deferred`.execute(db);
}
