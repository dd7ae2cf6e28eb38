import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addProduct, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { africasTalkingTransport } from '../notifications/africas-talking.js';
import { smtpTransport } from '../notifications/smtp.js';
import { startSmsGateway, startSmtpServer } from '../notifications/testing.js';
import { deliverDueMessages } from '../notifications/worker.js';
import { paymentsApp } from '../payments/testing-app.js';
import { messageToken, orderLinks } from './buyer-links.js';
import { REMIND_HOURS_BEFORE, remindDueOrders } from './reminders.js';
import { RESENDS_PER_ORDER_DAY, RESENDS_PER_PHONE_DAY } from './resend.js';
import { RESEND_ANSWER, RESENDS_PER_ADDRESS_HOUR } from './routes.js';
import { expireDueOrders } from './service.js';
import { e164, nextMobile } from '../../test/phones.js';
import { items, nextIp, placeOrder, staffStep } from './testing.js';

const T0 = new Date('2026-07-06T07:00:00.000Z');
const HOUR = 3_600_000;
const KEY = 'buyer-messages-test-key';
const URL = 'https://marketplace.mw';
const SMS = { apiKey: 'at-key', username: 'marketplace' };
const links = orderLinks(() => Promise.resolve(KEY), URL);

// Decision 0060: the buyer hears of their order by SMS (and email), in the language it was placed in, through the
// outbox, once each; a lost link is sent again to the order's own phone only.
describe.each(engines)('buyers hear about their order [%s]', (engine) => {
  let t: TestApp;
  let shop: number;
  let staff: Record<string, string>;
  const clock = testClock(T0);

  beforeAll(async () => {
    t = await createTestApp(engine, { clock, linkSecret: KEY, publicUrl: URL });
    shop = await addShop(t.db, 'Kamuzu Phones');
    staff = (await signIn(t.app, t.db, 'Moderator')).headers;
  });
  afterAll(() => t.close());
  beforeEach(() => clock.set(T0));

  /** Places an order for one new item with `phone`, in `lang` when given. */
  async function order(phone: string, over: Record<string, unknown> = {}, lang?: string) {
    const id = await addProduct(t.db, { name: `Phone ${phone}`, shopId: shop, images: 0 });
    const res = lang
      ? await t.app.inject({
          method: 'POST',
          url: '/api/v1/orders',
          headers: { cookie: `lang=${lang}` },
          payload: { buyer_name: 'Chikondi Banda', phone, fulfilment: 'collect', items: items(id), ...over },
          remoteAddress: nextIp(),
        })
      : await placeOrder(t.app, items(id), { phone, ...over });
    expect(res.statusCode, res.body).toBe(201);
    const placed = (res.json() as { orders: { number: string; collection_code: string }[] }).orders[0]!;
    const row = await t.db.kysely
      .selectFrom('orders')
      .select('id')
      .where('number', '=', placed.number)
      .executeTakeFirstOrThrow();
    return { ...placed, id: row.id, link: `${URL}/order/${messageToken(KEY, placed.number)}` };
  }
  const messagesTo = (recipient: string) =>
    t.db.kysely
      .selectFrom('outbox_messages')
      .select(['channel', 'recipient', 'subject', 'body', 'subject_type'])
      .where('recipient', '=', recipient)
      .orderBy('id')
      .execute();
  const smsTo = async (phone: string) =>
    (await messagesTo(e164(phone))).filter((m) => m.channel === 'sms').map((m) => m.body);
  const resend = (number: string, phone: string, ip = nextIp()) =>
    t.app.inject({ method: 'POST', url: '/api/v1/orders/resend', payload: { number, phone }, remoteAddress: ip });

  it('tells the buyer of the placed order in English: number, shop and address, code and a working link', async () => {
    const phone = nextMobile();
    const o = await order(phone, { email: 'chikondi@example.mw' });
    expect(await smsTo(phone)).toEqual([
      `Marketplace Malawi: order ${o.number} is reserved at Kamuzu Phones, Area 47, Lilongwe. Your code: ${o.collection_code}, tell it only at the counter when you collect. ${o.link}`,
    ]);
    const email = (await messagesTo('chikondi@example.mw')).at(-1)!;
    expect(email.subject).toBe(`Your order ${o.number} is reserved`);
    expect(email.body).toContain('Hello Chikondi Banda,');
    expect(email.body).toContain(o.collection_code);
    // The link in the message opens the order.
    const opened = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${o.link.split('/').at(-1)!}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ number: o.number });
  });

  it('greets by a name without USSD codes or phone numbers, look-alike characters included (decision 0087)', async () => {
    const phone = nextMobile();
    await order(phone, { email: 'ussd@example.mw', buyer_name: 'Chikondi dial ＊２１１＃ or ０８８８ ０００ １１１' });
    const email = (await messagesTo('ussd@example.mw')).at(-1)!;
    expect(email.body).toMatch(/^Hello Chikondi dial or,\n/);
  });

  it('writes in Chichewa when the order was placed in Chichewa', async () => {
    const phone = nextMobile();
    const o = await order(phone, {}, 'ny');
    expect(await smsTo(phone)).toEqual([
      `Marketplace Malawi: oda ${o.number} yasungidwa ku Kamuzu Phones, Area 47, Lilongwe. Nambala yanu: ${o.collection_code}, muiuze pa kauntala potenga yokha. ${o.link}`,
    ]);
  });

  it('tells of ready for collection and of a cancel by staff, never of the buyer’s own cancel', async () => {
    const phone = nextMobile();
    const o = await order(phone, {}, 'ny');
    expect((await staffStep(t.app, t.db, staff, { id: o.id, step: 'confirm', payload: {} })).statusCode).toBe(200);
    expect((await staffStep(t.app, t.db, staff, { id: o.id, step: 'ready', payload: {} })).statusCode).toBe(200);
    expect((await smsTo(phone)).at(-1)).toBe(
      `Marketplace Malawi: oda ${o.number} yakonzeka kutengedwa ku Kamuzu Phones, Area 47, Lilongwe. Bweretsani nambala yanu ${o.collection_code}. ${o.link}`,
    );
    const res = await staffStep(t.app, t.db, staff, {
      id: o.id,
      step: 'cancel',
      payload: { reason: 'The screen is cracked after all' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await smsTo(phone)).at(-1)).toBe(`Marketplace Malawi: oda ${o.number} yathetsedwa. ${o.link}`);
    expect(await smsTo(phone)).toHaveLength(3);

    const own = nextMobile();
    const mine = await order(own);
    const token = mine.link.split('/').at(-1)!;
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/orders/${token}/cancel` })).statusCode).toBe(200);
    expect(await smsTo(own)).toHaveLength(1);
  });

  it('tells of out for delivery', async () => {
    const delivering = await addShop(t.db, 'Zomba Gadgets', { town: 'Zomba', deliveryFee: 2000 });
    const id = await addProduct(t.db, { name: 'Delivered phone', shopId: delivering, images: 0 });
    const phone = nextMobile();
    const res = await placeOrder(t.app, items(id), {
      phone,
      fulfilment: 'delivery',
      address: 'Plot 4',
      area: 'Chinamwali',
    });
    expect(res.statusCode, res.body).toBe(201);
    const number = (res.json() as { orders: { number: string }[] }).orders[0]!.number;
    const row = await t.db.kysely
      .selectFrom('orders')
      .selectAll()
      .where('number', '=', number)
      .executeTakeFirstOrThrow();
    await staffStep(t.app, t.db, staff, { id: row.id, step: 'confirm', payload: {} });
    expect((await staffStep(t.app, t.db, staff, { id: row.id, step: 'ready', payload: {} })).statusCode).toBe(200);
    expect((await smsTo(phone)).at(-1)).toBe(
      `Marketplace Malawi: order ${number} is out for delivery. Give the driver your code ${row.collection_code}. ${URL}/order/${messageToken(KEY, number)}`,
    );
  });

  it('reminds 6 hours before an unpaid hold ends, once, and tells of the expiry', async () => {
    const phone = nextMobile();
    const o = await order(phone);
    const row = await t.db.kysely
      .selectFrom('orders')
      .select('expires_at')
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow();
    const end = Date.parse(row.expires_at);
    expect(REMIND_HOURS_BEFORE).toBe(6);
    clock.set(new Date(end - 7 * HOUR));
    await remindDueOrders(t.db, links, clock());
    expect(await smsTo(phone)).toHaveLength(1);
    clock.set(new Date(end - 5 * HOUR));
    await remindDueOrders(t.db, links, clock());
    await remindDueOrders(t.db, links, clock());
    expect((await smsTo(phone)).slice(1)).toEqual([
      `Marketplace Malawi: order ${o.number} is held for 6 more hours only. ${o.link}`,
    ]);
    clock.set(new Date(end + 1000));
    await expireDueOrders(t.db, clock(), { links });
    expect((await smsTo(phone)).at(-1)).toBe(
      `Marketplace Malawi: order ${o.number} was not collected in time; its reservation has ended. ${o.link}`,
    );
  });

  it('reminds and tells of the expiry in Chichewa, by SMS and by email', async () => {
    const phone = nextMobile();
    const o = await order(phone, { email: 'ny@example.mw' }, 'ny');
    const row = await t.db.kysely
      .selectFrom('orders')
      .select('expires_at')
      .where('id', '=', o.id)
      .executeTakeFirstOrThrow();
    clock.set(new Date(Date.parse(row.expires_at) - HOUR));
    await remindDueOrders(t.db, links, clock());
    clock.set(new Date(Date.parse(row.expires_at) + 1000));
    await expireDueOrders(t.db, clock(), { links });
    expect((await smsTo(phone)).slice(1)).toEqual([
      `Marketplace Malawi: oda ${o.number} yasungidwa kwa maola 6 okha. ${o.link}`,
      `Marketplace Malawi: oda ${o.number} sinatengedwe pa nthawi; sinasungidwenso. ${o.link}`,
    ]);
    const emails = await messagesTo('ny@example.mw');
    expect(emails.map((m) => m.subject)).toEqual([
      `Oda yanu ${o.number} yasungidwa`,
      `Oda yanu ${o.number}: kwatsala maola 6`,
      `Oda yanu ${o.number} yatha nthawi`,
    ]);
    expect(emails[2]!.body).toBe(
      `Moni Chikondi Banda,\n\nMarketplace Malawi: oda ${o.number} sinatengedwe pa nthawi; sinasungidwenso. ${o.link}\n`,
    );
  });

  it('tells of ready for collection in English, naming the shop and the code', async () => {
    const phone = nextMobile();
    const o = await order(phone);
    await staffStep(t.app, t.db, staff, { id: o.id, step: 'confirm', payload: {} });
    expect((await staffStep(t.app, t.db, staff, { id: o.id, step: 'ready', payload: {} })).statusCode).toBe(200);
    expect((await smsTo(phone)).at(-1)).toBe(
      `Marketplace Malawi: order ${o.number} is ready to collect at Kamuzu Phones, Area 47, Lilongwe. Bring your code ${o.collection_code}. ${o.link}`,
    );
  });

  it('two sweeps racing remind each order exactly once', async () => {
    const phonesHere = Array.from({ length: 6 }, nextMobile);
    const orders = [];
    for (const phone of phonesHere) orders.push(await order(phone));
    const row = await t.db.kysely
      .selectFrom('orders')
      .select('expires_at')
      .where('id', '=', orders[0]!.id)
      .executeTakeFirstOrThrow();
    clock.set(new Date(Date.parse(row.expires_at) - HOUR));
    const [a, b] = await Promise.all([remindDueOrders(t.db, links, clock()), remindDueOrders(t.db, links, clock())]);
    expect(a + b).toBeGreaterThanOrEqual(6);
    for (const phone of phonesHere)
      expect((await smsTo(phone)).filter((m) => m.includes('6 more hours'))).toHaveLength(1);
  });

  describe('Lost your order link?', () => {
    const ANSWER = { message: RESEND_ANSWER };
    it('caps at 2 a day per order, 3 per phone, 10 tries an hour per address', () => {
      expect([RESENDS_PER_ORDER_DAY, RESENDS_PER_PHONE_DAY, RESENDS_PER_ADDRESS_HOUR]).toEqual([2, 3, 10]);
    });

    it('sends nothing for a wrong phone, a wrong number or nonsense, with the same 202', async () => {
      const phone = nextMobile();
      const o = await order(phone);
      const other = nextMobile();
      for (const [number, to] of [
        [o.number, other],
        ['MW-ZZZZZ', phone],
        ['nonsense', 'not a phone'],
      ] as const) {
        const res = await resend(number, to);
        expect(res.statusCode).toBe(202);
        expect(res.json()).toEqual(ANSWER);
      }
      expect(await smsTo(phone)).toHaveLength(1);
      expect(await smsTo(other)).toHaveLength(0);
    });

    it('sends the link by SMS only, to the order’s phone, capped per order and per phone a day', async () => {
      const phone = nextMobile();
      const o = await order(phone, { email: 'resend@example.mw' }, 'ny');
      const written = ` ${o.number.toLowerCase()} `;
      for (let i = 0; i < 4; i++) expect((await resend(written, phone.replace(/\s/g, ''))).statusCode).toBe(202);
      const links = (await smsTo(phone)).slice(1);
      expect(links).toEqual([
        `Marketplace Malawi: ulalo wa oda yanu ${o.number}: ${o.link}`,
        `Marketplace Malawi: ulalo wa oda yanu ${o.number}: ${o.link}`,
      ]);
      expect((await messagesTo('resend@example.mw')).map((m) => m.subject)).toEqual([
        `Oda yanu ${o.number} yasungidwa`,
      ]);

      // Per phone: a third order's link is sent, a fourth is not.
      const second = await order(phone);
      const third = await order(phone);
      expect((await resend(second.number, phone)).statusCode).toBe(202);
      expect((await resend(third.number, phone)).statusCode).toBe(202);
      const linkSms = async () => (await smsTo(phone)).filter((m) => /link to your order|ulalo wa oda/.test(m));
      expect(await linkSms()).toHaveLength(3);
      expect((await linkSms()).at(-1)).toContain(second.number);

      // A day later, the order's link can be sent again.
      clock.set(new Date(T0.getTime() + 25 * HOUR));
      await resend(o.number, phone);
      expect((await smsTo(phone)).at(-1)).toBe(`Marketplace Malawi: ulalo wa oda yanu ${o.number}: ${o.link}`);
    });

    it('racing requests cannot pass the cap together', async () => {
      const phone = nextMobile();
      const o = await order(phone);
      const answers = await Promise.all(Array.from({ length: 6 }, () => resend(o.number, phone)));
      expect(answers.map((r) => r.statusCode)).toEqual(Array(6).fill(202));
      expect((await smsTo(phone)).filter((m) => m.includes('link to your order'))).toHaveLength(RESENDS_PER_ORDER_DAY);
    });

    it('is rate limited per address', async () => {
      const ip = nextIp();
      const codes = [];
      for (let i = 0; i < 11; i++) codes.push((await resend('MW-ZZZZZ', '0999 000 000', ip)).statusCode);
      expect(codes.slice(0, 10).every((c) => c === 202)).toBe(true);
      expect(codes[10]).toBe(429);
    });

    it('keeps the link given at checkout working beside the one messages carry', async () => {
      const phone = nextMobile();
      const id = await addProduct(t.db, { name: 'Checkout link phone', shopId: shop, images: 0 });
      const res = await placeOrder(t.app, items(id), { phone });
      const placed = (res.json() as { orders: { number: string; token: string }[] }).orders[0]!;
      await resend(placed.number, phone);
      for (const token of [placed.token, messageToken(KEY, placed.number)])
        expect((await t.app.inject({ method: 'GET', url: `/api/v1/orders/${token}` })).statusCode).toBe(200);
    });
  });
});

describe.each(engines)('a paid order cancelled by the shop [%s]', (engine) => {
  it('tells the buyer of the cancel and, once the money is back, of the refund; never of a reminder', async () => {
    const t = await paymentsApp(engine, { linkSecret: KEY, publicUrl: URL });
    try {
      const shop = await addShop(t.db, 'Refund Shop');
      const staff = (await signIn(t.app, t.db, 'Admin')).headers;
      const id = await addProduct(t.db, { name: 'Refunded phone', shopId: shop, images: 0 });
      const phone = nextMobile();
      const res = await placeOrder(t.app, items(id), { phone, payment: 'tnm_mpamba' });
      expect(res.statusCode, res.body).toBe(201);
      const number = (res.json() as { orders: { number: string }[] }).orders[0]!.number;
      const order = await t.db.kysely
        .selectFrom('orders')
        .selectAll()
        .where('number', '=', number)
        .executeTakeFirstOrThrow();
      const charge = await t.db.kysely
        .selectFrom('money_transfers')
        .select('transfer_id')
        .where('order_id', '=', order.id)
        .executeTakeFirstOrThrow();
      await t.event(charge.transfer_id);
      // Paid: held until collected, so no reminder however close the first hold's end.
      expect(await remindDueOrders(t.db, links, new Date(Date.parse(order.expires_at) - HOUR))).toBe(0);
      const cancel = await staffStep(t.app, t.db, staff, {
        id: order.id,
        step: 'cancel',
        payload: { reason: 'Sold at the counter' },
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      await t.payments.idle();
      await t.poll();
      await t.poll();
      const link = `${URL}/order/${messageToken(KEY, number)}`;
      const sms = await t.db.kysely
        .selectFrom('outbox_messages')
        .select('body')
        .where('recipient', '=', e164(phone))
        .orderBy('id')
        .execute();
      expect(sms.map((m) => m.body).slice(1)).toEqual([
        `Marketplace Malawi: order ${number} was cancelled. ${link}`,
        `Marketplace Malawi: the payment for order ${number} was refunded to the number you paid from. ${link}`,
      ]);
    } finally {
      await t.close();
    }
  });
});

describe('delivery of buyers’ messages [sqlite]', () => {
  it('an SMS reaches the SMS gateway and an email the SMTP server', async () => {
    const gateway = await startSmsGateway(SMS);
    const smtp = await startSmtpServer();
    const clock = testClock(T0);
    const t = await createTestApp('sqlite', { clock, linkSecret: KEY, publicUrl: URL });
    try {
      const shop = await addShop(t.db, 'Delivery Test Shop');
      const id = await addProduct(t.db, { name: 'Delivered by SMS', shopId: shop, images: 0 });
      const res = await placeOrder(t.app, items(id), { phone: '0888 999 001', email: 'buyer@example.mw' });
      expect(res.statusCode, res.body).toBe(201);
      const number = (res.json() as { orders: { number: string }[] }).orders[0]!.number;
      await deliverDueMessages(
        t.db,
        [
          africasTalkingTransport({ ...SMS, apiUrl: gateway.url }),
          smtpTransport({ url: smtp.url(), from: 'shop@marketplace.mw' }),
        ],
        clock(),
      );
      expect(gateway.requests.map((r) => [r.form.to, r.form.message])).toEqual([
        [expect.any(String), expect.stringContaining(`order ${number} is reserved`)],
      ]);
      expect(gateway.requests[0]!.form.to).toBe('+265888999001');
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.to).toEqual(['buyer@example.mw']);
      expect(smtp.received[0]!.text).toContain(`${URL}/order/${messageToken(KEY, number)}`);
    } finally {
      await t.close();
      await gateway.close();
      await smtp.close();
    }
  });
});
