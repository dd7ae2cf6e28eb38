import { PHONE_UNVERIFIED } from '@marketplace/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { engines } from '../../test/databases.js';
import { addProduct, addShop } from '../../test/fixtures.js';
import { orderLinks } from '../orders/buyer-links.js';
import { remindDueOrders } from '../orders/reminders.js';
import { expireDueOrders } from '../orders/service.js';
import { items, nextIp, nextPhone, placeOrder } from '../orders/testing.js';
import { startSmsGateway } from '../notifications/testing.js';
import { PHONE_CHECK_NEEDED } from '../phone-proof/service.js';
import { PROMPT_GAP_MINUTES, PROMPT_TOO_SOON } from './pin-prompts.js';
import { paymentsApp } from './testing-app.js';

const KEY = 'pay-now-proof-key';
const URL = 'https://marketplace.mw';
const HOUR = 3_600_000;
// Phones are proved (an SMS transport is set, a loopback gateway codes go to in their request); the codes are read
// from the outbox.
const SMS = { apiKey: 'at-key', username: 'marketplace' };
const links = orderLinks(() => Promise.resolve(KEY), URL);

// Issue 35, item 1 (decision 0083): paying now took any phone with no code, so a stranger could hold stock and put
// PIN prompts and SMS on other people's phones. Where phones are proved, every charge goes to a proved phone only.
describe.each(engines)('paying now where phones are proved [%s]', (engine) => {
  let t: Awaited<ReturnType<typeof paymentsApp>>;
  let shopId: number;

  let gateway: Awaited<ReturnType<typeof startSmsGateway>>;

  beforeAll(async () => {
    gateway = await startSmsGateway(SMS);
    t = await paymentsApp(engine, {
      sms: { ...SMS, apiUrl: gateway.url, senderId: undefined },
      linkSecret: KEY,
      publicUrl: URL,
    });
    shopId = await addShop(t.db, 'Proof Pay Shop');
  });
  afterAll(async () => {
    await t.close();
    await gateway.close();
  });
  beforeEach(() => {
    t.fake.state.mode = 'pending';
  });

  let n = 0;
  const product = () => addProduct(t.db, { name: `Proof pay item ${++n}`, price: 120_000, shopId, images: 0 });
  const e164 = (phone: string) => `+265${phone.slice(1)}`;
  const outbox = (phone: string) =>
    t.db.kysely
      .selectFrom('outbox_messages')
      .select(['body', 'subject_type'])
      .where('recipient', '=', e164(phone))
      .orderBy('id')
      .execute();
  /** Asks a code for the phone and reads it from the outbox, as the buyer reads their SMS. */
  async function codeFor(phone: string) {
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/phone-codes',
      payload: { phone },
      remoteAddress: nextIp(),
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const sms = (await outbox(phone)).filter((m) => m.subject_type === 'phone_code').at(-1)!;
    return sms.body.slice(-6);
  }
  const chargesTo = (phone: string) =>
    t.db.kysely.selectFrom('money_transfers').select(['id', 'transfer_id']).where('mobile', '=', e164(phone)).execute();
  const promptsTo = (phone: string) =>
    t.fake.requests.filter(
      (r) =>
        r.path === '/mobile-money/payments/initialize' &&
        (r.body as { mobile?: string }).mobile === `0${phone.slice(1)}`,
    );
  const heldBy = async (phone: string) =>
    Number(
      (
        await t.db.kysely
          .selectFrom('product_holds as h')
          .innerJoin('orders as o', 'o.id', 'h.order_id')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('o.phone', '=', e164(phone))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const pay = (token: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/v1/orders/${token}/pay`, payload });
  /** A pay-now order placed with a code read from the SMS: its token, the phone's token and its item. */
  async function provedPayNow(phone = nextPhone()) {
    const id = await product();
    const res = await placeOrder(t.app, items(id), {
      phone,
      payment: 'airtel_money',
      phone_code: await codeFor(phone),
    });
    expect(res.statusCode, res.body).toBe(201);
    const order = res.json().orders[0];
    return { phone, productId: id, order, token: order.token as string, phoneToken: res.json().phone_token as string };
  }

  it('asks for the code before any PIN prompt, hold or SMS, and tells the buyer of the order once it is paid', async () => {
    const phone = nextPhone();
    const id = await product();
    const bare = await placeOrder(t.app, items(id), { phone, payment: 'airtel_money' });
    expect(bare.statusCode).toBe(403);
    expect(bare.json()).toMatchObject({ code: PHONE_UNVERIFIED, message: PHONE_CHECK_NEEDED });
    const wrong = await placeOrder(t.app, items(id), { phone, payment: 'airtel_money', phone_code: '000000' });
    expect(wrong.statusCode).toBe(403);
    expect(await chargesTo(phone)).toEqual([]);
    expect(promptsTo(phone)).toEqual([]);
    expect(await heldBy(phone)).toBe(0);
    expect(await outbox(phone)).toEqual([]);

    const code = await codeFor(phone);
    const placed = await placeOrder(t.app, items(id), { phone, payment: 'airtel_money', phone_code: code });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().phone_token).toEqual(expect.any(String));
    expect(promptsTo(phone)).toHaveLength(1);
    // Not told "reserved" while nobody has paid: the number may not be the buyer's.
    const reserved = async () => (await outbox(phone)).filter((m) => /is reserved at/.test(m.body));
    expect(await reserved()).toEqual([]);

    const [charge] = await chargesTo(phone);
    t.fake.settle(charge!.transfer_id, 'success');
    await t.event(charge!.transfer_id);
    await t.event(charge!.transfer_id);
    expect(await reserved()).toHaveLength(1);
    expect((await reserved())[0]!.body).toContain(placed.json().orders[0].number);
  });

  it('sends one round of PIN prompts per phone per 10 minutes: a second order or "Try again" waits, holding nothing', async () => {
    const first = await provedPayNow();
    const { phone, phoneToken } = first;
    // A second checkout at once: refused before it holds anything.
    const other = await product();
    const second = await placeOrder(t.app, items(other), { phone, payment: 'airtel_money', phone_token: phoneToken });
    expect(second.statusCode).toBe(429);
    expect(second.json()).toMatchObject({ message: PROMPT_TOO_SOON, code: 'pin_prompt_too_soon' });
    expect(second.headers['retry-after']).toBe(String(PROMPT_GAP_MINUTES * 60));
    expect(await heldBy(phone)).toBe(1);

    // The first prompt declined: "Try again" is told when it may go, and goes then.
    const [charge] = await chargesTo(phone);
    t.fake.settle(charge!.transfer_id, 'failed');
    await t.event(charge!.transfer_id);
    t.clock.advance(4 * 60_000);
    const soon = await pay(first.token, { payment: 'airtel_money' });
    expect(soon.statusCode).toBe(429);
    expect(soon.json().retry_at).toBe(new Date(Date.parse(first.order.created_at) + 10 * 60_000).toISOString());
    expect(Number(soon.headers['retry-after'])).toBe(6 * 60);
    expect(promptsTo(phone)).toHaveLength(1);
    t.clock.advance(6 * 60_000);
    const again = await pay(first.token, { payment: 'airtel_money' });
    expect(again.statusCode, again.body).toBe(200);
    expect(promptsTo(phone)).toHaveLength(2);
  });

  it('prompts a phone once when four pay-now checkouts for it race', async () => {
    const { phone, phoneToken } = await provedPayNow();
    t.clock.advance(PROMPT_GAP_MINUTES * 60_000);
    const ids = await Promise.all(Array.from({ length: 4 }, () => product()));
    const raced = await Promise.all(
      ids.map((id) => placeOrder(t.app, items(id), { phone, payment: 'airtel_money', phone_token: phoneToken })),
    );
    expect(raced.map((r) => r.statusCode).sort()).toEqual([201, 429, 429, 429]);
    expect(await chargesTo(phone)).toHaveLength(2);
  });

  it('proves the phone on "Try again" for an order placed without a proof (before this change)', async () => {
    const { phone, token, order, phoneToken } = await provedPayNow();
    await t.db.kysely.updateTable('orders').set({ phone_proved: 0 }).where('number', '=', order.number).execute();
    const [charge] = await chargesTo(phone);
    t.fake.settle(charge!.transfer_id, 'failed');
    await t.event(charge!.transfer_id);
    t.clock.advance(PROMPT_GAP_MINUTES * 60_000);
    const bare = await pay(token, { payment: 'airtel_money' });
    expect(bare.statusCode).toBe(403);
    expect(bare.json().code).toBe(PHONE_UNVERIFIED);
    const proved = await pay(token, { payment: 'airtel_money', phone_token: phoneToken });
    expect(proved.statusCode, proved.body).toBe(200);
    const row = await t.db.kysely
      .selectFrom('orders')
      .select('phone_proved')
      .where('number', '=', order.number)
      .executeTakeFirstOrThrow();
    expect(row.phone_proved).toBe(1);
  });

  it('blocks the items of a pay-now the buyer cancelled unpaid for 24 hours, as an expired reservation', async () => {
    const { phone, productId, token, phoneToken } = await provedPayNow();
    const cancel = await t.app.inject({ method: 'POST', url: `/api/v1/orders/${token}/cancel`, payload: {} });
    expect(cancel.statusCode, cancel.body).toBe(200);
    t.clock.advance(PROMPT_GAP_MINUTES * 60_000);
    const again = await placeOrder(t.app, items(productId), {
      phone,
      payment: 'airtel_money',
      phone_token: phoneToken,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().unavailable).toEqual([productId]);
    expect(await heldBy(phone)).toBe(0);
    t.clock.advance(24 * HOUR);
    const later = await placeOrder(t.app, items(productId), {
      phone,
      payment: 'airtel_money',
      phone_token: phoneToken,
    });
    expect(later.statusCode, later.body).toBe(201);
  });

  it('no "6 more hours" reminder for a 15-minute hold; held unpaid after it, the buyer is told once, then reminded', async () => {
    const { phone, order } = await provedPayNow();
    await remindDueOrders(t.db, links, new Date(Date.parse(order.expires_at) - 60_000));
    expect((await outbox(phone)).filter((m) => /held for 6 more hours/.test(m.body))).toEqual([]);
    t.clock.set(new Date(Date.parse(order.expires_at) + 1));
    await expireDueOrders(t.db, t.clock(), { fallbackHours: 48, links });
    const row = await t.db.kysely
      .selectFrom('orders')
      .select(['payment', 'expires_at'])
      .where('number', '=', order.number)
      .executeTakeFirstOrThrow();
    expect(row.payment).toBe('on_collection');
    const bodies = async () => (await outbox(phone)).map((m) => m.body);
    expect((await bodies()).filter((b) => /is reserved at/.test(b))).toHaveLength(1);
    // Other tests' orders, held unpaid by the same sweep, may be reminded too: this buyer's messages tell.
    expect(await remindDueOrders(t.db, links, new Date(Date.parse(row.expires_at) - HOUR))).toBeGreaterThan(0);
    expect((await bodies()).filter((b) => /held for 6 more hours/.test(b))).toHaveLength(1);
  });
});
