import { OFFER_TOKEN_ENDED, OFFER_TOKEN_NOT_AGREED, OFFER_TOKEN_OTHER_ITEM } from '@marketplace/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addProduct, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { items, nextPhone, placeOrder } from '../orders/testing.js';
import { completeOrder, orderIdOf } from '../returns/testing-buyer.js';
import { expireDueBuyerOffers } from './expiry.js';
import { offerBody, offerRow, offersApi, smsOfOffer, staffOffer } from './testing.js';

const START = new Date('2026-06-01T09:00:00.000Z');
const HOUR = 3_600_000;

// An accepted price is a real price (issue 40 part 3, decision 0103): the order at the agreed price through the
// token, nobody else at it, the other offers ended when the item sells, and offers that lapse.
describe.each(engines)('offers and orders [%s]', (engine) => {
  let t: TestApp;
  let now = START;
  let shopId: number;
  let staff: Record<string, string>;
  let api: ReturnType<typeof offersApi>;

  beforeAll(async () => {
    t = await createTestApp(engine, { clock: () => now });
    shopId = await addShop(t.db);
    staff = (await signIn(t.app, t.db, 'Moderator')).headers;
    api = offersApi(t.app);
  });
  afterAll(() => t.close());

  const item = (name: string) => addProduct(t.db, { name, price: 200_000, shopId, images: 0 });

  /** An offer on `productId`, accepted by staff: its row id, reference, token and phone. */
  async function agreed(productId: number, amount = 170_000) {
    const phone = nextPhone();
    const made = await api.make(productId, offerBody(amount, { phone }));
    const { reference, token } = made.json().offer;
    const { id } = await offerRow(t.db, reference);
    expect((await staffOffer(t.app, staff, id, 'accept')).statusCode).toBe(200);
    return { id, reference, token: token as string, phone };
  }

  const lines = (orderId: number) =>
    t.db.kysely
      .selectFrom('order_items')
      .select(['product_id', 'price', 'offer_id'])
      .where('order_id', '=', orderId)
      .execute();

  it('orders the item at the agreed price with the token, once; the line records the offer', async () => {
    now = START;
    const [offered, other] = [await item('Agreed phone'), await item('Listed phone')];
    const offer = await agreed(offered);
    const placed = await placeOrder(t.app, [...items(offered), { product_id: other, price: 200_000 }], {
      offer_token: offer.token,
      phone: offer.phone,
    });
    expect(placed.statusCode).toBe(201);
    const order = placed.json().orders[0];
    expect(order.total).toBe(370_000);
    const orderId = await orderIdOf(t.db, order.number);
    expect(await lines(orderId)).toEqual(
      expect.arrayContaining([
        { product_id: offered, price: 170_000, offer_id: offer.id },
        { product_id: other, price: 200_000, offer_id: null },
      ]),
    );
    expect(await offerRow(t.db, offer.reference)).toMatchObject({ status: 'ordered', order_id: orderId });
    // The token is spent: it places no second order at that price.
    const again = await placeOrder(t.app, items(offered), { offer_token: offer.token });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(OFFER_TOKEN_NOT_AGREED);
  });

  it('lets two checkouts racing with one token place one order at the agreed price', async () => {
    now = START;
    const id = await item('Raced agreed phone');
    const offer = await agreed(id);
    const [a, b] = await Promise.all([
      placeOrder(t.app, items(id), { offer_token: offer.token }),
      placeOrder(t.app, items(id), { offer_token: offer.token }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const ordered = await offerRow(t.db, offer.reference);
    expect(ordered.status).toBe('ordered');
    expect(await lines(ordered.order_id!)).toEqual([{ product_id: id, price: 170_000, offer_id: offer.id }]);
  });

  it('gives everyone else the listed price, and refuses a price the buyer saw that only a token gives', async () => {
    now = START;
    const id = await item('Not for strangers');
    await agreed(id);
    // A stranger who saw the agreed price somewhere: the server's price is the listed one.
    const stranger = await placeOrder(t.app, [{ product_id: id, price: 170_000 }]);
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json().changed).toEqual([{ product_id: id, price: 200_000 }]);
    const listed = await placeOrder(t.app, items(id));
    expect(listed.statusCode).toBe(201);
    expect(listed.json().orders[0].total).toBe(200_000);
  });

  it('refuses a token for another item (422), not accepted or used (409), or past its 24 hours (409)', async () => {
    now = START;
    const [a, b] = [await item('Token item A'), await item('Token item B')];
    const offer = await agreed(a);
    const other = await placeOrder(t.app, items(b), { offer_token: offer.token });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(OFFER_TOKEN_OTHER_ITEM);
    const unknown = await placeOrder(t.app, items(a), { offer_token: 'Z'.repeat(32) });
    expect(unknown.statusCode).toBe(422);

    const waiting = (await api.make(b, offerBody(150_000))).json().offer.token;
    const notAgreed = await placeOrder(t.app, items(b), { offer_token: waiting });
    expect(notAgreed.statusCode).toBe(409);
    expect(notAgreed.json().message).toBe(OFFER_TOKEN_NOT_AGREED);

    now = new Date(START.getTime() + 24 * HOUR + 1);
    const late = await placeOrder(t.app, items(a), { offer_token: offer.token });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(OFFER_TOKEN_ENDED);
  });

  it('declines the other offers on an item when it sells, telling each buyer', async () => {
    now = START;
    const id = await item('Sold with offers');
    const open = (await api.make(id, offerBody(150_000))).json().offer.reference as string;
    const accepted = await agreed(id, 175_000);
    const countered = (await api.make(id, offerBody(160_000))).json().offer.reference as string;
    const counteredId = (await offerRow(t.db, countered)).id;
    expect((await staffOffer(t.app, staff, counteredId, 'counter', { amount: 190_000 })).statusCode).toBe(200);

    const placed = await placeOrder(t.app, items(id));
    expect(placed.statusCode).toBe(201);
    // Held by an order: not sold yet, the offers wait.
    expect((await offerRow(t.db, open)).status).toBe('open');
    await completeOrder(t.app, t.db, staff, await orderIdOf(t.db, placed.json().orders[0].number));

    for (const reference of [open, accepted.reference, countered]) {
      const row = await offerRow(t.db, reference);
      expect(row, reference).toMatchObject({ status: 'declined', decline_reason: 'sold' });
      expect((await smsOfOffer(t.db, row.id)).at(-1)!.body).toContain('was sold to another buyer');
    }
  });

  it('expires offers, counters and agreed prices when their time runs out, once, by SMS', async () => {
    // Later than every offer of the tests above, which the first sweep ends, so the counts are this test's own.
    const T0 = new Date(START.getTime() + 1000 * HOUR);
    await expireDueBuyerOffers(t.db, T0);
    now = T0;
    const [a, b, c] = [await item('Lapsing A'), await item('Lapsing B'), await item('Lapsing C')];
    const open = (await api.make(a, offerBody(150_000))).json().offer.reference as string;
    const countered = (await api.make(b, offerBody(150_000))).json().offer.reference as string;
    const counteredId = (await offerRow(t.db, countered)).id;
    now = new Date(T0.getTime() + 10 * HOUR);
    await staffOffer(t.app, staff, counteredId, 'counter', { amount: 180_000 });
    const accepted = await agreed(c);

    // At 40 hours only the agreed price is due (accepted at 10 h, for 24 hours).
    expect(await expireDueBuyerOffers(t.db, new Date(T0.getTime() + 40 * HOUR))).toBe(1);
    expect((await offerRow(t.db, accepted.reference)).status).toBe('expired');
    expect((await offerRow(t.db, open)).status).toBe('open');
    // The open offer at 48 hours; the counter 48 hours after it was made.
    expect(await expireDueBuyerOffers(t.db, new Date(T0.getTime() + 48 * HOUR))).toBe(1);
    expect(await expireDueBuyerOffers(t.db, new Date(T0.getTime() + 58 * HOUR))).toBe(1);
    expect(await expireDueBuyerOffers(t.db, new Date(T0.getTime() + 99 * HOUR))).toBe(0);
    for (const reference of [open, countered]) {
      const row = await offerRow(t.db, reference);
      expect(row.status).toBe('expired');
      expect((await smsOfOffer(t.db, row.id)).at(-1)!.body).toContain('has ended without an order');
    }
    // Expired: the buyer's link says so and can no longer accept.
    expect((await api.view(accepted.token)).json().offer.status).toBe('expired');
    expect((await api.accept(accepted.token)).statusCode).toBe(409);
  });
});
