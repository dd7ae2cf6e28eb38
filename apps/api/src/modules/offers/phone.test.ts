import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addProduct, addShop } from '../../test/fixtures.js';
import { startSmsGateway } from '../notifications/testing.js';
import { items, nextIp, nextPhone, placeOrder } from '../orders/testing.js';
import { PHONE_CODE_WRONG } from '../phone-proof/service.js';
import { OFFER_PHONE_CHECK_NEEDED } from './make.js';
import { offerBody, offersApi } from './testing.js';

const SMS = { apiKey: 'at-key', username: 'marketplace' };

// Where phones are proved (an SMS gateway), a stranger cannot offer in another's name: the phone is proved as at
// checkout, by the SMS code or the phone token an earlier order gave.
describe.each(engines)('an offer needs the phone proved where phones are proved [%s]', (engine) => {
  let t: TestApp;
  let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
  let shopId: number;

  beforeAll(async () => {
    gateway = await startSmsGateway(SMS);
    t = await createTestApp(engine, { sms: { ...SMS, apiUrl: gateway.url, senderId: undefined } });
    shopId = await addShop(t.db);
  });
  afterAll(async () => {
    await t.close();
    await gateway.close();
  });

  const plus265 = (phone: string) => `+265${phone.slice(1)}`;
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

  it('answers 403 phone_unverified without proof or with a wrong code, then takes a code or a phone token', async () => {
    const api = offersApi(t.app);
    const phone = nextPhone();
    const item = (name: string) => addProduct(t.db, { name, price: 200_000, shopId, images: 0 });
    const [first, second, third] = [await item('Proved one'), await item('Proved two'), await item('Proved three')];

    const stranger = await api.make(first, offerBody(150_000, { phone }));
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toMatchObject({ code: 'phone_unverified', message: OFFER_PHONE_CHECK_NEEDED });
    const code = await codeFor(phone);
    const wrong = await api.make(
      first,
      offerBody(150_000, { phone, phone_code: code === '000000' ? '111111' : '000000' }),
    );
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().message).toBe(PHONE_CODE_WRONG);
    expect((await api.make(first, offerBody(150_000, { phone, phone_code: code }))).statusCode).toBe(201);
    // The code is used up by the offer.
    expect((await api.make(second, offerBody(150_000, { phone, phone_code: code }))).statusCode).toBe(403);

    // A phone token from an order proves the same phone, and only it.
    const placed = await placeOrder(t.app, items(third), { phone, phone_code: await codeFor(phone) });
    const phoneToken = placed.json().phone_token as string;
    expect((await api.make(second, offerBody(150_000, { phone, phone_token: phoneToken }))).statusCode).toBe(201);
    const other = await api.make(second, offerBody(150_000, { phone: nextPhone(), phone_token: phoneToken }));
    expect(other.statusCode).toBe(403);
  });
});
