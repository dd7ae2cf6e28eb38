import type { Migration, MigrationProvider } from 'kysely';
import type { Kysely } from 'kysely';
import type { Engine } from '../database.js';
import * as m0001 from './0001-initial.js';
import * as m0002 from './0002-login-attempts.js';
import * as m0003 from './0003-orders.js';
import * as m0004 from './0004-order-request-key.js';
import * as m0005 from './0005-seller-status.js';
import * as m0006 from './0006-outbox.js';
import * as m0007 from './0007-settings.js';
import * as m0008 from './0008-seller-accounts.js';
import * as m0009 from './0009-one-product-per-request.js';
import * as m0010 from './0010-catalogue-version.js';
import * as m0011 from './0011-catalogue-queries.js';
import * as m0012 from './0012-forgiving-search.js';
import * as m0013 from './0013-condition-grade.js';

// A static list (not a folder scan) so the bundled server carries its migrations with it.
const migrations: Record<string, { up: (db: Kysely<unknown>, engine: Engine) => Promise<void> }> = {
  '0001-initial': m0001,
  '0002-login-attempts': m0002,
  '0003-orders': m0003,
  '0004-order-request-key': m0004,
  '0005-seller-status': m0005,
  '0006-outbox': m0006,
  '0007-settings': m0007,
  '0008-seller-accounts': m0008,
  '0009-one-product-per-request': m0009,
  '0010-catalogue-version': m0010,
  '0011-catalogue-queries': m0011,
  '0012-forgiving-search': m0012,
  '0013-condition-grade': m0013,
};

export function migrationProvider(engine: Engine): MigrationProvider {
  return {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, m] of Object.entries(migrations)) out[name] = { up: (db) => m.up(db, engine) };
      return out;
    },
  };
}
