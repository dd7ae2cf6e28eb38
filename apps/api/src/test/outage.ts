import type { KyselyPlugin } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * The database as one server process sees it, which a test takes away (`state.down = true`) and brings back:
 * every query and catalogue version read fails as a refused connection does (db/faults.ts: 'unreachable'),
 * on either engine, while the test's own `db` keeps working.
 */
export function withOutage(db: Db) {
  const state = { down: false };
  const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
  const plugin: KyselyPlugin = {
    transformQuery: (args) => {
      if (state.down) throw refused();
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  const away: Db = {
    ...db,
    kysely: db.kysely.withPlugin(plugin),
    ping: () => (state.down ? Promise.reject(refused()) : db.ping()),
    catalogueVersion: () => (state.down ? Promise.reject(refused()) : db.catalogueVersion()),
    catalogueStamp: () => (state.down ? Promise.reject(refused()) : db.catalogueStamp()),
    catalogueChanges: (after, upTo) => (state.down ? Promise.reject(refused()) : db.catalogueChanges(after, upTo)),
  };
  return { db: away, state };
}
