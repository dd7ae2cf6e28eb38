import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { recordMovement, type Movement } from '../ledger/repository/entries.js';

const at = (day: number, hour: number) => new Date(Date.UTC(2026, 11, day, hour));

describe.each(engines)('the entries behind a Money figure [%s]', (engine) => {
  let t: TestApp;
  let moderator: Record<string, string>;
  let blantyre: number;
  let zomba: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    moderator = (await signIn(t.app, t.db, 'Moderator')).headers;
    blantyre = await addShop(t.db, 'Blantyre Shop');
    zomba = await addShop(t.db, 'Zomba Shop');
    const rows: [Movement, Date][] = [
      [
        { kind: 'sale', direction: 'in', method: 'cash', amount: 120_000, shopId: blantyre, reference: 'TILL-1' },
        at(3, 8),
      ],
      [{ kind: 'payment', direction: 'in', method: 'cash', amount: 90_000, shopId: blantyre }, at(3, 9)],
      [{ kind: 'sale', direction: 'in', method: 'airtel_money', amount: 70_000, shopId: blantyre }, at(3, 10)],
      [{ kind: 'sale', direction: 'in', method: 'cash', amount: 50_000, shopId: zomba }, at(3, 11)],
      [{ kind: 'refund', direction: 'out', method: 'cash', amount: 20_000, shopId: blantyre }, at(4, 9)],
      [
        {
          kind: 'seller_payout',
          direction: 'out',
          method: 'airtel_money',
          amount: 60_000,
          shopId: blantyre,
          sellerRequestId: 41,
          subjectNumber: 'S-7QK2M',
          note: 'Paid by Airtel Money',
        },
        at(4, 12),
      ],
      // The day after the period asked below: never in it.
      [{ kind: 'sale', direction: 'in', method: 'cash', amount: 999_000, shopId: blantyre }, at(5, 0)],
    ];
    for (const [movement, when] of rows) await recordMovement(t.db.kysely, movement, when);
  });
  afterAll(() => t.close());

  const get = (query: string, headers = moderator) =>
    t.app.inject({ method: 'GET', url: `/api/admin/money/entries?${query}`, headers });
  const period = 'from=2026-12-03&to=2026-12-04';

  it("lists one figure's entries: the shop's cash taken in, sales and payments both", async () => {
    const res = await get(`${period}&shop_id=${blantyre}&kind=sale,payment&method=cash`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json();
    expect(body).toMatchObject({ total: 2, limit: 50, offset: 0 });
    expect(body.entries.map((e: { kind: string; amount: number }) => [e.kind, e.amount])).toEqual([
      ['payment', 90_000],
      ['sale', 120_000],
    ]);
    expect(body.entries[1]).toMatchObject({
      created_at: '2026-12-03T08:00:00.000Z',
      direction: 'in',
      method: 'cash',
      reference: 'TILL-1',
      shop_id: blantyre,
      shop_name: 'Blantyre Shop',
      order_id: null,
    });
  });

  it('keeps the request a payout was for, and filters by kind alone', async () => {
    const body = (await get(`${period}&kind=seller_payout`)).json();
    expect(body.total).toBe(1);
    expect(body.entries[0]).toMatchObject({
      kind: 'seller_payout',
      direction: 'out',
      amount: 60_000,
      seller_request_id: 41,
      subject_number: 'S-7QK2M',
      note: 'Paid by Airtel Money',
    });
    // Every shop, every kind: the six entries of the two days, none of the day after.
    expect((await get(period)).json().total).toBe(6);
    expect((await get(`${period}&shop_id=${zomba}`)).json().entries).toHaveLength(1);
  });

  it('pages newest first', async () => {
    const first = (await get(`${period}&limit=4`)).json();
    const second = (await get(`${period}&limit=4&offset=4`)).json();
    expect(first).toMatchObject({ total: 6, limit: 4, offset: 0 });
    expect(second).toMatchObject({ total: 6, limit: 4, offset: 4 });
    const times = [...first.entries, ...second.entries].map((e: { created_at: string }) => e.created_at);
    expect(times).toHaveLength(6);
    expect(times).toEqual([...times].sort().reverse());
    expect(times[0]).toBe('2026-12-04T12:00:00.000Z');
  });

  it('refuses bad filters with a message naming the field', async () => {
    const refused = async (query: string) => {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      return res.json().errors as Record<string, string>;
    };
    expect(Object.values(await refused(`${period}&kind=sale,gift`))).toEqual([
      'kind must be one or more of sale, payment, refund, seller_payout, fee, correction, separated by commas',
    ]);
    expect((await refused(`${period}&method=paypal`)).method).toBe(
      'method must be one of cash, airtel_money, tnm_mpamba, bank',
    );
    expect((await refused(`${period}&limit=0`)).limit).toBe('limit must be at least 1');
    expect((await refused(`${period}&offset=-1`)).offset).toBe('offset must be at least 0');
    expect((await refused(`${period}&shop_id=abc`)).shop_id).toBe('shop_id must be a number');
    expect((await refused('from=2026-12-04&to=2026-12-03')).from).toBe('from must not be after to');
    expect((await refused('from=2026-01-01&to=2026-12-31')).to).toBe('At most 92 days at once');
    expect((await refused('to=2026-12-03')).from).toBe('from is required');
    // Empty values are no filter, as a form sends them.
    expect((await get(`${period}&shop_id=&kind=&method=`)).json().total).toBe(6);
  });

  it('answers staff only: anonymous 401, a seller 403, a Moderator reads', async () => {
    expect((await get(period, {})).statusCode).toBe(401);
    expect((await get(period, (await signIn(t.app, t.db, 'User')).headers)).statusCode).toBe(403);
    expect((await get(period, (await signIn(t.app, t.db, 'Admin')).headers)).statusCode).toBe(200);
    expect((await get(period)).statusCode).toBe(200);
  });

  it('answers the summary with its attention list, empty while no transfer waits', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/money/summary?${period}`,
      headers: moderator,
    });
    expect(res.json().attention).toEqual([]);
  });
});
