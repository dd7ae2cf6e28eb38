import { PAYOUT_ON_ITS_WAY, SELLER_ALREADY_PAID } from '@marketplace/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../test/databases.js';
import { addCategory, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { paymentsApp } from '../payments/testing-app.js';
import { inStock, staffCalls } from './testing.js';

// On PostgreSQL the two transactions truly overlap and the unique index on live payouts decides; SQLite has one
// writer, so fewer trials show the same answer there.
describe.each(engines)('two staff paying one seller at once [%s]', (engine) => {
  const trials = engine === 'postgres' ? 10 : 3;
  let t: Awaited<ReturnType<typeof paymentsApp>>;
  let first: Record<string, string>;
  let second: Record<string, string>;
  let staff: ReturnType<typeof staffCalls>;
  let place: { shop_id: number; category_id: number };

  beforeAll(async () => {
    t = await paymentsApp(engine);
    first = (await signIn(t.app, t.db, 'Admin')).headers;
    second = (await signIn(t.app, t.db, 'Admin')).headers;
    staff = staffCalls(t.app, first);
    place = { shop_id: await addShop(t.db, 'Race Payout Shop'), category_id: await addCategory(t.db, 'Race') };
  });
  afterAll(() => t.close());

  it(`make one payout and one ledger row (${trials} trials)`, async () => {
    const methods = [
      ['cash', 'cash'],
      ['airtel_money', 'airtel_money'],
      ['cash', 'airtel_money'],
    ];
    for (let trial = 0; trial < trials; trial++) {
      const { id } = await inStock(t.app, staff, place);
      const [a, b] = methods[trial % methods.length]!;
      const answers = await Promise.all(
        [
          [first, a],
          [second, b],
        ].map(([headers, method]) =>
          t.app.inject({
            method: 'POST',
            url: `/api/admin/seller-requests/${id}/pay`,
            headers: headers as Record<string, string>,
            payload: { method },
          }),
        ),
      );
      expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join('\n')).toEqual([200, 409]);
      // The loser hears what the winner did, not a generic conflict.
      const loser = answers.find((r) => r.statusCode === 409)!.json().message;
      expect([SELLER_ALREADY_PAID, PAYOUT_ON_ITS_WAY]).toContain(loser);
      await t.payments.idle();
      await t.poll();
      const payouts = await t.db.kysely
        .selectFrom('money_transfers')
        .select('status')
        .where('seller_request_id', '=', id)
        .execute();
      expect(payouts).toEqual([{ status: 'paid' }]);
      const rows = await t.db.kysely
        .selectFrom('ledger_entries')
        .select('kind')
        .where('seller_request_id', '=', id)
        .where('kind', '=', 'seller_payout')
        .execute();
      expect(rows).toHaveLength(1);
    }
  });
});
