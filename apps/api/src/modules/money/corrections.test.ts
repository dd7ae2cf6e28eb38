import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { recordMovement } from '../ledger/repository/entries.js';

const DAY = new Date('2026-12-07T10:00:00.000Z');
const PERIOD = 'from=2026-12-07&to=2026-12-07';

// docs/decisions/0082: an Admin puts a ledger mistake right with a new entry naming the one it corrects.
describe.each(engines)('ledger corrections [%s]', (engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signIn>>;
  let shop: number;
  let sale: number;
  let shops = 0;

  beforeAll(async () => {
    t = await createTestApp(engine, { clock: testClock(DAY) });
    admin = await signIn(t.app, t.db, 'Admin');
  });
  afterAll(() => t.close());

  // Each test its own shop and sale: the tests run shuffled, and each reads its shop's figures alone.
  beforeEach(async () => {
    shop = await addShop(t.db, `Correction Shop ${++shops}`);
    sale = await recordMovement(
      t.db.kysely,
      { kind: 'sale', direction: 'in', method: 'cash', amount: 50_000, shopId: shop, subjectNumber: 'MW-ABCDE' },
      new Date('2026-12-07T08:00:00.000Z'),
    );
  });

  const correct = (payload: Record<string, unknown>, headers: Record<string, string> = admin.headers) =>
    t.app.inject({ method: 'POST', url: '/api/admin/money/corrections', headers, payload });
  const read = (path: string) =>
    t.app.inject({ method: 'GET', url: `/api/admin/money/${path}?${PERIOD}&shop_id=${shop}`, headers: admin.headers });
  const valid = () => ({
    corrects_id: sale,
    direction: 'out',
    amount: '5000',
    shop_id: shop,
    reason: 'Till counted MWK 5,000 short at close',
  });

  it('records a correction in the entries, the totals and the CSV, and audits it', async () => {
    const res = await correct(valid());
    expect(res.statusCode).toBe(201);
    const entry = res.json();
    expect(entry).toMatchObject({
      kind: 'correction',
      direction: 'out',
      method: 'cash',
      amount: 5_000,
      corrects_id: sale,
      shop_id: shop,
      shop_name: `Correction Shop ${shops}`,
      subject_number: 'MW-ABCDE',
      staff_name: 'Admin Tester',
      note: 'Till counted MWK 5,000 short at close',
      created_at: DAY.toISOString(),
    });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/money/entries?${PERIOD}&shop_id=${shop}&kind=correction`,
      headers: admin.headers,
    });
    expect(list.json().entries).toEqual([entry]);
    const summary = (await read('summary')).json();
    expect(summary.totals).toMatchObject({ taken_in: { cash: 50_000 }, corrections: -5_000, net: 45_000 });
    const csv = (await read('entries.csv')).body;
    expect(csv).toContain(
      `"Correction Shop ${shops}","correction","cash","-5000","","MW-ABCDE","Admin Tester","Till counted MWK 5,000 short at close"`,
    );
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('subject_type', '=', 'ledger_entry')
      .where('subject_id', '=', String(entry.id))
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({
      actor_id: admin.id,
      action: `Recorded a correction of MWK 5,000 out for ledger entry ${sale}`,
      detail: 'Till counted MWK 5,000 short at close',
    });
  });

  it('counts money in as a positive correction', async () => {
    expect((await correct(valid())).statusCode).toBe(201);
    const res = await correct({ ...valid(), direction: 'in', amount: 2_000, reason: 'Slip 14 was found the next day' });
    expect(res.statusCode).toBe(201);
    const summary = (await read('summary')).json();
    expect(summary.totals).toMatchObject({ corrections: -3_000, net: 47_000 });
  });

  it('refuses what is not a correction, with the message under its field', async () => {
    const refused = async (change: Record<string, unknown>) => {
      const res = await correct({ ...valid(), ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      return res.json().errors as Record<string, string>;
    };
    expect((await refused({ reason: 'too short' })).reason).toBe('Reason must be at least 10 characters');
    expect((await refused({ reason: '   short   ' })).reason).toBe('Reason must be at least 10 characters');
    expect((await refused({ reason: 'x'.repeat(301) })).reason).toBe('Reason must be at most 300 characters');
    expect((await refused({ amount: 0 })).amount).toBe('Amount must be more than 0');
    expect((await refused({ amount: '10000001' })).amount).toBe('Amount must be at most MWK 10,000,000');
    expect((await refused({ amount: '999999999999' })).amount).toBe('Amount must be at most MWK 10,000,000');
    expect((await refused({ amount: '12.5' })).amount).toBe('Amount must contain only numbers');
    expect((await refused({ direction: 'sideways' })).direction).toBe('Choose money in or money out');
    expect((await refused({ shop_id: '' })).shop_id).toBe('Choose a shop');
    expect((await refused({ corrects_id: undefined })).corrects_id).toBe('Choose the entry this corrects');
    expect((await refused({ corrects_id: 987_654 })).corrects_id).toBe('The entry to correct was not found');
    expect((await refused({ shop_id: 987_654 })).shop_id).toBe('The shop was not found');
  });

  it('is for Admins only: a Moderator and Shop staff are refused, and nothing is written', async () => {
    const before = await t.db.kysely.selectFrom('ledger_entries').select('id').execute();
    const moderator = (await signIn(t.app, t.db, 'Moderator')).headers;
    const shopStaff = (await signIn(t.app, t.db, 'Shop staff', shop)).headers;
    expect((await correct(valid(), moderator)).statusCode).toBe(403);
    expect((await correct(valid(), shopStaff)).statusCode).toBe(403);
    expect((await correct(valid(), {})).statusCode).toBe(401);
    expect(await t.db.kysely.selectFrom('ledger_entries').select('id').execute()).toEqual(before);
  });
});
