import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addProduct, addShop } from '../../test/fixtures.js';
import { e164, nextMobile } from '../../test/phones.js';
import { signIn } from '../../test/users.js';
import { items, placeOrder, staffStep } from './testing.js';

// Issue 35 (decision 0084): the outbox knows which staff member caused a message, so a number's daily SMS cap never
// holds back what staff tell a buyer; the buyer's own order, and the system's messages, name nobody.
describe.each(engines)('messages staff cause [%s]', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { linkSecret: 'staff-caused-key', publicUrl: 'https://marketplace.mw' });
  });
  afterAll(() => t.close());

  it('names the staff member on the SMS of an order they moved, and nobody on the buyer’s own', async () => {
    const shop = await addShop(t.db, 'Staff Caused');
    const staff = await signIn(t.app, t.db, 'Moderator');
    const phone = nextMobile();
    const placed = await placeOrder(t.app, items(await addProduct(t.db, { name: 'Caused', shopId: shop, images: 0 })), {
      phone,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { id } = await t.db.kysely
      .selectFrom('orders')
      .select('id')
      .where('number', '=', placed.json().orders[0].number)
      .executeTakeFirstOrThrow();
    expect((await staffStep(t.app, t.db, staff.headers, { id, step: 'confirm', payload: {} })).statusCode).toBe(200);
    expect((await staffStep(t.app, t.db, staff.headers, { id, step: 'ready', payload: {} })).statusCode).toBe(200);
    const sms = await t.db.kysely
      .selectFrom('outbox_messages')
      .select(['body', 'staff_id'])
      .where('recipient', '=', e164(phone))
      .orderBy('id')
      .execute();
    expect(sms.map((m) => m.staff_id)).toEqual([null, staff.id]);
    expect(sms[1]!.body).toMatch(/ready/);
  });
});
