import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addProduct, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { africasTalkingTransport } from '../notifications/africas-talking.js';
import { smtpTransport } from '../notifications/smtp.js';
import { startSmsGateway, startSmtpServer } from '../notifications/testing.js';
import { deliverDueMessages } from '../notifications/worker.js';
import { paymentsApp } from '../payments/testing-app.js';
import { orderLinks } from './buyer-links.js';
import { remindDueOrders } from './reminders.js';
import { expireDueOrders } from './service.js';
import { items, placeOrder, staffStep } from './testing.js';

const KEY = 'buyer-delivery-test-key';
const URL = 'https://marketplace.mw';
const SMS = { apiKey: 'at-key', username: 'marketplace' };
const HOUR = 3_600_000;

// Decision 0060, end to end: every event of an order reaches a loopback SMS gateway and SMTP server once each,
// while two server processes (each its own app and pool, on PostgreSQL) take the steps and four delivery workers
// (two per process) race for the outbox. SQLite runs as one process, as it is deployed.
describe.each(engines)('buyers’ messages delivered once each with several processes [%s]', (engine) => {
  it('placed, ready, out for delivery, 6 h reminder, expired, cancelled and refunded', async () => {
    const gateway = await startSmsGateway(SMS);
    const smtp = await startSmtpServer();
    const t = await paymentsApp(engine, { linkSecret: KEY, publicUrl: URL });
    const several = engine === 'postgres';
    const otherDb = several ? t.connectAgain() : t.db;
    const other = several ? await buildTestApp(otherDb, { clock: t.clock, linkSecret: KEY, publicUrl: URL }) : t.app;
    const links = orderLinks(() => Promise.resolve(KEY), URL);
    const transports = [
      africasTalkingTransport({ ...SMS, apiUrl: gateway.url }),
      smtpTransport({ url: smtp.url(), from: 'shop@marketplace.mw' }),
    ];
    // A slow gateway keeps the workers overlapping.
    gateway.state.delayMs = 15;
    const workers = [t.db, otherDb, t.db, otherDb];
    const deliver = () => Promise.all(workers.map((db) => deliverDueMessages(db, transports, t.clock())));
    try {
      const shop = await addShop(t.db, 'Two Process Shop', { town: 'Zomba', deliveryFee: 2000 });
      const staff = (await signIn(t.app, t.db, 'Admin')).headers;
      let n = 0;
      /** Places an order for a new item through one process or the other, answering its row. */
      async function order(over: Record<string, unknown>, app = n % 2 ? other : t.app) {
        const id = await addProduct(t.db, { name: `Two process item ${++n}`, shopId: shop, images: 0 });
        const res = await placeOrder(app, items(id), { email: `buyer${n}@example.mw`, ...over });
        expect(res.statusCode, res.body).toBe(201);
        const { number } = (res.json() as { orders: { number: string }[] }).orders[0]!;
        return t.db.kysely.selectFrom('orders').selectAll().where('number', '=', number).executeTakeFirstOrThrow();
      }
      const step = async (app: typeof t.app, id: number, name: string, body: object = {}) =>
        expect((await staffStep(app, t.db, staff, { id, step: name, payload: body })).statusCode).toBe(200);

      // Collected: placed, ready (the other process), cancelled by the shop.
      const collect = await order({});
      await deliver();
      await step(other, collect.id, 'confirm');
      await step(other, collect.id, 'ready');
      await deliver();
      await step(t.app, collect.id, 'cancel', { reason: 'The battery failed its check' });
      // Delivered: placed, out for delivery.
      const delivery = await order({ fulfilment: 'delivery', address: 'Plot 4', area: 'Chinamwali' });
      await step(t.app, delivery.id, 'confirm');
      await step(other, delivery.id, 'ready');
      await deliver();
      // Left uncollected: placed, the reminder (both processes sweep at once), expired.
      const left = await order({});
      t.clock.set(new Date(Date.parse(left.expires_at) - HOUR));
      await Promise.all([remindDueOrders(t.db, links, t.clock()), remindDueOrders(otherDb, links, t.clock())]);
      await deliver();
      t.clock.set(new Date(Date.parse(left.expires_at) + 1000));
      await Promise.all([t.db, otherDb].map((db) => expireDueOrders(db, t.clock(), { links })));
      await deliver();
      // Paid by mobile money, then cancelled by the shop: cancelled, and refunded once the money is back.
      const paid = await order({ payment: 'airtel_money' }, t.app);
      const charge = await t.db.kysely
        .selectFrom('money_transfers')
        .select('transfer_id')
        .where('order_id', '=', paid.id)
        .executeTakeFirstOrThrow();
      await t.event(charge.transfer_id);
      await step(t.app, paid.id, 'cancel', { reason: 'Sold at the counter' });
      await t.payments.idle();
      await t.poll();
      await t.poll();
      await deliver();
      await deliver();

      const outbox = await t.db.kysely
        .selectFrom('outbox_messages')
        .select(['channel', 'recipient', 'subject', 'body', 'state'])
        .where('subject_type', '=', 'order')
        .orderBy('id')
        .execute();
      expect(outbox.filter((m) => m.state !== 'sent')).toEqual([]);
      const sms = outbox.filter((m) => m.channel === 'sms');
      const emails = outbox.filter((m) => m.channel === 'email');
      // Every event, each told once by SMS and once by email.
      const told = (pattern: RegExp) => sms.filter((m) => pattern.test(m.body)).length;
      expect({
        placed: told(/is reserved at/),
        ready: told(/is ready to collect/),
        delivery: told(/is out for delivery/),
        reminder: told(/held for 6 more hours/),
        expired: told(/was not collected in time/),
        cancelled: told(/was cancelled/),
        refunded: told(/was refunded/),
      }).toEqual({ placed: 4, ready: 1, delivery: 1, reminder: 1, expired: 1, cancelled: 2, refunded: 1 });
      expect(emails).toHaveLength(sms.length);
      // What reached the gateway and the mail server is exactly the outbox: nothing twice, nothing missing.
      const key = (to: string, text: string) => `${to} ${text}`;
      expect(gateway.requests.map((r) => key(r.form.to!, r.form.message!)).sort()).toEqual(
        sms.map((m) => key(m.recipient, m.body)).sort(),
      );
      expect(smtp.received.map((m) => key(m.to.join(','), m.headers.subject ?? '')).sort()).toEqual(
        emails.map((m) => key(m.recipient, m.subject ?? '')).sort(),
      );
    } finally {
      if (several) await other.close();
      await t.close();
      await gateway.close();
      await smtp.close();
    }
  });
});
