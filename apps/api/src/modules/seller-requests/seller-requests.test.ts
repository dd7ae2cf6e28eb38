import { createHash } from 'node:crypto';
import { allowed, flagsOf, SELLER_STATUSES, sellerReferencePattern, sellerTokenPattern } from '@marketplace/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addCategory, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { multipartBody } from '../images/testing.js';
import { SUBMISSIONS_PER_HOUR, TOO_MANY_SUBMISSIONS } from './routes.js';
import { CHANGED_MEANWHILE } from './moves.js';

const png = (colour: string) =>
  sharp({ create: { width: 60, height: 40, channels: 3, background: colour } })
    .png()
    .toBuffer();
let ip = 1;

describe.each(engines)('seller requests API [%s]', (engine) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let shopId: number;
  let categoryId: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    headers = (await signIn(t.app, t.db, 'Moderator')).headers;
    shopId = await addShop(t.db, 'Mzuzu Shop', { town: 'Mzuzu' });
    categoryId = await addCategory(t.db, 'Gaming Consoles');
  });
  afterAll(() => t.close());

  const form = (over: Record<string, string> = {}) =>
    Object.entries({
      item_name: 'PlayStation 4 Pro',
      description: 'Two controllers, works perfectly',
      price: '450000',
      seller_name: 'Thoko Phiri',
      phone: '+265 999-123 456',
      email: 'thoko@example.mw',
      location: 'Lilongwe, Area 18',
      notify_on_offer: 'true',
      terms_accepted: 'true',
      create_seller_account: 'true',
      ...over,
    }) as [string, string][];

  async function sell(entries: Parameters<typeof multipartBody>[0], remoteAddress = `10.2.0.${ip++ % 250}`) {
    const body = await multipartBody(entries);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/sells',
      headers: body.headers,
      payload: body.payload,
      remoteAddress,
    });
  }
  const photos = async (n: number) =>
    Promise.all(
      Array.from(
        { length: n },
        async (_, i) =>
          ['images', await png(['#a00', '#0a0', '#00a', '#aa0'][i]!), `p${i}.png`, 'image/png'] as [
            string,
            Buffer,
            string,
            string,
          ],
      ),
    );
  const count = async (table: 'seller_requests' | 'images') =>
    Number(
      (
        await t.db.kysely
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const detail = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: `/api/admin/seller-requests/${id}`, headers })).json();

  /** A request put straight into a status; past Pending it has an offer on record, as it would have. */
  async function newRequest(status?: string) {
    const res = await sell([...form(), ...(await photos(2))]);
    const { id } = res.json();
    if (status) await t.db.kysely.updateTable('seller_requests').set({ status }).where('id', '=', id).execute();
    if (status && !['Pending', 'Approved', 'Accepted'].includes(status)) {
      await t.db.kysely
        .insertInto('seller_request_offers')
        .values({
          seller_request_id: id,
          kind: 'offer',
          amount: 400000,
          reason: null,
          actor_id: null,
          created_at: new Date().toISOString(),
        })
        .execute();
    }
    return id as number;
  }

  type StaffAction = 'approve' | 'reject' | 'offer' | 'counter' | 'addToInventory' | 'recordAcceptance';
  const actions: Record<
    StaffAction,
    (id: number) => Promise<{ statusCode: number; json(): { message?: string; status?: string } }>
  > = {
    approve: (id) => t.app.inject({ method: 'POST', url: `/api/admin/seller-requests/${id}/approved`, headers }),
    reject: (id) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/seller-requests/${id}/denied`,
        headers,
        payload: { reason: 'Screen is cracked' },
      }),
    offer: (id) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/seller-requests/${id}/offer`,
        headers,
        payload: { price: '400000', reason: 'Market price' },
      }),
    counter: (id) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/counter-offer/${id}`,
        headers,
        payload: { counter_price: '380000', reason: 'Missing box' },
      }),
    addToInventory: (id) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/seller-requests/${id}/add-to-inventory`,
        headers,
        payload: {
          shop_id: shopId,
          category_id: categoryId,
          seller_request_id: id,
          publish_product: true,
          price: 520000,
        },
      }),
    recordAcceptance: (id) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/seller-requests/${id}/seller-accepted`,
        headers,
        payload: { note: 'Agreed on the phone' },
      }),
  };

  it('stores a public submission as Pending with its normalised photos, a reference and a private link', async () => {
    const res = await sell([...form(), ...(await photos(2))]);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      status: 'Pending',
      message: 'Item successfully submitted!',
      reference: expect.stringMatching(sellerReferencePattern),
      status_token: expect.stringMatching(sellerTokenPattern),
      in_account: false,
    });
    const { reference, status_token: token } = res.json();
    // Only the token's hash is stored.
    const row = await t.db.kysely
      .selectFrom('seller_requests')
      .selectAll()
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(row.status_token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    const request = await detail(res.json().id);
    expect(request).toMatchObject({
      reference,
      category: null,
      offer_expires_at: null,
      seller_name: 'Thoko Phiri',
      price: 450000,
      status: 'Pending',
      notify_on_offer: true,
      terms_accepted: true,
      create_seller_account: true,
      product_id: null,
      offers: [],
    });
    expect(request.images).toHaveLength(2);
    expect(request.history).toMatchObject([
      { action: 'submitted', from_status: null, to_status: 'Pending', by: 'seller', actor: null },
    ]);
  });

  it.each([
    ['item_name', '', 'Item name is required'],
    ['description', '', 'Description is required'],
    ['description', 'x'.repeat(501), 'Description must be under 500 characters'],
    ['price', '', 'Price is required'],
    ['price', '12,000', 'Price must contain only numbers'],
    ['seller_name', '', 'Your name is required'],
    ['phone', '', 'Phone number is required'],
    ['phone', '0999 abc', 'Invalid phone number'],
    ['phone', '12', 'Invalid phone number'],
    ['phone', '0550 123 456', 'Invalid phone number'],
    ['seller_name', 'Z', 'Name must have at least two letters'],
    ['seller_name', '😀', 'Name must have at least two letters'],
    ['email', '', 'Email is required'],
    ['email', 'thoko@', 'Invalid email'],
    ['location', '', 'Location is required'],
    ['terms_accepted', 'false', 'You must accept the terms'],
    ['category', 'Fridges', 'Choose a category from the list'],
    ['category', 'x'.repeat(101), 'Choose a category from the list'],
  ])('refuses %s=%j with "%s" and stores nothing', async (field, value, message) => {
    const before = [await count('seller_requests'), await count('images')];
    const res = await sell([...form({ [field]: value }), ...(await photos(1))]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect([await count('seller_requests'), await count('images')]).toEqual(before);
  });

  it('keeps the category the seller chose, by its name in any case, and shows it to staff', async () => {
    const res = await sell([...form({ category: ' gaming CONSOLES ' }), ...(await photos(1))]);
    expect(res.statusCode).toBe(201);
    expect((await detail(res.json().id)).category).toEqual({ id: categoryId, name: 'Gaming Consoles' });
    const none = await sell([...form({ category: '' }), ...(await photos(1))]);
    expect((await detail(none.json().id)).category).toBeNull();
  });

  it('takes a description of exactly 500 characters, the most allowed', async () => {
    const res = await sell([...form({ description: 'x'.repeat(500) }), ...(await photos(1))]);
    expect(res.statusCode).toBe(201);
    expect(
      (
        await t.db.kysely
          .selectFrom('seller_requests')
          .select('description')
          .where('id', '=', res.json().id)
          .executeTakeFirstOrThrow()
      ).description,
    ).toHaveLength(500);
  });

  it('uses the admin wording for a walk-in seller created by staff', async () => {
    const body = await multipartBody([...form({ seller_name: '' })]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/seller-requests',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.json().errors.seller_name).toBe('Seller name is required');
    const ok = await multipartBody([...form({ seller_name: 'Walk-in Customer' }), ...(await photos(1))]);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/seller-requests',
      headers: { ...headers, ...ok.headers },
      payload: ok.payload,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({
      seller_name: 'Walk-in Customer',
      status: 'Pending',
      history: [{ by: 'staff', actor: 'Moderator Tester' }],
    });
    expect(created.json().reference).toMatch(sellerReferencePattern);
  });

  it('refuses a whole submission with a non-image file, a fourth file or an oversize file', async () => {
    const before = [await count('seller_requests'), await count('images')];
    const bad = await sell([
      ...form(),
      ...(await photos(1)),
      ['images', Buffer.from('%PDF-1.4 not an image'), 'photo.jpg', 'image/jpeg'],
    ]);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('File is not a supported image');
    const four = await sell([...form(), ...(await photos(4))]);
    expect(four.statusCode).toBe(400);
    expect(four.json().message).toBe('At most 3 images are allowed');
    const huge = await sell([...form(), ['images', Buffer.alloc(10 * 1024 * 1024 + 10, 1), 'big.png', 'image/png']]);
    expect(huge.statusCode).toBe(413);
    expect([await count('seller_requests'), await count('images')]).toEqual(before);
  });

  it('limits submissions per IP with a 429 and a message', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < SUBMISSIONS_PER_HOUR; i++) statuses.push((await sell(form(), '10.77.77.77')).statusCode);
    expect(statuses.every((s) => s === 201)).toBe(true);
    const last = await sell(form(), '10.77.77.77');
    expect(last.statusCode).toBe(429);
    expect(last.json().message).toBe(TOO_MANY_SUBMISSIONS);
  });

  for (const status of SELLER_STATUSES) {
    for (const action of Object.keys(actions) as (keyof typeof actions)[]) {
      const yes = allowed(flagsOf(status), action);
      it(`${yes ? 'accepts' : 'refuses with 409'} ${action} from ${status}`, async () => {
        const id = await newRequest(status);
        const res = await actions[action](id);
        if (yes) {
          expect(res.statusCode).toBe(200);
          const after = await detail(id);
          expect(after.history.at(-1)).toMatchObject({
            action,
            from_status: status,
            to_status: after.status,
            by: 'staff',
            actor: 'Moderator Tester',
          });
        } else {
          expect(res.statusCode).toBe(409);
          expect(res.json().message).toMatch(/^Cannot .+: .+\.$/);
          expect((await detail(id)).status).toBe(status);
        }
      });
    }
  }

  it('runs the whole flow: approve, offer, acceptance recorded by staff, add to inventory at a selling price', async () => {
    const id = await newRequest();
    expect((await actions.approve(id)).json().status).toBe('Approved');
    const offered = await actions.offer(id);
    expect(offered.json().status).toBe('Accepted - Offer Pending');
    // Not before the seller has accepted.
    const early = await actions.addToInventory(id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Cannot add to inventory: The seller has not accepted the offer yet.');
    const noNote = await t.app.inject({
      method: 'POST',
      url: `/api/admin/seller-requests/${id}/seller-accepted`,
      headers,
      payload: { note: '  ' },
    });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors.note).toBe('Note is required');
    const recorded = await actions.recordAcceptance(id);
    expect(recorded.statusCode).toBe(200);
    expect(recorded.json()).toMatchObject({ status: 'Offer Accepted by Seller' });
    const accepted = await detail(id);
    expect(accepted.offer_expires_at).toBeNull();
    expect(accepted.offers).toMatchObject([
      {
        kind: 'offer',
        amount: 400000,
        answer: 'accepted',
        answer_reason: 'Agreed on the phone',
        answered_at: expect.any(String),
      },
    ]);
    expect(accepted.history.at(-1)).toMatchObject({
      action: 'recordAcceptance',
      reason: 'Agreed on the phone',
      by: 'staff',
      actor: 'Moderator Tester',
    });

    const done = await actions.addToInventory(id);
    expect(done.statusCode).toBe(200);
    const request = await detail(id);
    expect(request.status).toBe('Offer Fulfilled');
    expect(request.offers).toMatchObject([
      { kind: 'offer', amount: 400000, reason: 'Market price', actor: 'Moderator Tester', answer: 'accepted' },
    ]);
    expect(request.history.map((h: { to_status: string }) => h.to_status)).toEqual([
      'Pending',
      'Approved',
      'Accepted - Offer Pending',
      'Offer Accepted by Seller',
      'Offer Fulfilled',
    ]);
    const product = (await t.app.inject({ method: 'GET', url: `/api/v1/products/${request.product_id}` })).json();
    // Sold at the selling price staff chose, in the chosen shop's town.
    expect(product).toMatchObject({
      name: 'PlayStation 4 Pro',
      price: 520000,
      location: 'Mzuzu',
      shop: { id: shopId, name: 'Mzuzu Shop' },
      category: { category_name: 'Gaming Consoles' },
    });
    expect(product).not.toHaveProperty('buying_price');
    // The back-office sees both prices: what we paid and what we sell at.
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/products/${request.product_id}`, headers })).json(),
    ).toMatchObject({ location: 'Mzuzu', price: 520000, buying_price: 400000 });
    expect(product.images).toEqual(request.images);
    const listed = (await t.app.inject({ method: 'GET', url: '/api/v1/products/category/Gaming%20Consoles' })).json();
    expect(listed.products.map((p: { id: number }) => p.id)).toContain(request.product_id);
    // Deleting the fulfilled request keeps the product and its photos.
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/seller-requests/${id}`, headers })).statusCode,
    ).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${product.images[0]}` })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/seller-requests/${id}`, headers })).json().message,
    ).toBe('Seller request not found');
  });

  it('takes offer amounts and the selling price as JSON numbers or digit strings', async () => {
    const id = await newRequest();
    const offer = await t.app.inject({
      method: 'POST',
      url: `/api/admin/seller-requests/${id}/offer`,
      headers,
      payload: { price: 410000 },
    });
    expect(offer.statusCode).toBe(200);
    expect(offer.json().offers.at(-1)).toMatchObject({ amount: 410000, reason: null });
    const counterId = await newRequest();
    const counter = await t.app.inject({
      method: 'POST',
      url: `/api/admin/counter-offer/${counterId}`,
      headers,
      payload: { counter_price: 395000, reason: 'Scratches' },
    });
    expect(counter.statusCode).toBe(200);
    expect(counter.json().offers.at(-1)).toMatchObject({ kind: 'counter', amount: 395000 });
    for (const [price, message] of [
      [-5, 'Offer amount must contain only numbers'],
      [1.5, 'Offer amount must contain only numbers'],
      ['', 'Offer amount is required'],
      [null, 'Offer amount is required'],
      [1e13, 'Offer amount is too large'],
      // An offer of 0 would be a payout of 0, which the ledger refuses (it answered 500 when paid).
      [0, 'Offer amount must be more than 0'],
      ['000', 'Offer amount must be more than 0'],
    ] as const) {
      const bad = await t.app.inject({
        method: 'POST',
        url: `/api/admin/seller-requests/${await newRequest()}/offer`,
        headers,
        payload: { price },
      });
      expect(bad.statusCode, String(price)).toBe(400);
      expect(bad.json().errors.price).toBe(message);
    }
    await actions.recordAcceptance(id);
    const added = await t.app.inject({
      method: 'POST',
      url: `/api/admin/seller-requests/${id}/add-to-inventory`,
      headers,
      payload: { shop_id: String(shopId), category_id: categoryId, price: '499000' },
    });
    expect(added.statusCode).toBe(200);
    const product = (
      await t.app.inject({ method: 'GET', url: `/api/admin/products/${added.json().product_id}`, headers })
    ).json();
    expect(product).toMatchObject({ price: 499000, buying_price: 410000 });
  });

  it('validates action bodies with clear messages', async () => {
    const id = await newRequest('Approved');
    const noShop = await t.app.inject({
      method: 'POST',
      url: `/api/admin/seller-requests/${id}/add-to-inventory`,
      headers,
      payload: { shop_id: '', category_id: '' },
    });
    expect(noShop.json().errors).toMatchObject({
      shop_id: 'Please select a shop before confirming.',
      category_id: 'Please select a category before confirming.',
      price: 'Selling price is required',
    });
    const badPrice = await t.app.inject({
      method: 'POST',
      url: `/api/admin/seller-requests/${id}/add-to-inventory`,
      headers,
      payload: { shop_id: shopId, category_id: categoryId, price: '12,000' },
    });
    expect(badPrice.json().errors.price).toBe('Selling price must contain only numbers');
    const freePrice = await t.app.inject({
      method: 'POST',
      url: `/api/admin/seller-requests/${id}/add-to-inventory`,
      headers,
      payload: { shop_id: shopId, category_id: categoryId, price: '0' },
    });
    expect(freePrice.json().errors.price).toBe('Selling price must be more than 0');
    const freeCounter = await t.app.inject({
      method: 'POST',
      url: `/api/admin/counter-offer/${id}`,
      headers,
      payload: { counter_price: 0 },
    });
    expect(freeCounter.statusCode).toBe(400);
    expect(freeCounter.json().errors.counter_price).toBe('Counter-offer amount must be more than 0');
    const badAmount = await t.app.inject({
      method: 'POST',
      url: `/api/admin/seller-requests/${id}/offer`,
      headers,
      payload: { price: 'lots', reason: '' },
    });
    expect(badAmount.json().errors.price).toBe('Offer amount must contain only numbers');
    const noReason = await t.app.inject({
      method: 'POST',
      url: `/api/admin/seller-requests/${id}/denied`,
      headers,
      payload: { reason: ' ' },
    });
    expect(noReason.json().errors.reason).toBe('Reason is required');
    const longNote = await t.app.inject({
      method: 'POST',
      url: `/api/admin/seller-requests/${id}/seller-accepted`,
      headers,
      payload: { note: 'x'.repeat(501) },
    });
    expect(longNote.json().errors.note).toBe('Note must be at most 500 characters');
    const missingShop = await t.app.inject({
      method: 'POST',
      url: `/api/admin/seller-requests/${await newRequest('Offer Accepted by Seller')}/add-to-inventory`,
      headers,
      payload: { shop_id: 999, category_id: categoryId, price: 500000 },
    });
    expect(missingShop.statusCode).toBe(400);
    expect(missingShop.json().errors.shop_id).toBe('Shop not found');
  });

  it('lets exactly one of two staff acting at once win, with a consistent history', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await newRequest();
      const results = await Promise.all([actions.approve(id), actions.approve(id)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const offers = await Promise.all([actions.offer(id), actions.offer(id)]);
      expect(offers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const loser = offers.find((r) => r.statusCode === 409)!.json().message!;
      expect([CHANGED_MEANWHILE, 'Cannot make an offer: An offer has already been sent.']).toContain(loser);
      const request = await detail(id);
      expect(request.offers).toHaveLength(1);
      expect(request.history.map((h: { to_status: string }) => h.to_status)).toEqual([
        'Pending',
        'Approved',
        'Accepted - Offer Pending',
      ]);
    }
  });

  it('lists requests newest first with the total for paging', async () => {
    // Five of its own, so a full page of five exists whatever ran before.
    for (let i = 0; i < 5; i++) expect((await sell(form({ item_name: `Listed item ${i}` }))).statusCode).toBe(201);
    const res = (
      await t.app.inject({ method: 'GET', url: '/api/admin/seller-requests?limit=5&offset=0', headers })
    ).json();
    expect(res.limit).toBe(5);
    expect(res.seller_requests).toHaveLength(5);
    expect(res.total).toBe(await count('seller_requests'));
    expect(res.seller_requests[0]).toEqual(
      expect.objectContaining({
        reference: expect.stringMatching(sellerReferencePattern),
        seller_name: expect.any(String),
        email: expect.any(String),
        item_name: expect.any(String),
        price: expect.any(Number),
        status: expect.any(String),
      }),
    );
  });

  it('finds requests by reference, phone digits or email, with paging and the total', async () => {
    const list = async (search: string, extra = '') =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/admin/seller-requests?search=${encodeURIComponent(search)}${extra}`,
          headers,
        })
      ).json();
    const mine = (
      await sell(form({ seller_name: 'Search Me', phone: '+265 888 765 432', email: 'Search.Me@Example.MW' }))
    ).json();
    const other = (
      await sell(form({ seller_name: 'Someone Else', phone: '0999 111 222', email: 'else@example.mw' }))
    ).json();
    // Four with the default form's phone, for the paged search below.
    for (let i = 0; i < 4; i++)
      expect((await sell(form({ item_name: `Default phone item ${i}` }))).statusCode).toBe(201);
    const ids = (r: { seller_requests: { id: number }[] }) => r.seller_requests.map((x) => x.id);

    expect(ids(await list(mine.reference))).toEqual([mine.id]);
    expect(ids(await list(`  ${mine.reference.toLowerCase()} `))).toEqual([mine.id]);
    expect(ids(await list(mine.reference.slice(2)))).toEqual([mine.id]);
    expect(ids(await list('0888 765 432'))).toEqual([mine.id]);
    expect(ids(await list('+265888765432'))).toEqual([mine.id]);
    expect(ids(await list('265 (0) 888-765-432'))).toEqual([mine.id]);
    expect(ids(await list('search.me@example.mw'))).toEqual([mine.id]);
    expect(ids(await list('SEARCH.ME@EXAMPLE.MW'))).toEqual([mine.id]);
    expect(ids(await list('0999111222'))).toEqual([other.id]);
    expect(await list('S-ZZZZZ')).toMatchObject({ seller_requests: [], total: 0 });
    expect(await list('nobody@example.mw')).toMatchObject({ seller_requests: [], total: 0 });
    expect(await list('888')).toMatchObject({ seller_requests: [], total: 0 });

    // The default form's phone: every request submitted with it, paged, with the whole total.
    const all = await list('0999 123 456', '&limit=2&offset=1');
    const total = Number(
      (
        await t.db.kysely
          .selectFrom('seller_requests')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('phone_key', '=', '999123456')
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(total).toBeGreaterThan(3);
    expect(all).toMatchObject({ total, limit: 2, offset: 1 });
    expect(all.seller_requests).toHaveLength(2);
    // An empty search is no search.
    expect((await list('  ')).total).toBe(await count('seller_requests'));
    const tooLong = await t.app.inject({
      method: 'GET',
      url: `/api/admin/seller-requests?search=${'x'.repeat(201)}`,
      headers,
    });
    expect(tooLong.statusCode).toBe(400);
  });
});
