import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellerReferencePattern } from '@marketplace/shared';
import { createTestDb, engines, type TestDb } from '../../test/databases.js';
import { migrateToLatest } from '../migrate.js';
import { migrationProvider } from './index.js';

describe.each(engines)('migration 0005-seller-status on existing requests [%s]', (engine) => {
  let t: TestDb;
  const before = Date.now();
  beforeAll(async () => {
    t = await createTestDb(engine, { migrate: false });
    const migrator = new Migrator({ db: t.db.kysely, provider: migrationProvider(engine) });
    const { error } = await migrator.migrateTo('0004-order-request-key');
    if (error) throw error;
    // Requests as the earlier releases stored them: no reference, no link, events without "by".
    type Old = {
      seller_requests: Record<string, string | number | null>;
      seller_request_events: {
        seller_request_id: number;
        action: string;
        from_status: string | null;
        to_status: string;
        reason: null;
        actor_id: number | null;
        created_at: string;
      };
    };
    const old = t.db.kysely as unknown as Kysely<Old>;
    const at = '2026-01-01T00:00:00.000Z';
    const row = (status: string, phone: string) => ({
      seller_name: 'Thoko',
      email: 'thoko@example.mw',
      phone,
      item_name: 'TV',
      description: 'Works',
      price: 100000,
      location: 'Zomba',
      status,
      notify_on_offer: 1,
      terms_accepted: 1,
      create_seller_account: 0,
      version: 1,
      created_by: null,
      created_at: at,
      updated_at: at,
    });
    await old
      .insertInto('seller_requests')
      .values([row('Pending', '+265 (0) 999-123 456'), row('Offer Pending', '0888 765 432')])
      .execute();
    await old
      .insertInto('seller_request_events')
      .values([
        {
          seller_request_id: 1,
          action: 'submitted',
          from_status: null,
          to_status: 'Pending',
          reason: null,
          actor_id: null,
          created_at: at,
        },
        {
          seller_request_id: 2,
          action: 'submitted',
          from_status: null,
          to_status: 'Pending',
          reason: null,
          actor_id: null,
          created_at: at,
        },
        {
          seller_request_id: 2,
          action: 'offer',
          from_status: 'Pending',
          to_status: 'Offer Pending',
          reason: null,
          actor_id: null,
          created_at: at,
        },
      ])
      .execute();
    await migrateToLatest(t.db);
  });
  afterAll(() => t.dispose());

  it('gives old requests distinct references, unusable link hashes, phone keys, and open offers a week', async () => {
    const rows = await t.db.kysely
      .selectFrom('seller_requests')
      .select(['reference', 'status_token_hash', 'phone_key', 'offer_expires_at'])
      .orderBy('id')
      .execute();
    for (const r of rows) {
      expect(r.reference).toMatch(sellerReferencePattern);
      expect(r.status_token_hash).toMatch(/^[0-9a-f]{64}$/);
    }
    expect(rows[0]!.reference).not.toBe(rows[1]!.reference);
    expect(rows.map((r) => r.phone_key)).toEqual(['999123456', '888765432']);
    expect(rows[0]!.offer_expires_at).toBeNull();
    const expires = Date.parse(rows[1]!.offer_expires_at!);
    expect(expires).toBeGreaterThanOrEqual(before + 7 * 86_400_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000);
  });

  it('marks the old submissions as the seller’s and every other event as staff’s', async () => {
    const events = await t.db.kysely
      .selectFrom('seller_request_events')
      .select(['action', 'by', 'offer_id'])
      .orderBy('id')
      .execute();
    expect(events).toEqual([
      { action: 'submitted', by: 'seller', offer_id: null },
      { action: 'submitted', by: 'seller', offer_id: null },
      { action: 'offer', by: 'staff', offer_id: null },
    ]);
  });
});
