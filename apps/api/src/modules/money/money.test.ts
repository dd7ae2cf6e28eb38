import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addProduct, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { recordMovement } from '../ledger/repository/entries.js';
import { items, placeOrder } from '../orders/testing.js';
import { staffStep } from '../orders/testing.js';

const DAY1 = new Date('2026-12-01T09:00:00.000Z');
const DAY2 = new Date('2026-12-02T15:30:00.000Z');

describe.each(engines)('Money figures from the ledger [%s]', (engine) => {
  let t: TestApp;
  let staff: Record<string, string>;
  let lilongwe: number;
  let mzuzu: number;
  const clock = testClock(DAY1);

  beforeAll(async () => {
    t = await createTestApp(engine, { clock });
    staff = (await signIn(t.app, t.db, 'Moderator')).headers;
    lilongwe = await addShop(t.db, 'Lilongwe Shop');
    mzuzu = await addShop(t.db, 'Mzuzu Shop');
    const sell = async (at: Date, shopId: number, price: number, method: string, reference: string | null) => {
      clock.set(at);
      const productId = await addProduct(t.db, { name: `Money ${price}`, price, shopId, images: 0 });
      const number = (await placeOrder(t.app, items(productId))).json().orders[0].number as string;
      const { id } = await t.db.kysely
        .selectFrom('orders')
        .select('id')
        .where('number', '=', number)
        .executeTakeFirstOrThrow();
      for (const step of ['confirm', 'ready'])
        await t.app.inject({ method: 'POST', url: `/api/admin/orders/${id}/${step}`, headers: staff });
      const done = await staffStep(t.app, t.db, staff, {
        id,
        step: 'complete',
        payload: {
          payment_method: method,
          payment_reference: reference,
        },
      });
      expect(done.statusCode).toBe(200);
    };
    await sell(DAY1, lilongwe, 100_000, 'cash', null);
    await sell(DAY1, lilongwe, 250_000, 'airtel_money', '=HYPERLINK("http://x","pay")');
    await sell(DAY2, mzuzu, 80_000, 'tnm_mpamba', 'TNM.77');
    await recordMovement(
      t.db.kysely,
      { kind: 'seller_payout', direction: 'out', method: 'airtel_money', amount: 60_000, shopId: mzuzu },
      DAY2,
    );
    await recordMovement(
      t.db.kysely,
      // A reference a gateway could send: a line feed, then a formula.
      { kind: 'fee', direction: 'out', method: 'airtel_money', amount: 1_500, shopId: lilongwe, reference: '\n=1+2' },
      DAY1,
    );
    await recordMovement(
      t.db.kysely,
      { kind: 'refund', direction: 'out', method: 'airtel_money', amount: 20_000, shopId: lilongwe },
      DAY2,
    );
  });
  afterAll(() => t.close());

  const get = (url: string, headers = staff) => t.app.inject({ method: 'GET', url, headers });

  it('sums each shop and day, and all of them, by method, with refunds, payouts, fees and the net', async () => {
    const res = await get('/api/admin/money/summary?from=2026-12-01&to=2026-12-02');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json();
    expect(body.days).toEqual([
      {
        date: '2026-12-01',
        shop_id: lilongwe,
        shop_name: 'Lilongwe Shop',
        taken_in: { cash: 100_000, airtel_money: 250_000 },
        refunded: 0,
        paid_to_sellers: 0,
        fees: 1_500,
        corrections: 0,
        net: 348_500,
      },
      {
        date: '2026-12-02',
        shop_id: mzuzu,
        shop_name: 'Mzuzu Shop',
        taken_in: { tnm_mpamba: 80_000 },
        refunded: 0,
        paid_to_sellers: 60_000,
        fees: 0,
        corrections: 0,
        net: 20_000,
      },
      {
        date: '2026-12-02',
        shop_id: lilongwe,
        shop_name: 'Lilongwe Shop',
        taken_in: {},
        refunded: 20_000,
        paid_to_sellers: 0,
        fees: 0,
        corrections: 0,
        net: -20_000,
      },
    ]);
    expect(body.totals).toEqual({
      taken_in: { cash: 100_000, airtel_money: 250_000, tnm_mpamba: 80_000 },
      refunded: 20_000,
      paid_to_sellers: 60_000,
      fees: 1_500,
      corrections: 0,
      net: 348_500,
    });
    expect(body.attention).toEqual([]);
    // One shop, one day.
    const mzuzuOnly = (await get(`/api/admin/money/summary?from=2026-12-02&to=2026-12-02&shop_id=${mzuzu}`)).json();
    expect(mzuzuOnly.totals.net).toBe(20_000);
  });

  it('lists the entries as a CSV a spreadsheet opens, never running a formula someone typed', async () => {
    const res = await get('/api/admin/money/entries.csv?from=2026-12-01&to=2026-12-02');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="money-2026-12-01-to-2026-12-02.csv"');
    // UTF-8's byte-order mark first, so Excel reads the names as UTF-8.
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFdate,shop,kind,method,amount,reference,number,staff,note');
    expect(lines.find((l) => l.includes('"fee"'))).toContain(`"'\n=1+2"`);
    expect(lines).toHaveLength(8);
    expect(lines.at(-1)).toBe('');
    expect(lines[2]).toMatch(
      /^"2026-12-01T09:00:00.000Z","Lilongwe Shop","sale","airtel_money","250000","'=HYPERLINK\(""http:\/\/x"",""pay""\)","MW-\w{5}","Moderator Tester",""$/,
    );
    expect(lines.find((l) => l.includes('"refund"'))).toContain('"-20000"');
    const sum = lines.slice(1, -1).reduce((n, l) => n + Number(l.split('","')[4]), 0);
    expect(sum).toBe(348_500);
  });

  it('refuses a bad period, and anyone but staff', async () => {
    const bad = async (query: string) => (await get(`/api/admin/money/summary?${query}`)).json();
    expect((await bad('from=2026-12-05&to=2026-12-01')).errors.from).toBe('from must not be after to');
    expect((await bad('from=2026-01-01&to=2026-12-01')).errors.to).toBe('At most 92 days at once');
    expect((await bad('from=yesterday&to=2026-12-01')).errors.from).toBe('from must be a date (YYYY-MM-DD)');
    expect((await bad('to=2026-12-01')).errors.from).toBe('from is required');
    const seller = (await signIn(t.app, t.db, 'User')).headers;
    expect((await get('/api/admin/money/summary?from=2026-12-01&to=2026-12-02', seller)).statusCode).toBe(403);
    expect((await get('/api/admin/money/entries.csv?from=2026-12-01&to=2026-12-02', {})).statusCode).toBe(401);
  });
});
