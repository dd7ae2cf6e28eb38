import { sql } from 'kysely';
import { readSetting, writeSetting } from '../../../db/app-settings.js';
import { nowIso, type Db } from '../../../db/database.js';
import { indexProductSearch } from './search.js';

/**
 * The version of the words termsOf writes. Change it whenever termsOf changes what it writes: the next
 * server to start rewrites every product's words once (migrations cannot, being frozen while code moves).
 */
export const SEARCH_TERMS_VERSION = '2';
const SETTING = 'search_terms_version';
/** The advisory lock key of the rewrite on PostgreSQL: any constant, the same in every process. */
const REINDEX_LOCK = 728_465_012;

/**
 * Rewrites every product's search words when they were written by another version of termsOf. One
 * transaction, so searches see the old words or the new, and processes starting together do it once.
 */
export async function reindexSearchIfStale(db: Db): Promise<void> {
  if ((await readSetting(db.kysely, SETTING)) === SEARCH_TERMS_VERSION) return;
  await db.kysely.transaction().execute(async (trx) => {
    if (db.engine === 'postgres') await sql`select pg_advisory_xact_lock(${REINDEX_LOCK})`.execute(trx);
    if ((await readSetting(trx, SETTING)) === SEARCH_TERMS_VERSION) return;
    const ids = (await trx.selectFrom('products').select('id').orderBy('id').execute()).map((r) => r.id);
    await indexProductSearch(trx, ids);
    await writeSetting(trx, SETTING, SEARCH_TERMS_VERSION, nowIso());
  });
}
