import { orderNumberPattern, orderTokenPattern } from '@marketplace/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb, engines, type TestDb } from '../../test/databases.js';
import { hashToken } from '../auth/tokens.js';
import { newOrderNumber, newOrderToken } from './codes.js';
import { insertNumbered } from './place.js';

describe('order numbers and tokens', () => {
  it('draws readable numbers and unguessable url-safe tokens', () => {
    const numbers = Array.from({ length: 2000 }, newOrderNumber);
    expect(numbers.every((n) => orderNumberPattern.test(n))).toBe(true);
    expect(new Set(numbers).size).toBeGreaterThan(1990);
    const tokens = Array.from({ length: 200 }, newOrderToken);
    expect(tokens.every((tk) => orderTokenPattern.test(tk))).toBe(true);
    expect(new Set(tokens).size).toBe(200);
    expect(hashToken(tokens[0]!)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe.each(engines)('order number collisions [%s]', (engine) => {
  // Each test on a database of its own: the first reads back every order there is.
  let t: TestDb;
  beforeEach(async () => {
    t = await createTestDb(engine);
  });
  afterEach(() => t.dispose());

  const values = (tokenHash: string) => ({
    token_hash: tokenHash,
    request_key: null,
    status: 'Placed',
    version: 1,
    shop_id: null,
    buyer_name: 'Chikondi Banda',
    phone: '+265999123456',
    email: null,
    fulfilment: 'collect' as const,
    address: null,
    area: null,
    subtotal: 1000,
    delivery_fee: null,
    total: 1000,
    payment_method: null,
    payment_reference: null,
    expires_at: '2026-03-04T09:00:00.000Z',
    completed_at: null,
    created_at: '2026-03-02T09:00:00.000Z',
    updated_at: '2026-03-02T09:00:00.000Z',
  });

  it('draws another number when the first is taken, in the same transaction', async () => {
    await t.db.kysely.transaction().execute((trx) =>
      insertNumbered(
        trx,
        () => values('a'.repeat(64)),
        () => 'MW-AAAAA',
      ),
    );
    const draws = ['MW-AAAAA', 'MW-AAAAA', 'MW-BBBBB'];
    const second = await t.db.kysely.transaction().execute((trx) =>
      insertNumbered(
        trx,
        () => values('b'.repeat(64)),
        () => draws.shift()!,
      ),
    );
    expect(second.number).toBe('MW-BBBBB');
    expect(draws).toEqual([]);
    const rows = await t.db.kysely.selectFrom('orders').select(['number', 'token_hash']).orderBy('id').execute();
    expect(rows).toEqual([
      { number: 'MW-AAAAA', token_hash: 'a'.repeat(64) },
      { number: 'MW-BBBBB', token_hash: 'b'.repeat(64) },
    ]);
  });

  it('gives up with an error (not a loop) when no number is free', async () => {
    await t.db.kysely.transaction().execute((trx) =>
      insertNumbered(
        trx,
        () => values('a'.repeat(64)),
        () => 'MW-AAAAA',
      ),
    );
    await expect(
      t.db.kysely.transaction().execute((trx) =>
        insertNumbered(
          trx,
          () => values('c'.repeat(64)),
          () => 'MW-AAAAA',
        ),
      ),
    ).rejects.toThrow(/No free order number/);
  });
});
