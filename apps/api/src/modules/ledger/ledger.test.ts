import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addProduct, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { items, placeOrder } from '../orders/testing.js';
import { recordMovement } from './repository/entries.js';
import { staffStep } from '../orders/testing.js';

// docs/decisions/0049: every movement of money is one append-only row, written with the change it records.
describe.each(engines)('the money ledger [%s]', (engine) => {
  let t: TestApp;
  let staff: Awaited<ReturnType<typeof signIn>>;
  let shopId: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    staff = await signIn(t.app, t.db, 'Moderator');
    shopId = await addShop(t.db, 'Ledger Shop');
  });
  afterAll(() => t.close());

  const entries = () => t.db.kysely.selectFrom('ledger_entries').selectAll().orderBy('id').execute();
  const act = (id: number, step: string, payload?: Record<string, unknown>) =>
    staffStep(t.app, t.db, staff.headers, { id, step, payload });
  async function readyOrder(price: number) {
    const productId = await addProduct(t.db, { name: `Ledger item ${Math.random()}`, price, shopId, images: 0 });
    const placed = (await placeOrder(t.app, items(productId))).json().orders[0];
    const { id } = await t.db.kysely
      .selectFrom('orders')
      .select('id')
      .where('number', '=', placed.number)
      .executeTakeFirstOrThrow();
    await act(id, 'confirm');
    await act(id, 'ready');
    return id;
  }

  it('records what a completed order took at the counter: amount, method, reference, order, shop and staff', async () => {
    const before = (await entries()).length;
    const id = await readyOrder(485_000);
    const done = await act(id, 'complete', { payment_method: 'cash', payment_reference: 'Till 2, slip 88' });
    expect(done.statusCode).toBe(200);
    const added = (await entries()).slice(before);
    expect(added).toEqual([
      expect.objectContaining({
        kind: 'sale',
        direction: 'in',
        method: 'cash',
        reference: 'Till 2, slip 88',
        order_id: id,
        subject_number: expect.stringMatching(/^MW-/),
        shop_id: shopId,
        shop_name: 'Ledger Shop',
        staff_id: staff.id,
        staff_name: 'Moderator Tester',
      }),
    ]);
    expect(Number(added[0]!.amount)).toBe(485_000);
    // Completing again is refused, and records nothing more.
    expect((await act(id, 'complete', { payment_method: 'cash' })).statusCode).toBe(409);
    expect((await entries()).length).toBe(before + 1);
  });

  it('refuses, in the database itself, to change or delete an entry', async () => {
    const id = await readyOrder(20_000);
    await act(id, 'complete', { payment_method: 'airtel_money', payment_reference: 'AM.1' });
    const [last] = (await entries()).slice(-1);
    await expect(sql`update ledger_entries set amount = 1 where id = ${last!.id}`.execute(t.db.kysely)).rejects.toThrow(
      /never changed or deleted/,
    );
    await expect(sql`delete from ledger_entries where id = ${last!.id}`.execute(t.db.kysely)).rejects.toThrow(
      /never changed or deleted/,
    );
    expect(Number((await entries()).slice(-1)[0]!.amount)).toBe(20_000);
  });

  // SQLite has no TRUNCATE (its "truncate optimisation" is a DELETE without WHERE, which the delete trigger refuses).
  it('refuses to empty the ledger at once: TRUNCATE on PostgreSQL, DELETE without WHERE on SQLite', async () => {
    const id = await readyOrder(30_000);
    await act(id, 'complete', { payment_method: 'cash' });
    const count = (await entries()).length;
    expect(count).toBeGreaterThan(0);
    const empty = engine === 'postgres' ? sql`truncate ledger_entries` : sql`delete from ledger_entries`;
    await expect(empty.execute(t.db.kysely)).rejects.toThrow(/never changed or deleted/);
    if (engine === 'postgres')
      await expect(sql`truncate orders cascade`.execute(t.db.kysely)).rejects.toThrow(/never changed or deleted/);
    expect((await entries()).length).toBe(count);
  });

  it('keeps amounts whole kwacha above 0', async () => {
    for (const amount of [0, -5, 12.5, Number.NaN])
      await expect(
        recordMovement(t.db.kysely, { kind: 'correction', direction: 'in', method: 'cash', amount }, new Date()),
      ).rejects.toThrow('whole kwacha above 0');
  });

  it('adds up to the orders it records', async () => {
    const prices = [10_000, 250_000, 75_500];
    const ids: number[] = [];
    for (const price of prices) ids.push(await readyOrder(price));
    for (const id of ids) await act(id, 'complete', { payment_method: 'tnm_mpamba' });
    const ledger = (await entries()).filter((e) => ids.includes(e.order_id!));
    const orders = await t.db.kysely.selectFrom('orders').select('total').where('id', 'in', ids).execute();
    const sum = (values: unknown[]) => values.reduce<number>((n, v) => n + Number(v), 0);
    expect(sum(ledger.map((e) => e.amount))).toBe(sum(orders.map((o) => o.total)));
    expect(sum(ledger.map((e) => e.amount))).toBe(335_500);
  });
});
