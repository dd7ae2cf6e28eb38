import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addProduct, addShop } from '../../test/fixtures.js';
import { africasTalkingTransport } from '../notifications/africas-talking.js';
import { startSmsGateway } from '../notifications/testing.js';
import { deliverDueMessages } from '../notifications/worker.js';
import { items, nextIp, nextPhone, placeOrder } from '../orders/testing.js';
import { NOT_A_MOBILE, PHONE_CHECK_NEEDED, PHONE_CODE_WRONG, PHONES_NOT_CHECKED, TOO_MANY_CODES } from './service.js';

const HOUR = 3_600_000;
const T0 = new Date('2026-06-01T08:00:00.000Z');
const SMS = { apiKey: 'at-key', username: 'marketplace' };

// With an SMS transport, an unpaid reservation needs the buyer's phone proved by a code (or a phone token).
describe.each(engines)('proving the buyer phone [%s]', (engine) => {
  let t: TestApp;
  let gateway: Awaited<ReturnType<typeof startSmsGateway>>;
  let shopId: number;
  const clock = testClock(T0);

  beforeAll(async () => {
    gateway = await startSmsGateway(SMS);
    const sms = { ...SMS, apiUrl: gateway.url, senderId: undefined };
    t = await createTestApp(engine, { clock, sms });
    shopId = await addShop(t.db);
  });
  afterAll(async () => {
    await t.close();
    await gateway.close();
  });
  beforeEach(() => clock.set(T0));

  const product = () => addProduct(t.db, { name: `Proved ${Math.random().toString(36).slice(2)}`, shopId, images: 0 });
  const askCode = (phone: string, remoteAddress = nextIp()) =>
    t.app.inject({ method: 'POST', url: '/api/v1/phone-codes', payload: { phone }, remoteAddress });
  /** Delivers the outbox to the loopback gateway and reads the newest code it got for `phone`. */
  const codeSentTo = async (phone: string) => {
    await deliverDueMessages(t.db, [africasTalkingTransport({ ...SMS, apiUrl: gateway.url })], clock());
    const sms = gateway.requests.filter((r) => r.form.to === phone).at(-1);
    expect(sms?.form.message).toMatch(/^Your Marketplace Malawi code is \d{6}$/);
    return sms!.form.message!.slice(-6);
  };
  const plus265 = (phone: string) => `+265${phone.slice(1)}`;

  it('asks for a code (403 phone_unverified), takes the code from the SMS (201, 48 hours), then the phone token alone', async () => {
    const phone = nextPhone();
    const first = await placeOrder(t.app, items(await product()), { phone });
    expect(first.statusCode).toBe(403);
    expect(first.json()).toMatchObject({ code: 'phone_unverified', message: PHONE_CHECK_NEEDED });

    const sent = await askCode(phone);
    expect(sent.statusCode).toBe(202);
    expect(sent.json()).toEqual({
      phone: plus265(phone),
      expires_at: new Date(T0.getTime() + 10 * 60_000).toISOString(),
    });
    const code = await codeSentTo(plus265(phone));

    const wrong = await placeOrder(t.app, items(await product()), {
      phone,
      phone_code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toMatchObject({ code: 'phone_unverified', message: PHONE_CODE_WRONG });

    const placed = await placeOrder(t.app, items(await product()), {
      phone,
      phone_code: `${code.slice(0, 3)} ${code.slice(3)}`,
    });
    expect(placed.statusCode).toBe(201);
    expect(placed.json().orders[0].expires_at).toBe(new Date(T0.getTime() + 48 * HOUR).toISOString());
    const token = placed.json().phone_token as string;
    expect(token).toMatch(/^265\d{9}\.\d+\.[\w-]+$/);

    // The code works once; the token proves the phone for 30 days, and only that phone.
    expect((await placeOrder(t.app, items(await product()), { phone, phone_code: code })).statusCode).toBe(403);
    const returning = await placeOrder(t.app, items(await product()), { phone, phone_token: token });
    expect(returning.statusCode).toBe(201);
    expect(returning.json().phone_token).toEqual(expect.any(String));
    expect(
      (await placeOrder(t.app, items(await product()), { phone: nextPhone(), phone_token: token })).statusCode,
    ).toBe(403);
    const forged = token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await placeOrder(t.app, items(await product()), { phone, phone_token: forged })).statusCode).toBe(403);
    clock.set(new Date(T0.getTime() + 30 * 24 * HOUR + 1));
    expect((await placeOrder(t.app, items(await product()), { phone, phone_token: token })).statusCode).toBe(403);
  });

  it("sends the code in the page's language (the lang cookie), in English without one, and either code proves the phone", async () => {
    const deliver = () => deliverDueMessages(t.db, [africasTalkingTransport({ ...SMS, apiUrl: gateway.url })], clock());
    const newest = (phone: string) =>
      gateway.requests.filter((r) => r.form.to === plus265(phone)).at(-1)!.form.message!;
    const ask = (phone: string, cookie?: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/phone-codes',
        payload: { phone },
        remoteAddress: nextIp(),
        ...(cookie ? { headers: { cookie } } : {}),
      });

    const chichewa = nextPhone();
    expect((await ask(chichewa, 'lang=ny')).statusCode).toBe(202);
    await deliver();
    expect(newest(chichewa)).toMatch(/^Nambala yanu ya Marketplace Malawi ndi \d{6}$/);
    const placed = await placeOrder(t.app, items(await product()), {
      phone: chichewa,
      phone_code: newest(chichewa).slice(-6),
    });
    expect(placed.statusCode).toBe(201);

    // An old client (no cookie), an English page and a language the server does not know: English, as before.
    for (const cookie of [undefined, 'lang=en', 'lang=fr']) {
      const phone = nextPhone();
      expect((await ask(phone, cookie)).statusCode).toBe(202);
      await deliver();
      expect(newest(phone)).toMatch(/^Your Marketplace Malawi code is \d{6}$/);
    }
  });

  it('keeps the code usable when the order is refused for its items, and ends it after 5 wrong tries or 10 minutes', async () => {
    const phone = nextPhone();
    expect((await askCode(phone)).statusCode).toBe(202);
    const code = await codeSentTo(plus265(phone));
    const taken = await product();
    expect((await placeOrder(t.app, items(taken))).statusCode).toBe(403);
    // Another buyer holds `taken` (proved by their own code): our buyer's 409 leaves the code unused.
    const other = nextPhone();
    await askCode(other);
    expect(
      (await placeOrder(t.app, items(taken), { phone: other, phone_code: await codeSentTo(plus265(other)) }))
        .statusCode,
    ).toBe(201);
    expect((await placeOrder(t.app, items(taken), { phone, phone_code: code })).statusCode).toBe(409);
    expect((await placeOrder(t.app, items(await product()), { phone, phone_code: code })).statusCode).toBe(201);

    const tried = nextPhone();
    await askCode(tried);
    const right = await codeSentTo(plus265(tried));
    const wrongCode = right === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++) {
      expect(
        (await placeOrder(t.app, items(await product()), { phone: tried, phone_code: wrongCode })).statusCode,
      ).toBe(403);
    }
    expect((await placeOrder(t.app, items(await product()), { phone: tried, phone_code: right })).statusCode).toBe(403);

    const late = nextPhone();
    await askCode(late);
    const lateCode = await codeSentTo(plus265(late));
    clock.set(new Date(T0.getTime() + 10 * 60_000));
    expect((await placeOrder(t.app, items(await product()), { phone: late, phone_code: lateCode })).statusCode).toBe(
      403,
    );
  });

  it('sends at most 3 codes an hour to a phone, and from an address (IPv6 by its /64), even all at once', async () => {
    const phone = nextPhone();
    const burst = await Promise.all(Array.from({ length: 5 }, () => askCode(phone)));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([202, 202, 202, 429, 429]);
    expect(burst.find((r) => r.statusCode === 429)!.json().message).toBe(TOO_MANY_CODES);
    clock.set(new Date(T0.getTime() + HOUR));
    expect((await askCode(phone)).statusCode).toBe(202);

    const net = (i: number) => `2001:db8:5:6:${i.toString(16)}::1`;
    const fromOneNetwork = [];
    for (let i = 0; i < 4; i++) fromOneNetwork.push((await askCode(nextPhone(), net(i))).statusCode);
    expect(fromOneNetwork).toEqual([202, 202, 202, 429]);
  });

  it('sends codes to mobiles only, and refuses numbers that are not Malawian', async () => {
    const landline = await askCode('0111 234 567');
    expect(landline.statusCode).toBe(400);
    expect(landline.json().message).toBe(NOT_A_MOBILE);
    expect((await askCode('+44 7700 900123')).statusCode).toBe(400);
  });
});

describe.each(engines)('without an SMS transport [%s]', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(() => t.close());

  it('asks no code, holds for UNPROVED_HOLD_HOURS, gives no token, and says codes are not sent', async () => {
    const shopId = await addShop(t.db);
    const id = await addProduct(t.db, { name: 'Unproved', shopId, images: 0 });
    const placed = await placeOrder(t.app, items(id));
    expect(placed.statusCode).toBe(201);
    const order = placed.json().orders[0];
    expect(Date.parse(order.expires_at) - Date.parse(order.created_at)).toBe(12 * HOUR);
    expect(placed.json().phone_token).toBeUndefined();
    const ask = await t.app.inject({ method: 'POST', url: '/api/v1/phone-codes', payload: { phone: nextPhone() } });
    expect(ask.statusCode).toBe(409);
    expect(ask.json().message).toBe(PHONES_NOT_CHECKED);
  });
});
