import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addCategory, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { SELL_LINK_PER_MINUTE } from './routes.js';
import { OFFER_REPLACED } from './moves.js';
import { ITEM_NOT_FOUND } from './views.js';
import { sellerCalls, staffCalls, submit } from './testing.js';

const T0 = new Date('2026-04-06T08:00:00.000Z');
const DAY = 86_400_000;

describe.each(engines)("the seller's status link [%s]", (engine) => {
  let t: TestApp;
  let staff: ReturnType<typeof staffCalls>;
  let seller: ReturnType<typeof sellerCalls>;
  let shopId: number;
  let categoryId: number;
  const clock = testClock(T0);

  beforeAll(async () => {
    t = await createTestApp(engine, { clock });
    staff = staffCalls(t.app, (await signIn(t.app, t.db, 'Moderator')).headers);
    seller = sellerCalls(t.app);
    shopId = await addShop(t.db, 'Blantyre Shop', { town: 'Blantyre' });
    categoryId = await addCategory(t.db, 'SmartPhones');
  });
  afterAll(() => t.close());

  it('shows the seller their item, offers and what they may do, privately and without staff names', async () => {
    clock.set(T0);
    const { id, reference, status_token: token } = await submit(t.app, {}, 2);
    const fresh = await seller.view(token);
    expect(fresh.statusCode).toBe(200);
    expect(fresh.headers['cache-control']).toBe('private, no-store');
    expect(fresh.json()).toEqual({
      reference,
      item_name: 'PlayStation 4 Pro',
      description: 'Two controllers, works perfectly',
      price: 450000,
      location: 'Lilongwe, Area 18',
      seller_name: 'Thoko Phiri',
      images: [expect.any(String), expect.any(String)],
      status: 'Pending',
      status_text: 'We received your item and will review it shortly.',
      created_at: T0.toISOString(),
      offers: [],
      open_offer: null,
      can_answer: false,
      history: [{ action: 'submitted', status: 'Pending', by: 'seller', created_at: T0.toISOString() }],
      account: { state: 'offered', email_hint: 't***@example.mw' },
      // Never who paid: that stays in the back-office.
      payout: { status: 'not_paid', method: null, amount: null, reference: null, paid_at: null },
    });

    await staff.approve(id);
    clock.set(new Date(T0.getTime() + 3_600_000));
    expect((await staff.offer(id, '400000', 'Good condition')).statusCode).toBe(200);
    const offered = (await seller.view(token)).json();
    const offerAt = clock().toISOString();
    const expiresAt = new Date(clock().getTime() + 7 * DAY).toISOString();
    expect(offered).toMatchObject({
      status: 'Accepted - Offer Pending',
      status_text: 'We made you an offer. Accept it or decline it below.',
      open_offer: {
        id: expect.any(Number),
        kind: 'offer',
        amount: 400000,
        reason: 'Good condition',
        created_at: offerAt,
        expires_at: expiresAt,
      },
      can_answer: true,
      offers: [
        {
          kind: 'offer',
          amount: 400000,
          reason: 'Good condition',
          created_at: offerAt,
          answer: null,
          answered_at: null,
          answer_reason: null,
        },
      ],
    });
    expect(offered.history.map((h: { by: string }) => h.by)).toEqual(['seller', 'staff', 'staff']);
    const text = JSON.stringify(offered);
    for (const secret of ['Moderator', 'thoko@example.mw', '999-123', 'actor', '"phone"', '"email"'])
      expect(text).not.toContain(secret);
    expect((await staff.detail(id)).offer_expires_at).toBe(expiresAt);
  });

  it("keeps staff's note on an acceptance they recorded out of the seller's view; staff still see it", async () => {
    const { id, status_token: token } = await submit(t.app);
    await staff.approve(id);
    await staff.offer(id);
    expect((await staff.recordAcceptance(id, 'Accepted at the counter, 10:30')).statusCode).toBe(200);
    const seen = (await seller.view(token)).json().offers[0];
    expect(seen).toMatchObject({ answer: 'accepted', answer_reason: null });
    expect((await staff.detail(id)).offers[0]).toMatchObject({
      answer: 'accepted',
      answer_reason: 'Accepted at the counter, 10:30',
    });
  });

  it('answers 404 "We could not find this item" for unknown and malformed tokens alike', async () => {
    const known = (await submit(t.app)).status_token;
    const unknown = `${known.slice(0, -1)}${known.endsWith('A') ? 'B' : 'A'}`;
    for (const token of [unknown, 'short', 'x'.repeat(33), '%00', 'A'.repeat(31) + '!', '1']) {
      for (const res of [
        await seller.view(encodeURIComponent(token)),
        await seller.accept(encodeURIComponent(token)),
        await seller.decline(encodeURIComponent(token), { reason: 'no' }),
      ]) {
        expect(res.statusCode, token).toBe(404);
        expect(res.json().message).toBe(ITEM_NOT_FOUND);
        expect(res.headers['cache-control']).toBe('private, no-store');
      }
    }
  });

  it('lets the seller accept an offer, without a body or with a reason; staff then add the item to the inventory', async () => {
    clock.set(T0);
    for (const body of [undefined, { reason: '  Happy with it ' }]) {
      const { id, status_token: token } = await submit(t.app, {}, 1);
      await staff.offer(id, 300000);
      const offerId = (await seller.view(token)).json().open_offer.id;
      clock.set(new Date(T0.getTime() + DAY));
      const res = await seller.accept(token, body && { ...body, offer_id: offerId });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.json()).toMatchObject({
        status: 'Offer Accepted by Seller',
        status_text: 'You accepted our offer. We will contact you to collect the item and pay you.',
        open_offer: null,
        can_answer: false,
        offers: [
          {
            amount: 300000,
            answer: 'accepted',
            answered_at: clock().toISOString(),
            answer_reason: body ? 'Happy with it' : null,
          },
        ],
      });
      expect(res.json().history.at(-1)).toEqual({
        action: 'sellerAccept',
        status: 'Offer Accepted by Seller',
        by: 'seller',
        created_at: clock().toISOString(),
      });
      const detail = await staff.detail(id);
      expect(detail.history.at(-1)).toMatchObject({
        action: 'sellerAccept',
        from_status: 'Offer Pending',
        to_status: 'Offer Accepted by Seller',
        by: 'seller',
        actor: null,
        reason: body ? 'Happy with it' : null,
      });
      expect(detail.offers[0]).toMatchObject({ answer: 'accepted', answer_reason: body ? 'Happy with it' : null });
      expect(detail.offer_expires_at).toBeNull();
      const audit = await t.db.kysely
        .selectFrom('audit_log')
        .select(['action', 'actor_id'])
        .where('subject_type', '=', 'seller_request')
        .where('subject_id', '=', String(id))
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(audit.actor_id).toBeNull();
      expect(audit.action).toMatch(/^Seller request S-\w{5} PlayStation 4 Pro: the seller accepted the offer$/);

      // Answered: a second answer is a 409 and changes nothing.
      for (const again of [await seller.accept(token), await seller.decline(token)]) {
        expect(again.statusCode).toBe(409);
        expect(again.json().message).toMatch(/: The offer is already accepted\.$/);
      }
      const added = await staff.addToInventory(id, { shop_id: shopId, category_id: categoryId, price: 350000 });
      expect(added.statusCode).toBe(200);
      const product = (
        await t.app.inject({ method: 'GET', url: `/api/v1/products/${added.json().product_id}` })
      ).json();
      expect(product).toMatchObject({ price: 350000, location: 'Blantyre' });
      expect((await seller.view(token)).json()).toMatchObject({
        status: 'Offer Fulfilled',
        status_text: 'We bought your item. Thank you for selling with us!',
        can_answer: false,
      });
    }
  });

  it('lets the seller decline a counter-offer with a reason; staff may then make a new offer, which the seller can accept', async () => {
    clock.set(T0);
    const { id, status_token: token } = await submit(t.app);
    expect((await staff.counter(id, 380000, 'Missing box')).statusCode).toBe(200);
    const view = (await seller.view(token)).json();
    expect(view).toMatchObject({
      status: 'Counter Offer made',
      can_answer: true,
      open_offer: { kind: 'counter', amount: 380000, reason: 'Missing box' },
    });
    const declined = await seller.decline(token, { reason: 'Too low for me', offer_id: view.open_offer.id });
    expect(declined.statusCode).toBe(200);
    expect(declined.json()).toMatchObject({
      status: 'Offer Declined by Seller',
      can_answer: false,
      open_offer: null,
      offers: [{ kind: 'counter', answer: 'declined', answer_reason: 'Too low for me' }],
    });
    expect((await staff.detail(id)).history.at(-1)).toMatchObject({
      action: 'sellerDecline',
      by: 'seller',
      reason: 'Too low for me',
    });
    expect((await staff.addToInventory(id, { shop_id: shopId, category_id: categoryId })).statusCode).toBe(409);
    const again = await seller.accept(token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Cannot accept the offer: The offer is already declined.');

    const second = await staff.offer(id, 420000, 'Best we can do');
    expect(second.json()).toMatchObject({ status: 'Accepted - Offer Pending' });
    const accepted = await seller.accept(token, { offer_id: (await seller.view(token)).json().open_offer.id });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().offers).toMatchObject([
      { kind: 'counter', amount: 380000, answer: 'declined' },
      { kind: 'offer', amount: 420000, answer: 'accepted' },
    ]);
  });

  it('refuses with 409 an answer to an offer that was withdrawn, replaced or never made', async () => {
    clock.set(T0);
    const pending = await submit(t.app);
    const none = await seller.accept(pending.status_token);
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('Cannot accept the offer: There is no offer waiting for an answer.');

    // Rejected by staff: the offer is withdrawn.
    const rejected = await submit(t.app);
    await staff.offer(rejected.id);
    await staff.reject(rejected.id);
    const late = await seller.accept(rejected.status_token);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('Cannot accept the offer: The request was rejected; the offer was withdrawn.');
    expect((await seller.view(rejected.status_token)).json()).toMatchObject({
      status: 'Rejected',
      can_answer: false,
      open_offer: null,
    });

    // The counter the seller saw was replaced by a new offer: the seller must see it before answering.
    const replaced = await submit(t.app);
    await staff.counter(replaced.id);
    const seen = (await seller.view(replaced.status_token)).json().open_offer.id;
    await staff.offer(replaced.id, 390000);
    const stale = await seller.accept(replaced.status_token, { offer_id: seen });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(OFFER_REPLACED);
    const detail = await staff.detail(replaced.id);
    expect(detail.status).toBe('Offer Pending');
    // The replaced counter stays unanswered in the history.
    expect(detail.offers.map((o: { answer: string | null }) => o.answer)).toEqual([null, null]);
  });

  it('validates the answer body', async () => {
    const { id, status_token: token } = await submit(t.app);
    await staff.offer(id);
    const long = await seller.decline(token, { reason: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errors.reason).toBe('Reason must be at most 500 characters');
    const badId = await seller.accept(token, { offer_id: 'one' });
    expect(badId.statusCode).toBe(400);
    const notJson = await t.app.inject({
      method: 'POST',
      url: `/api/v1/sells/${token}/accept`,
      headers: { 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(notJson.statusCode).toBe(400);
    expect((await staff.detail(id)).status).toBe('Offer Pending');
  });

  it('refuses an answer once the offer ran out, even before the sweep marks it expired', async () => {
    clock.set(T0);
    const { id, status_token: token } = await submit(t.app);
    await staff.offer(id);
    clock.set(new Date(T0.getTime() + 7 * DAY - 1));
    expect((await seller.view(token)).json().can_answer).toBe(true);
    clock.set(new Date(T0.getTime() + 7 * DAY));
    expect((await seller.view(token)).json()).toMatchObject({
      can_answer: false,
      open_offer: { expires_at: clock().toISOString() },
    });
    const res = await seller.accept(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Cannot accept the offer: The offer has expired.');
    expect((await staff.detail(id)).status).toBe('Offer Pending');
  });

  it('limits reads and answers through the link per client', async () => {
    const ip = '10.66.66.66';
    const get = () => t.app.inject({ method: 'GET', url: `/api/v1/sells/${'A'.repeat(32)}`, remoteAddress: ip });
    for (let i = 0; i < SELL_LINK_PER_MINUTE; i++) expect((await get()).statusCode).toBe(404);
    expect((await get()).statusCode).toBe(429);
  });
});
