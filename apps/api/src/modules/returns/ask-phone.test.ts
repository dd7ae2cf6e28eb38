import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addProduct, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { startSmsGateway } from '../notifications/testing.js';
import { items, nextIp, nextPhone, placeOrder } from '../orders/testing.js';
import { PHONE_CODE_WRONG } from '../phone-proof/service.js';
import { RETURN_PHONE_CHECK_NEEDED } from './ask.js';
import { completeOrder, orderIdOf, returnsApi } from './testing-buyer.js';

const SMS = { apiKey: 'at-key', username: 'marketplace' };

// Where phones are proved (an SMS gateway), asking for a return needs the order's phone proved as checkout does.
describe.each(engines)('a return needs the order phone proved where phones are proved [%s]', (engine) => {
  let t: TestApp;
  let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
  let headers: Record<string, string>;
  let shopId: number;

  beforeAll(async () => {
    gateway = await startSmsGateway(SMS);
    t = await createTestApp(engine, { sms: { ...SMS, apiUrl: gateway.url, senderId: undefined } });
    headers = (await signIn(t.app, t.db, 'Moderator')).headers;
    shopId = await addShop(t.db);
  });
  afterAll(async () => {
    await t.close();
    await gateway.close();
  });

  const plus265 = (phone: string) => `+265${phone.slice(1)}`;
  /** Asks for a code for `phone` and reads it from what the gateway was sent (codes go at once). */
  async function codeFor(phone: string) {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/v1/phone-codes',
      payload: { phone },
      remoteAddress: nextIp(),
    });
    expect(sent.statusCode).toBe(202);
    return gateway.requests
      .filter((r) => r.form.to === plus265(phone))
      .at(-1)!
      .form.message!.slice(-6);
  }
  const ask = (token: string, productId: number, proof: object = {}) =>
    returnsApi(t.app).ask(token, { product_id: productId, kind: 'return', reason: 'not_working', ...proof });

  it('answers 403 phone_unverified without proof or with a wrong code, then takes the phone token or a new code', async () => {
    const phone = nextPhone();
    const [first, second] = [
      await addProduct(t.db, { name: 'Proved return one', shopId, images: 0 }),
      await addProduct(t.db, { name: 'Proved return two', shopId, images: 0 }),
    ];
    const placed = await placeOrder(t.app, items(first, second), { phone, phone_code: await codeFor(phone) });
    expect(placed.statusCode).toBe(201);
    const { token, number } = placed.json().orders[0];
    const phoneToken = placed.json().phone_token as string;
    await completeOrder(t.app, t.db, headers, await orderIdOf(t.db, number));

    const unproved = await ask(token, first);
    expect(unproved.statusCode).toBe(403);
    expect(unproved.json()).toMatchObject({ code: 'phone_unverified', message: RETURN_PHONE_CHECK_NEEDED });
    const wrong = await ask(token, first, { phone_code: '000000' === (await codeFor(phone)) ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(PHONE_CODE_WRONG);
    // Another phone's token proves nothing about this order's phone.
    const other = await placeOrder(t.app, items(await addProduct(t.db, { name: 'Other phone', shopId, images: 0 })), {
      phone: nextPhone(),
      phone_token: phoneToken,
    });
    expect(other.statusCode).toBe(403);

    expect((await ask(token, first, { phone_token: phoneToken })).statusCode).toBe(201);
    expect((await ask(token, second, { phone_code: await codeFor(phone) })).statusCode).toBe(201);
  });
});
