import {
  OFFER_ALREADY_OPEN,
  OFFER_AT_PRICE,
  OFFER_NOT_ON_SALE,
  OFFER_TOO_MANY,
  offerTooLowText,
} from '@marketplace/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addProduct, addShop } from '../../test/fixtures.js';
import { items, nextIp, nextPhone, placeOrder } from '../orders/testing.js';
import { OFFERS_PER_ADDRESS_HOUR } from './buyer-routes.js';
import { offerBody, offerRow, offersApi, smsOfOffer } from './testing.js';

const NOW = new Date('2026-06-01T09:00:00.000Z');

// Making an offer (issue 40 part 1, decision 0103): the refusals first, then what an offer leaves behind.
describe.each(engines)('making an offer [%s]', (engine) => {
  let t: TestApp;
  let shopId: number;
  let api: ReturnType<typeof offersApi>;

  beforeAll(async () => {
    t = await createTestApp(engine, { clock: () => NOW, publicUrl: 'https://marketplace.test' });
    shopId = await addShop(t.db);
    api = offersApi(t.app);
  });
  afterAll(() => t.close());

  const item = (name: string, over: Partial<Parameters<typeof addProduct>[1]> = {}) =>
    addProduct(t.db, { name, price: 200_000, shopId, images: 0, ...over });

  it('answers 201 with the private token, keeps the phone live once, and sends the link by SMS', async () => {
    const id = await item('Offered phone');
    const made = await api.make(id, offerBody(150_000, { phone: '0888 100 200', note: 'Can collect today' }));
    expect(made.statusCode).toBe(201);
    const { offer } = made.json();
    expect(offer).toMatchObject({ status: 'open', amount: 150_000, list_price: 200_000, product_id: id });
    expect(offer.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(offer.expires_at).toBe(new Date(NOW.getTime() + 48 * 3_600_000).toISOString());
    const row = await offerRow(t.db, offer.reference);
    // Only the token's hash is kept.
    expect(JSON.stringify(row)).not.toContain(offer.token);
    expect(row).toMatchObject({ phone: '+265888100200', note: 'Can collect today', shop_id: shopId });
    const sms = await smsOfOffer(t.db, row.id);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.recipient).toBe('+265888100200');
    expect(sms[0]!.body).toContain(`https://marketplace.test/offer/${offer.token}`);

    const viewed = await api.view(offer.token);
    expect(viewed.statusCode).toBe(200);
    expect(viewed.headers['cache-control']).toBe('private, no-store');
    expect(viewed.json().offer).toMatchObject({ reference: offer.reference, status: 'open', amount: 150_000 });
  });

  it('keeps no links or phone numbers of the note', async () => {
    const id = await item('Noted phone');
    const note = 'Call me on 0999 123 456 or see www.cheap-phones.example/deal, cash ready';
    const made = await api.make(id, offerBody(160_000, { note }));
    expect(made.statusCode).toBe(201);
    const row = await offerRow(t.db, made.json().offer.reference);
    expect(row.note).toBe('Call me on or see cash ready');
    expect(row.note).not.toMatch(/\d{3}|www|http/);
  });

  it('refuses under half the price and at the price, saying how much is needed', async () => {
    const id = await item('Haggled phone');
    const low = await api.make(id, offerBody(99_999));
    expect(low.statusCode).toBe(422);
    expect(low.json()).toMatchObject({ message: offerTooLowText(100_000), code: 'offer_too_low', minimum: 100_000 });
    const full = await api.make(id, offerBody(200_000));
    expect(full.statusCode).toBe(422);
    expect(full.json().message).toBe(OFFER_AT_PRICE);
    expect((await api.make(id, offerBody(100_000))).statusCode).toBe(201);
  });

  it('refuses sold, reserved, moving and unlisted items with a 409, and an unknown item with a 404', async () => {
    const sold = await item('Sold phone', { sold: true });
    const unlisted = await item('Draft phone', { published: false });
    const moving = await item('Moving phone');
    await t.db.kysely.updateTable('products').set({ transit_shop_id: shopId }).where('id', '=', moving).execute();
    const held = await item('Held phone');
    expect((await placeOrder(t.app, items(held))).statusCode).toBe(201);
    for (const id of [sold, unlisted, moving, held]) {
      const refused = await api.make(id, offerBody(150_000));
      expect(refused.statusCode, String(id)).toBe(409);
      expect(refused.json().message).toBe(OFFER_NOT_ON_SALE);
    }
    expect((await api.make(999_999, offerBody(150_000))).statusCode).toBe(404);
  });

  it('refuses a second waiting offer of one phone on one item, even two at once', async () => {
    const id = await item('Twice offered phone');
    const buyer = nextPhone();
    const [a, b] = await Promise.all([
      api.make(id, offerBody(150_000, { phone: buyer })),
      api.make(id, offerBody(155_000, { phone: buyer })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const again = await api.make(id, offerBody(160_000, { phone: buyer }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(OFFER_ALREADY_OPEN);
    // Another phone may offer on the same item.
    expect((await api.make(id, offerBody(150_000))).statusCode).toBe(201);
  });

  it('refuses a sixth waiting offer of one phone', async () => {
    const buyer = nextPhone();
    for (let i = 0; i < 5; i++)
      expect((await api.make(await item(`Cap phone ${i}`), offerBody(150_000, { phone: buyer }))).statusCode).toBe(201);
    const sixth = await api.make(await item('Cap phone 5'), offerBody(150_000, { phone: buyer }));
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json()).toMatchObject({ message: OFFER_TOO_MANY, code: 'offers_phone', limit: 5 });
  });

  it('answers the 11th offer an hour from one address with a 429', async () => {
    const address = nextIp();
    for (let i = 0; i < OFFERS_PER_ADDRESS_HOUR; i++)
      expect((await api.make(await item(`Flood phone ${i}`), offerBody(150_000), address)).statusCode).toBe(201);
    const flood = await api.make(await item('Flood phone 10'), offerBody(150_000), address);
    expect(flood.statusCode).toBe(429);
  });

  it('answers a guessed, malformed or another kind of token with the same 404', async () => {
    for (const token of ['A'.repeat(32), 'short', `${'x'.repeat(31)}!`]) {
      expect((await api.view(token)).statusCode).toBe(404);
      expect((await api.withdraw(token)).statusCode).toBe(404);
      expect((await api.accept(token)).statusCode).toBe(404);
    }
  });

  it('declines at once under the floor price, politely, and accepts at once at the accept price', async () => {
    const id = await item('Floored phone');
    await t.db.kysely
      .updateTable('products')
      .set({ floor_price: 170_000, accept_price: 190_000 })
      .where('id', '=', id)
      .execute();
    const under = await api.make(id, offerBody(160_000));
    expect(under.statusCode).toBe(201);
    expect(under.json().offer).toMatchObject({ status: 'declined', decline_reason: 'below_floor', expires_at: null });
    const underRow = await offerRow(t.db, under.json().offer.reference);
    expect((await smsOfOffer(t.db, underRow.id))[0]!.body).toContain('below what the shop can accept');

    const middle = await api.make(id, offerBody(180_000));
    expect(middle.json().offer.status).toBe('open');
    const high = await api.make(id, offerBody(190_000));
    expect(high.statusCode).toBe(201);
    const until = new Date(NOW.getTime() + 24 * 3_600_000).toISOString();
    expect(high.json().offer).toMatchObject({ status: 'accepted', agreed_amount: 190_000, agreed_until: until });
    const highRow = await offerRow(t.db, high.json().offer.reference);
    expect((await smsOfOffer(t.db, highRow.id))[0]!.body).toContain('is accepted');
  });

  it('writes the SMS in the language the buyer browses in', async () => {
    const id = await item('Chichewa phone');
    const made = await api.make(id, offerBody(150_000), nextIp(), { cookie: 'lang=ny' });
    const row = await offerRow(t.db, made.json().offer.reference);
    expect(row.language).toBe('ny');
    expect((await smsOfOffer(t.db, row.id))[0]!.body).toContain('wapita ku shopu');
  });
});
