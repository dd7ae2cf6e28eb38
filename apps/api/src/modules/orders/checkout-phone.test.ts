import { MALAWI_PHONE_MESSAGE } from '@marketplace/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addProduct, addShop } from '../../test/fixtures.js';
import { items, placeOrder } from './testing.js';

// One phone rule (packages/shared/src/phone.ts): checkout stores +265XXXXXXXXX, keeps its own message,
// and orders stored under the older rule still read.
describe.each(engines)('checkout phone numbers and names [%s]', (engine) => {
  let t: TestApp;
  let shopId: number;
  beforeAll(async () => {
    t = await createTestApp(engine);
    shopId = await addShop(t.db, 'Phone Rule Shop');
  });
  afterAll(() => t.close());
  const product = (name: string) => addProduct(t.db, { name, shopId });

  it('takes 265 without a plus, with dashes and parentheses, and stores +265XXXXXXXXX', async () => {
    const res = await placeOrder(t.app, items(await product('Nokia 105')), { phone: '265 (888) 123-456' });
    expect(res.statusCode).toBe(201);
    const [order] = res.json().orders;
    expect(order.phone).toBe('+265888123456');
    const row = await t.db.kysely
      .selectFrom('orders')
      .select('phone')
      .where('number', '=', order.number)
      .executeTakeFirstOrThrow();
    expect(row.phone).toBe('+265888123456');
  });

  it.each([
    ['phone', '0088812345', MALAWI_PHONE_MESSAGE],
    ['phone', '0550 123 456', MALAWI_PHONE_MESSAGE],
    ['buyer_name', 'Z', 'Name must have at least two letters'],
    ['buyer_name', '😀', 'Name must have at least two letters'],
  ])('refuses %s=%j with "%s"', async (field, value, message) => {
    const res = await placeOrder(t.app, items(await product(`Refused ${field} ${value}`)), { [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ [field]: message });
  });

  it('takes a two-letter name', async () => {
    const res = await placeOrder(t.app, items(await product('Two letters')), { buyer_name: 'Zo' });
    expect(res.statusCode).toBe(201);
  });

  it('still shows an order stored under the older rule', async () => {
    const res = await placeOrder(t.app, items(await product('Old rule order')));
    const [order] = res.json().orders;
    await t.db.kysely.updateTable('orders').set({ phone: '0999 123' }).where('number', '=', order.number).execute();
    const read = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${order.token}` });
    expect(read.statusCode).toBe(200);
    expect(read.json().phone).toBe('0999 123');
  });
});
