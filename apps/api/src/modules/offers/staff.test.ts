import { OFFER_COUNTER_RANGE, OFFER_PRICES_BELOW_PRICE, OFFER_PRICES_ORDER } from '@marketplace/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addCategory, addProduct, addShop } from '../../test/fixtures.js';
import { multipartBody } from '../images/testing.js';
import { signIn } from '../../test/users.js';
import { offerBody, offerRow, offersApi, smsOfOffer, staffOffer } from './testing.js';

const NOW = new Date('2026-06-01T09:00:00.000Z');

// The shop answers an offer (issue 40 part 2, decision 0103): accept, counter, decline; only the item's shop.
describe.each(engines)("staff answer buyers' offers [%s]", (engine) => {
  let t: TestApp;
  let shopId: number;
  let otherShopId: number;
  let categoryId: number;
  let moderator: Record<string, string>;
  let shopStaff: Record<string, string>;
  let otherStaff: Record<string, string>;
  let api: ReturnType<typeof offersApi>;

  beforeAll(async () => {
    t = await createTestApp(engine, { clock: () => NOW });
    shopId = await addShop(t.db, 'Offer Shop');
    otherShopId = await addShop(t.db, 'Other Offer Shop');
    categoryId = await addCategory(t.db, 'Offer phones');
    moderator = (await signIn(t.app, t.db, 'Moderator')).headers;
    shopStaff = (await signIn(t.app, t.db, 'Shop staff', shopId)).headers;
    otherStaff = (await signIn(t.app, t.db, 'Shop staff', otherShopId)).headers;
    api = offersApi(t.app);
  });
  afterAll(() => t.close());

  /** An open offer of `amount` on a fresh item of `shop` priced 200,000: its id, reference and token. */
  async function offered(amount = 150_000, shop = shopId) {
    const id = await addProduct(t.db, { name: `Answered phone ${amount}`, price: 200_000, shopId: shop, images: 0 });
    const made = await api.make(id, offerBody(amount));
    expect(made.statusCode).toBe(201);
    const { reference, token } = made.json().offer;
    return { productId: id, id: (await offerRow(t.db, reference)).id, reference, token: token as string };
  }

  it('answers Shop staff of another shop 404 on each step, and lists them nothing of it', async () => {
    const { id } = await offered();
    for (const step of ['accept', 'counter', 'decline'] as const) {
      const payload = step === 'counter' ? { amount: 180_000 } : step === 'decline' ? { reason: 'too_low' } : undefined;
      expect((await staffOffer(t.app, otherStaff, id, step, payload)).statusCode, step).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/offers/${id}`, headers: otherStaff })).statusCode,
    ).toBe(404);
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/admin/offers?shop_id=${shopId}`,
      headers: otherStaff,
    });
    expect(theirs.json().offers.map((o: { id: number }) => o.id)).not.toContain(id);
    const ours = await t.app.inject({ method: 'GET', url: '/api/admin/offers?status=open', headers: shopStaff });
    expect(ours.json().offers.map((o: { id: number }) => o.id)).toContain(id);
    expect(ours.json().offers.every((o: { shop_id: number }) => o.shop_id === shopId)).toBe(true);
  });

  it('accepts once: a second click is a 409; the buyer has 24 hours at the agreed price, by SMS', async () => {
    const { id, reference } = await offered(160_000);
    const accepted = await staffOffer(t.app, shopStaff, id, 'accept');
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({
      status: 'accepted',
      agreed_amount: 160_000,
      agreed_until: new Date(NOW.getTime() + 24 * 3_600_000).toISOString(),
    });
    expect((await staffOffer(t.app, shopStaff, id, 'accept')).statusCode).toBe(409);
    expect((await staffOffer(t.app, shopStaff, id, 'decline', { reason: 'too_low' })).statusCode).toBe(409);
    const sms = await smsOfOffer(t.db, id);
    expect(sms.at(-1)!.body).toContain(`your offer ${reference} is accepted`);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('subject_type', '=', 'offer')
      .where('subject_id', '=', String(id))
      .execute();
    expect(audit.map((a) => a.action).join('\n')).toContain('accepted at MWK 160,000');
  });

  it('counters strictly between the offer and the price; the buyer accepts the counter from the link', async () => {
    const { id, token } = await offered(150_000);
    for (const amount of [150_000, 200_000, 120_000]) {
      const refused = await staffOffer(t.app, moderator, id, 'counter', { amount });
      expect(refused.statusCode, String(amount)).toBe(422);
      expect(refused.json().message).toBe(OFFER_COUNTER_RANGE);
    }
    const countered = await staffOffer(t.app, moderator, id, 'counter', { amount: 180_000 });
    expect(countered.statusCode).toBe(200);
    expect(countered.json()).toMatchObject({ status: 'countered', counter_amount: 180_000 });
    expect((await smsOfOffer(t.db, id)).at(-1)!.body).toContain('MWK 180,000');
    expect((await staffOffer(t.app, moderator, id, 'counter', { amount: 190_000 })).statusCode).toBe(409);

    const taken = await api.accept(token);
    expect(taken.statusCode).toBe(200);
    expect(taken.json().offer).toMatchObject({ status: 'accepted', agreed_amount: 180_000 });
    expect((await api.accept(token)).statusCode).toBe(409);
  });

  it('declines with a reason from the list only, told to the buyer in their words', async () => {
    const { id } = await offered();
    expect((await staffOffer(t.app, shopStaff, id, 'decline', { reason: 'Go away' })).statusCode).toBe(400);
    expect((await staffOffer(t.app, shopStaff, id, 'decline', { reason: 'sold' })).statusCode).toBe(400);
    const declined = await staffOffer(t.app, shopStaff, id, 'decline', { reason: 'price_firm' });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', decline_reason: 'price_firm' });
    expect((await smsOfOffer(t.db, id)).at(-1)!.body).toContain('the price is firm');
  });

  it('lets the buyer withdraw; staff then find it withdrawn (409)', async () => {
    const { id, token } = await offered();
    const withdrawn = await api.withdraw(token);
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json().offer.status).toBe('withdrawn');
    expect((await api.withdraw(token)).statusCode).toBe(409);
    const late = await staffOffer(t.app, shopStaff, id, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This offer is withdrawn: it cannot be accepted');
  });

  it('keeps the floor and accept prices to staff: set by the product edit, never in a public answer', async () => {
    const { productId } = await offered();
    await t.db.kysely
      .updateTable('products')
      .set({ floor_price: 140_000, accept_price: 190_000 })
      .where('id', '=', productId)
      .execute();
    const admin = await t.app.inject({ method: 'GET', url: `/api/admin/products/${productId}`, headers: moderator });
    expect(admin.json()).toMatchObject({ floor_price: 140_000, accept_price: 190_000 });
    const pub = await t.app.inject({ method: 'GET', url: `/api/v1/products/${productId}` });
    expect(pub.statusCode).toBe(200);
    expect(pub.body).not.toContain('floor_price');
    expect(pub.body).not.toContain('accept_price');
    expect(pub.body).not.toContain('140000');
    expect(pub.body).not.toContain('190000');
    const list = await t.app.inject({ method: 'GET', url: `/api/v1/products?shop_id=${shopId}` });
    expect(list.body).not.toContain('floor_price');
  });

  it('sets the floor and accept prices by the product edit: below the price, accept at least the floor', async () => {
    const { productId } = await offered();
    const edit = async (prices: Record<string, string>) => {
      const body = await multipartBody([
        ...Object.entries({
          name: 'Answered phone edited',
          category_id: String(categoryId),
          shop_id: String(shopId),
          location: 'Lilongwe',
          price: '200000',
          description: 'Edited with offer prices',
          published: 'true',
        }),
        ...Object.entries(prices),
      ]);
      return t.app.inject({
        method: 'PUT',
        url: `/api/admin/products/${productId}`,
        headers: { ...shopStaff, ...body.headers },
        payload: body.payload,
      });
    };
    const set = await edit({ floor_price: '150000', accept_price: '185000' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ floor_price: 150_000, accept_price: 185_000 });
    // Left out: kept; empty: cleared.
    expect((await edit({})).json()).toMatchObject({ floor_price: 150_000, accept_price: 185_000 });
    expect((await edit({ accept_price: '' })).json()).toMatchObject({ floor_price: 150_000, accept_price: null });
    const above = await edit({ floor_price: '200000' });
    expect(above.statusCode).toBe(400);
    expect(above.json().errors).toEqual({ floor_price: OFFER_PRICES_BELOW_PRICE });
    const crossed = await edit({ floor_price: '170000', accept_price: '160000' });
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().errors).toEqual({ accept_price: OFFER_PRICES_ORDER });
  });

  it('gives figures: offers per item, the acceptance rate and the average discount per category', async () => {
    // A shop of its own: the tests run in a shuffled order, and the figures count every offer of a shop.
    const figuresShop = await addShop(t.db, 'Figures Shop');
    const staff = (await signIn(t.app, t.db, 'Shop staff', figuresShop)).headers;
    const tablets = await addCategory(t.db, 'Figure tablets');
    const item = (name: string) =>
      addProduct(t.db, { name, price: 200_000, shopId: figuresShop, categoryId: tablets, images: 0 });
    const popular = await item('Popular tablet');
    const offerOn = async (productId: number, amount: number) => {
      const { reference, token } = (await api.make(productId, offerBody(amount))).json().offer;
      return { id: (await offerRow(t.db, reference)).id, token: token as string };
    };
    await staffOffer(t.app, staff, (await offerOn(popular, 160_000)).id, 'accept');
    await staffOffer(t.app, staff, (await offerOn(popular, 150_000)).id, 'decline', { reason: 'price_firm' });
    await offerOn(popular, 120_000);
    const countered = await offerOn(await item('Countered tablet'), 150_000);
    await staffOffer(t.app, staff, countered.id, 'counter', { amount: 180_000 });
    expect((await api.accept(countered.token)).statusCode).toBe(200);

    const figures = await t.app.inject({ method: 'GET', url: '/api/admin/offers/figures', headers: staff });
    expect(figures.statusCode).toBe(200);
    const f = figures.json();
    expect(f).toMatchObject({ offers: 4, answered: 3, accepted: 2 });
    expect(f.acceptance_rate).toBeCloseTo(2 / 3);
    expect(f.items[0]).toMatchObject({ product_id: popular, offers: 3 });
    expect(f.categories).toHaveLength(1);
    expect(f.categories[0]).toMatchObject({ category: 'Figure tablets', agreed: 2 });
    // (200,000 - 160,000) / 200,000 and (200,000 - 180,000) / 200,000.
    expect(f.categories[0].average_discount).toBeCloseTo((0.2 + 0.1) / 2);
    // Staff of another shop count none of them.
    const theirs = await t.app.inject({ method: 'GET', url: '/api/admin/offers/figures', headers: otherStaff });
    expect(theirs.json().items.map((i: { product_id: number }) => i.product_id)).not.toContain(popular);
  });
});
