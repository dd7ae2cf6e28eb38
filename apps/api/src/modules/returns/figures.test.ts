import type { ReturnKind, ReturnStatus } from '@marketplace/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testClock, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addCategory, addProduct, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { submit } from '../seller-requests/testing.js';
import { sellerCameBack } from './figures.js';

// Issue 38 part 4: returns and warranty claims per shop this week, refunded amounts per week, and the share of sold
// items (lines of orders completed in the last 90 days) that came back, per category and per seller.
const DAY = 86_400_000;
const NOW = new Date('2026-03-10T12:00:00.000Z');
const ago = (days: number) => new Date(NOW.getTime() - days * DAY).toISOString();

describe.each(engines)('after-sale figures [%s]', (engine) => {
  let t: TestApp;
  let staff: Record<string, string>;
  let shopA: number;
  let shopB: number;
  let phones: number;
  let consoles: number;
  let sellerRequest: number;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp(engine, { clock: testClock(NOW) });
    staff = (await signIn(t.app, t.db, 'Moderator')).headers;
    shopA = await addShop(t.db, 'Figures Shop A');
    shopB = await addShop(t.db, 'Figures Shop B');
    phones = await addCategory(t.db, 'Figure Phones');
    consoles = await addCategory(t.db, 'Figure Consoles');
    // One item per seller request: the seller offered five, another seller one.
    const offered = async (phone: string) => (await submit(t.app, { phone })).id;
    const seller = await Promise.all(Array.from({ length: 5 }, () => offered('+265 888 555 001')));
    sellerRequest = seller[0]!;
    const otherSeller = await offered('+265 888 555 002');
    // The seller's 4 phones sold at shop A in the window (one long ago, outside it), another seller's console at B.
    const sold = [
      await sale({ shopId: shopA, categoryId: phones, sellerRequestId: seller[0]!, completed: ago(20) }),
      await sale({ shopId: shopA, categoryId: phones, sellerRequestId: seller[1]!, completed: ago(10) }),
      await sale({ shopId: shopA, categoryId: phones, sellerRequestId: seller[2]!, completed: ago(5) }),
      await sale({ shopId: shopA, categoryId: phones, sellerRequestId: seller[3]!, completed: ago(3) }),
      await sale({ shopId: shopA, categoryId: phones, sellerRequestId: seller[4]!, completed: ago(120) }),
      await sale({ shopId: shopB, categoryId: consoles, sellerRequestId: otherSeller, completed: ago(4) }),
    ];
    // This week: a return refunded 150,000 and a warranty claim at A, a declined return at B; earlier: a refunded
    // return (two weeks ago) and the old item's claim (out of the rate's window).
    await ask(sold[2]!, { kind: 'return', status: 'refunded', created: ago(2), decided: ago(1), amount: 150_000 });
    await ask(sold[3]!, { kind: 'warranty', status: 'in_repair', created: ago(1) });
    await ask(sold[5]!, { kind: 'return', status: 'declined', created: ago(2), decided: ago(2) });
    await ask(sold[0]!, { kind: 'return', status: 'refunded', created: ago(15), decided: ago(14), amount: 90_000 });
    await ask(sold[4]!, { kind: 'warranty', status: 'declined', created: ago(100), decided: ago(100) });
    // Asked twice for one item (declined, then a claim that stands): it came back once.
    await ask(sold[3]!, { kind: 'return', status: 'declined', created: ago(20), decided: ago(19) });
  });
  afterAll(() => t.close());

  /** A completed order of one item; its order item's id. */
  async function sale(s: { shopId: number; categoryId: number; sellerRequestId: number; completed: string }) {
    n++;
    const productId = await addProduct(t.db, {
      name: `Figure item ${n}`,
      shopId: s.shopId,
      categoryId: s.categoryId,
      sold: true,
      images: 0,
    });
    const k = t.db.kysely;
    await k.updateTable('products').set({ seller_request_id: s.sellerRequestId }).where('id', '=', productId).execute();
    const order = await k
      .insertInto('orders')
      .values({
        number: `FIG-${n}`,
        token_hash: `figures-${engine}-${n}`,
        status: 'Completed',
        version: 3,
        shop_id: s.shopId,
        buyer_name: 'Chikondi Banda',
        phone: '+265999123456',
        email: null,
        fulfilment: 'collect',
        address: null,
        area: null,
        subtotal: 150_000,
        delivery_fee: null,
        total: 150_000,
        payment_method: 'cash',
        payment_reference: null,
        expires_at: s.completed,
        completed_at: s.completed,
        created_at: s.completed,
        updated_at: s.completed,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const item = await k
      .insertInto('order_items')
      .values({ order_id: order.id, product_id: productId, name: `Figure item ${n}`, price: 150_000, image: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return item.id;
  }

  async function ask(
    orderItemId: number,
    r: { kind: ReturnKind; status: ReturnStatus; created: string; decided?: string; amount?: number },
  ) {
    const k = t.db.kysely;
    const item = await k
      .selectFrom('order_items as i')
      .innerJoin('orders as o', 'o.id', 'i.order_id')
      .select(['i.order_id', 'i.product_id', 'o.shop_id'])
      .where('i.id', '=', orderItemId)
      .executeTakeFirstOrThrow();
    n++;
    await k
      .insertInto('returns')
      .values({
        reference: `R-FIG${n}`,
        order_id: item.order_id,
        order_item_id: orderItemId,
        product_id: item.product_id,
        shop_id: item.shop_id,
        kind: r.kind,
        reason: 'not_working',
        status: r.status,
        address_group: '10.0.0.1',
        refund_amount: r.amount ?? null,
        refund_method: r.amount ? 'cash' : null,
        decided_at: r.decided ?? null,
        created_at: r.created,
        updated_at: r.decided ?? r.created,
      })
      .execute();
  }

  it("counts this week's returns and warranty claims per shop, the refunds, and the categories' return rates", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: staff });
    expect(res.statusCode).toBe(200);
    expect(res.json().after_sale).toEqual({
      by_shop: [
        { shop_id: shopA, shop_name: 'Figures Shop A', returns: 1, warranty_claims: 1 },
        { shop_id: shopB, shop_name: 'Figures Shop B', returns: 1, warranty_claims: 0 },
      ],
      refunded_this_week: 150_000,
      // Phones: 4 sold in 90 days, 3 came back (the declined requests do not count); consoles: the one's declined.
      rate_by_category: [
        { category_id: phones, category_name: 'Figure Phones', came_back: 3, sold: 4 },
        { category_id: consoles, category_name: 'Figure Consoles', came_back: 0, sold: 1 },
      ],
    });
  });

  it("shows Shop staff their own shop's figures only", async () => {
    const shopStaff = (await signIn(t.app, t.db, 'Shop staff', shopB)).headers;
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: shopStaff });
    expect(res.json().after_sale).toEqual({
      by_shop: [{ shop_id: shopB, shop_name: 'Figures Shop B', returns: 1, warranty_claims: 0 }],
      refunded_this_week: 0,
      rate_by_category: [{ category_id: consoles, category_name: 'Figure Consoles', came_back: 0, sold: 1 }],
    });
  });

  it('sums the refunds of returns per week on the Money screen, the last 8 weeks ending today', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/money/refunds', headers: staff });
    expect(res.statusCode).toBe(200);
    const weeks = res.json().weeks as { from: string; refunds: number; refunded: number }[];
    expect(weeks.map((w) => w.from)).toEqual([
      '2026-01-14',
      '2026-01-21',
      '2026-01-28',
      '2026-02-04',
      '2026-02-11',
      '2026-02-18',
      '2026-02-25',
      '2026-03-04',
    ]);
    expect(weeks.filter((w) => w.refunds > 0)).toEqual([
      { from: '2026-02-18', refunds: 1, refunded: 90_000 },
      { from: '2026-03-04', refunds: 1, refunded: 150_000 },
    ]);
    const shopStaff = (await signIn(t.app, t.db, 'Shop staff', shopB)).headers;
    // Shop staff are kept to their shop whatever they ask (B refunded nothing).
    const theirs = await t.app.inject({
      method: 'GET',
      url: `/api/admin/money/refunds?shop_id=${shopA}`,
      headers: shopStaff,
    });
    expect((theirs.json().weeks as { refunded: number }[]).every((w) => w.refunded === 0)).toBe(true);
    const a = await t.app.inject({ method: 'GET', url: `/api/admin/money/refunds?shop_id=${shopA}`, headers: staff });
    expect((a.json().weeks as { refunded: number }[]).reduce((sum, w) => sum + w.refunded, 0)).toBe(240_000);
  });

  it("counts a seller's items that came back among those sold in the window, by phone or seller account", async () => {
    const { phone_key, seller_user_id } = await t.db.kysely
      .selectFrom('seller_requests')
      .select(['phone_key', 'seller_user_id'])
      .where('id', '=', sellerRequest)
      .executeTakeFirstOrThrow();
    expect(await sellerCameBack(t.db.kysely, { phoneKey: phone_key, sellerUserId: seller_user_id }, NOW)).toEqual({
      came_back: 3,
      sold: 4,
    });
    expect(await sellerCameBack(t.db.kysely, { phoneKey: '888000000', sellerUserId: null }, NOW)).toEqual({
      came_back: 0,
      sold: 0,
    });
    // The staff view of any of their requests asks the same.
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/seller-requests/${sellerRequest}/came-back`,
      headers: staff,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ came_back: 3, sold: 4 });
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/admin/seller-requests/999999/came-back',
      headers: staff,
    });
    expect(missing.statusCode).toBe(404);
  });
});
