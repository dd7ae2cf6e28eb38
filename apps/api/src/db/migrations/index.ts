import type { Migration, MigrationProvider } from 'kysely/migration';
import type { Engine } from '../database.js';
import type { MigrationFn } from './columns.js';
import { up as m0001 } from './0001-initial.js';
import { up as m0002 } from './0002-login-attempts.js';
import { up as m0003 } from './0003-orders.js';
import { up as m0004 } from './0004-order-request-key.js';
import { up as m0005 } from './0005-seller-status.js';
import { up as m0006 } from './0006-outbox.js';
import { up as m0007 } from './0007-settings.js';
import { up as m0008 } from './0008-seller-accounts.js';
import { up as m0009 } from './0009-one-product-per-request.js';
import { up as m0010 } from './0010-catalogue-version.js';
import { up as m0011 } from './0011-catalogue-queries.js';
import { up as m0012 } from './0012-forgiving-search.js';
import { up as m0013 } from './0013-condition-grade.js';
import { up as m0014 } from './0014-reservation-limits.js';
import { up as m0015 } from './0015-email-links.js';
import { up as m0016 } from './0016-watchers-apart.js';
import { up as m0017 } from './0017-ledger.js';
import { up as m0018 } from './0018-money-transfers.js';
import { up as m0019 } from './0019-staff-mfa.js';
import { up as m0020 } from './0020-seller-request-language.js';
import { up as m0021 } from './0021-seller-request-category.js';
import { up as m0022 } from './0022-product-reports.js';
import { up as m0023 } from './0023-device-imei.js';
import { up as m0024 } from './0024-collection-code.js';
import { up as m0025 } from './0025-buyer-messages.js';
import { up as m0026 } from './0026-shop-staff.js';
import { up as m0027 } from './0027-stock-moves.js';
import { up as m0028 } from './0028-transfer-language.js';
import { up as m0030 } from './0030-sold-items-stay-public.js';
import { up as m0031 } from './0031-brand-storage-memory.js';
import { up as m0032 } from './0032-alerts.js';
import { up as m0033 } from './0033-coach-delivery.js';
import { up as m0035 } from './0035-sell-request-id.js';
import { up as m0036 } from './0036-transfer-fee-tambala.js';
import { up as m0038 } from './0038-network-override.js';
import { up as m0039 } from './0039-corrections-and-archive.js';
import { up as m0040 } from './0040-told-placed.js';
import { up as m0041 } from './0041-sms-budget.js';
import { up as m0042 } from './0042-second-factor-lock.js';
import { up as m0043 } from './0043-proved-reports-and-account-links.js';
import { up as m0044 } from './0044-ledger-no-truncate.js';
import { up as m0046 } from './0046-catalogue-changes.js';
import { up as m0047 } from './0047-stock-requests.js';
import { up as m0048 } from './0048-returns.js';
import { up as m0049 } from './0049-offers.js';

// A static list (not a folder scan) so the bundled server carries its migrations with it.
const migrations: Record<string, MigrationFn> = {
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
  '0014-reservation-limits': m0014,
  '0015-email-links': m0015,
  '0016-watchers-apart': m0016,
  '0017-ledger': m0017,
  '0018-money-transfers': m0018,
  '0019-staff-mfa': m0019,
  '0020-seller-request-language': m0020,
  '0021-seller-request-category': m0021,
  '0022-product-reports': m0022,
  '0023-device-imei': m0023,
  '0024-collection-code': m0024,
  '0025-buyer-messages': m0025,
  '0026-shop-staff': m0026,
  '0027-stock-moves': m0027,
  '0028-transfer-language': m0028,
  '0030-sold-items-stay-public': m0030,
  '0031-brand-storage-memory': m0031,
  '0032-alerts': m0032,
  '0033-coach-delivery': m0033,
  '0035-sell-request-id': m0035,
  '0036-transfer-fee-tambala': m0036,
  '0038-network-override': m0038,
  '0039-corrections-and-archive': m0039,
  '0040-told-placed': m0040,
  '0041-sms-budget': m0041,
  '0042-second-factor-lock': m0042,
  '0043-proved-reports-and-account-links': m0043,
  '0044-ledger-no-truncate': m0044,
  '0046-catalogue-changes': m0046,
  '0047-stock-requests': m0047,
  '0048-returns': m0048,
  '0049-offers': m0049,
};

export function migrationProvider(engine: Engine): MigrationProvider {
  return {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const [name, up] of Object.entries(migrations)) out[name] = { up: (db) => up(db, engine) };
      return out;
    },
  };
}
