import {
  COACH_COMPANY_REQUIRED,
  COACH_TOWN_HAS_SHOP,
  COACH_TOWN_REQUIRED,
  FARE_AFTER_PAYING,
  WAYBILL_REQUIRED,
  type PlacedOrder,
} from '@marketplace/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addProduct, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { messageToken } from './buyer-links.js';
import { expireDueOrders } from './service.js';
import { e164, nextMobile } from '../../test/phones.js';
import { items, nextIp, placeOrder, staffStep } from './testing.js';

const T0 = new Date('2026-11-20T07:00:00.000Z');
const KEY = 'coach-test-key';
const URL = 'https://marketplace.mw';

// Decision 0072: a buyer far from every shop has the item sent by coach parcel: the town from the list, the depot or
// coach company they name, the fare at the depot or added by staff after they call; "Sent" with a waybill the buyer is
// told by SMS, then completed with the collection code.
describe.each(engines)('coach delivery [%s]', (engine) => {
  let t: TestApp;
  let shop: number;
  let staff: Record<string, string>;
  const clock = testClock(T0);

  beforeAll(async () => {
    t = await createTestApp(engine, { clock, linkSecret: KEY, publicUrl: URL });
    shop = await addShop(t.db, 'Kamuzu Phones', { town: 'Lilongwe', deliveryFee: 3000 });
    staff = (await signIn(t.app, t.db, 'Moderator')).headers;
  });
  afterAll(() => t.close());

  const coach = { fulfilment: 'coach', coach_town: 'Karonga', coach_depot: 'AXA depot, Karonga' };

  async function order(over: Record<string, unknown> = {}, price = 250_000) {
    const phone = nextMobile();
    const product = await addProduct(t.db, { name: `Coach phone ${phone}`, price, shopId: shop, images: 0 });
    const res = await placeOrder(t.app, items(product), { ...coach, phone, ...over });
    expect(res.statusCode, res.body).toBe(201);
    const placed = res.json().orders[0] as PlacedOrder;
    const { id } = await t.db.kysely
      .selectFrom('orders')
      .select('id')
      .where('number', '=', placed.number)
      .executeTakeFirstOrThrow();
    return { ...placed, id, phone, product, link: `${URL}/order/${messageToken(KEY, placed.number)}` };
  }
  const sms = async (phone: string) =>
    (
      await t.db.kysely
        .selectFrom('outbox_messages')
        .select('body')
        .where('recipient', '=', e164(phone))
        .where('channel', '=', 'sms')
        .orderBy('id')
        .execute()
    ).map((m) => m.body);
  const admin = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/orders/${id}`, headers: staff })).json();

  it('places a coach order with its town and depot, no address and no delivery fee, and tells the buyer', async () => {
    const o = await order({ address: 'left over from the form', area: 'Area 10' });
    expect(o).toMatchObject({
      fulfilment: 'coach',
      status: 'Placed',
      address: null,
      area: null,
      delivery_fee: null,
      subtotal: 250_000,
      total: 250_000,
      coach: { town: 'Karonga', depot: 'AXA depot, Karonga', fare: null, company: null, waybill: null },
    });
    expect(await sms(o.phone)).toEqual([
      `Marketplace Malawi: order ${o.number} is reserved at Kamuzu Phones, Area 47, Lilongwe; the shop will call you to send it by coach to Karonga. Your code: ${o.collection_code!}, tell it to the shop only once you have the parcel. ${o.link}`,
    ]);
    // Other ways of getting an order carry no coach.
    const collect = await order({ fulfilment: 'collect' });
    expect(collect.coach).toBeNull();
    expect(
      (
        await t.db.kysely
          .selectFrom('orders')
          .select('coach_town')
          .where('id', '=', collect.id)
          .executeTakeFirstOrThrow()
      ).coach_town,
    ).toBeNull();
  });

  it('refuses a coach order without a town, with a town off the list, or to the shop’s own town', async () => {
    const product = await addProduct(t.db, { name: 'Refused coach item', shopId: shop, images: 0 });
    const none = await placeOrder(t.app, items(product), { fulfilment: 'coach', phone: nextMobile() });
    expect(none.statusCode).toBe(400);
    expect(none.json().errors.coach_town).toBe(COACH_TOWN_REQUIRED);
    const unknown = await placeOrder(t.app, items(product), { ...coach, coach_town: 'Atlantis', phone: nextMobile() });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors.coach_town).toBe('Choose a town from the list');
    const home = await placeOrder(t.app, items(product), { ...coach, coach_town: 'Lilongwe', phone: nextMobile() });
    expect(home.statusCode).toBe(400);
    expect(home.json().errors.coach_town).toBe(COACH_TOWN_HAS_SHOP);
    // Nothing was reserved by the refusals.
    expect(
      await t.db.kysely.selectFrom('product_holds').select('product_id').where('product_id', '=', product).execute(),
    ).toEqual([]);
  });

  it('is sent with its coach and waybill (the fare added to the total), told by SMS, then completed with the code', async () => {
    const o = await order();
    expect((await staffStep(t.app, t.db, staff, { id: o.id, step: 'confirm' })).statusCode).toBe(200);
    const confirmed = await admin(o.id);
    expect(confirmed.status).toBe('Confirmed');

    // Both are required: the buyer is told them.
    const missing = await staffStep(t.app, t.db, staff, { id: o.id, step: 'ready', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ coach_company: COACH_COMPANY_REQUIRED, waybill: WAYBILL_REQUIRED });
    const hostile = await staffStep(t.app, t.db, staff, {
      id: o.id,
      step: 'ready',
      payload: { coach_company: 'AXA', waybill: '<b>1</b>' },
    });
    expect(hostile.statusCode).toBe(400);
    expect((await admin(o.id)).status).toBe('Confirmed');

    const sent = await staffStep(t.app, t.db, staff, {
      id: o.id,
      step: 'ready',
      payload: {
        coach_company: 'AXA Coach',
        waybill: 'AX-20931',
        coach_fare: '8000',
        version: confirmed.version,
      },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      status: 'Sent',
      subtotal: 250_000,
      total: 258_000,
      coach: { town: 'Karonga', fare: 8000, company: 'AXA Coach', waybill: 'AX-20931' },
    });
    expect((await sms(o.phone)).at(-1)).toBe(
      `Marketplace Malawi: order ${o.number} is on the AXA Coach coach to Karonga, waybill AX-20931. Collect it at the depot, then tell the shop your code ${o.collection_code!}. ${o.link}`,
    );
    // The buyer's page shows the same.
    const page = await t.app.inject({ method: 'GET', url: `/api/v1/orders/${o.token}` });
    expect(page.json()).toMatchObject({ status: 'Sent', total: 258_000, coach: { waybill: 'AX-20931', fare: 8000 } });
    const history = (await admin(o.id)).history.map((e: { to_status: string }) => e.to_status);
    expect(history).toEqual(['Placed', 'Confirmed', 'Sent']);

    // On the coach, the buyer's page no longer cancels it: only the shop can arrange anything now.
    const cancel = await t.app.inject({ method: 'POST', url: `/api/v1/orders/${o.token}/cancel` });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().message).toBe('Cannot cancel: The order is already on the coach. Call the shop.');

    // Sent once: a second send is refused, and a sent parcel does not expire.
    const again = await staffStep(t.app, t.db, staff, {
      id: o.id,
      step: 'ready',
      payload: { coach_company: 'AXA', waybill: 'X1' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Cannot mark the order ready: The order is already sent.');
    await expireDueOrders(t.db, new Date(T0.getTime() + 30 * 24 * 3_600_000));
    expect((await admin(o.id)).status).toBe('Sent');

    const done = await staffStep(t.app, t.db, staff, {
      id: o.id,
      step: 'complete',
      payload: { payment_method: 'airtel_money' },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().status).toBe('Completed');
    // The sale in the ledger is the whole total, fare included.
    const sale = await t.db.kysely
      .selectFrom('ledger_entries')
      .select(['amount', 'kind'])
      .where('order_id', '=', o.id)
      .executeTakeFirstOrThrow();
    expect({ kind: sale.kind, amount: Number(sale.amount) }).toEqual({ kind: 'sale', amount: 258_000 });
  });

  it('without a fare, the buyer is told to pay it at the depot; completing before sending is refused', async () => {
    const o = await order({}, 90_000);
    await staffStep(t.app, t.db, staff, { id: o.id, step: 'confirm' });
    const early = await staffStep(t.app, t.db, staff, {
      id: o.id,
      step: 'complete',
      payload: { payment_method: 'cash' },
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Cannot complete: Send the order by coach first.');
    const sent = await staffStep(t.app, t.db, staff, {
      id: o.id,
      step: 'ready',
      payload: { coach_company: 'Sososo', waybill: 'S 771/2' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ total: 90_000, coach: { fare: null, waybill: 'S 771/2' } });
    expect((await sms(o.phone)).at(-1)).toContain('Collect it at the depot and pay the fare there, then tell the shop');
  });

  it('in Chichewa when ordered in Chichewa', async () => {
    const phone = nextMobile();
    const product = await addProduct(t.db, { name: `Foni ${phone}`, shopId: shop, images: 0 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/orders',
      headers: { cookie: 'lang=ny' },
      payload: { buyer_name: 'Chikondi Banda', phone, items: items(product), ...coach },
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const { number, collection_code } = res.json().orders[0];
    const { id } = await t.db.kysely
      .selectFrom('orders')
      .select('id')
      .where('number', '=', number)
      .executeTakeFirstOrThrow();
    await staffStep(t.app, t.db, staff, { id, step: 'confirm' });
    await staffStep(t.app, t.db, staff, {
      id,
      step: 'ready',
      payload: { coach_company: 'AXA Coach', waybill: 'AX-1' },
    });
    const link = `${URL}/order/${messageToken(KEY, number)}`;
    expect(await sms(phone)).toEqual([
      `Marketplace Malawi: oda ${number} yasungidwa ku Kamuzu Phones, Area 47, Lilongwe; shopu idzakuimbirani kuti ikutumizireni pa basi ku Karonga. Nambala yanu: ${collection_code}, muiuze shopu mutalandira katundu yekha. ${link}`,
      `Marketplace Malawi: oda ${number} ili pa basi ya AXA Coach kupita ku Karonga, waybill AX-1. Katengeni ku depo ndipo mulipire basi kumeneko, kenako uzani shopu nambala yanu ${collection_code}. ${link}`,
    ]);
  });

  it('a fare cannot be added to an order paid online', async () => {
    const o = await order();
    // As a pay-now order stands once paid (the payment tests cover the gateway itself).
    await t.db.kysely
      .updateTable('orders')
      .set({ payment: 'airtel_money', payment_status: 'paid' })
      .where('id', '=', o.id)
      .execute();
    await staffStep(t.app, t.db, staff, { id: o.id, step: 'confirm' });
    const res = await staffStep(t.app, t.db, staff, {
      id: o.id,
      step: 'ready',
      payload: {
        coach_company: 'AXA',
        waybill: 'A1',
        coach_fare: 5000,
      },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(FARE_AFTER_PAYING);
    expect((await admin(o.id)).status).toBe('Confirmed');
  });

  it('refuses a fare of 0 or above COACH_FARE_MAX (MWK 50,000 unless set), so a slip never reaches the total', async () => {
    const o = await order();
    await staffStep(t.app, t.db, staff, { id: o.id, step: 'confirm' });
    const send = (coach_fare: unknown) =>
      staffStep(t.app, t.db, staff, {
        id: o.id,
        step: 'ready',
        payload: { coach_company: 'AXA', waybill: 'A1', coach_fare },
      });
    for (const [fare, message] of [
      ['999999999999', 'Fare must be at most MWK 50,000'],
      [50_001, 'Fare must be at most MWK 50,000'],
      ['0', 'Fare must be more than 0'],
    ] as const) {
      const res = await send(fare);
      expect(res.statusCode, String(fare)).toBe(400);
      expect(res.json().errors).toEqual({ coach_fare: message });
    }
    expect((await admin(o.id)).status).toBe('Confirmed');
    const sent = await send(50_000);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().total).toBe(250_000 + 50_000);
  });

  it('takes its bound from COACH_FARE_MAX', async () => {
    const other = await createTestApp(engine, { clock, coachFareMax: 20_000 });
    try {
      const moderator = (await signIn(other.app, other.db, 'Moderator')).headers;
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/admin/orders/1/ready',
        headers: moderator,
        payload: { coach_company: 'AXA', waybill: 'A1', coach_fare: 20_001 },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual({ coach_fare: 'Fare must be at most MWK 20,000' });
    } finally {
      await other.close();
    }
  });
});
