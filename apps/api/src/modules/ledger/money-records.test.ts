import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addCategory, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { REQUEST_HAS_MONEY } from '../seller-requests/edits.js';
import { inStock, sellerCalls, staffCalls, submit } from '../seller-requests/testing.js';
import { SHOP_HAS_MONEY } from '../shops/service.js';
import { USER_HAS_MONEY } from '../users/service.js';
import { recordMovement } from './repository/entries.js';

// docs/decisions/0082: nothing a ledger entry or a transfer names is deleted; a seller request is archived instead.
describe.each(engines)('money records cannot be deleted [%s]', (engine) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signIn>>;
  let staff: ReturnType<typeof staffCalls>;
  let place: { shop_id: number; category_id: number };

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = await signIn(t.app, t.db, 'Admin');
    staff = staffCalls(t.app, admin.headers);
    place = { shop_id: await addShop(t.db, 'Records Shop'), category_id: await addCategory(t.db, 'Phones') };
  });
  afterAll(() => t.close());

  const call = (method: 'POST' | 'DELETE' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
  const list = async (query = '') =>
    (await call('GET', `/api/admin/seller-requests?limit=100${query}`)).json().seller_requests as {
      id: number;
      archived_at: string | null;
    }[];
  /** A request paid in cash: its payout is a ledger entry. */
  async function paidRequest() {
    const request = await inStock(t.app, staff, place);
    const paid = await call('POST', `/api/admin/seller-requests/${request.id}/pay`, { method: 'cash' });
    expect(paid.statusCode, paid.body).toBe(200);
    return request;
  }
  const openTransfer = (over: { seller_request_id?: number; staff_id?: number }) =>
    t.db.kysely
      .insertInto('money_transfers')
      .values({
        kind: 'seller_payout',
        transfer_id: `test-${Math.random().toString(36).slice(2)}`,
        method: 'airtel_money',
        mobile: '+265991234567',
        amount: 10_000,
        status: 'starting',
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
        ...over,
      })
      .execute();

  it('refuses deleting a paid seller request (409), keeping its history, photos and public link', async () => {
    const { id, status_token } = await paidRequest();
    const detail = await staff.detail(id);
    expect(detail.money_recorded).toBe(true);
    const res = await call('DELETE', `/api/admin/seller-requests/${id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(REQUEST_HAS_MONEY);
    expect(await staff.detail(id)).toMatchObject({ id, history: detail.history, images: detail.images });
    expect((await sellerCalls(t.app).view(status_token)).statusCode).toBe(200);
  });

  it('refuses deleting a request a payout is still being sent for', async () => {
    const { id } = await submit(t.app);
    await openTransfer({ seller_request_id: id });
    expect((await staff.detail(id)).money_recorded).toBe(true);
    expect((await call('DELETE', `/api/admin/seller-requests/${id}`)).statusCode).toBe(409);
  });

  it('still deletes a request no money names', async () => {
    const { id } = await submit(t.app);
    expect((await staff.detail(id)).money_recorded).toBe(false);
    expect((await call('DELETE', `/api/admin/seller-requests/${id}`)).statusCode).toBe(204);
    expect((await call('GET', `/api/admin/seller-requests/${id}`)).statusCode).toBe(404);
  });

  it('archives a request out of the default list, shows it with the filter, keeps its link, and brings it back', async () => {
    const { id, status_token } = await paidRequest();
    const archived = await call('POST', `/api/admin/seller-requests/${id}/archive`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json().archived_at).toEqual(expect.any(String));
    expect((await list()).map((r) => r.id)).not.toContain(id);
    const shown = await list('&archived=true');
    expect(shown.map((r) => r.id)).toContain(id);
    expect(shown.every((r) => r.archived_at !== null)).toBe(true);
    expect((await sellerCalls(t.app).view(status_token)).json().reference).toBe(archived.json().reference);
    // Archiving twice changes nothing; the audit log says who archived and brought it back.
    expect((await call('POST', `/api/admin/seller-requests/${id}/archive`)).json().archived_at).toBe(
      archived.json().archived_at,
    );
    const back = await call('POST', `/api/admin/seller-requests/${id}/unarchive`);
    expect(back.json().archived_at).toBeNull();
    expect((await list()).map((r) => r.id)).toContain(id);
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject_type', '=', 'seller_request')
      .where('subject_id', '=', String(id))
      .where('action', 'like', '%rchived%')
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action.split(' ').slice(0, 3).join(' '))).toEqual([
      'Archived seller request',
      'Unarchived seller request',
    ]);
    expect(audit.every((a) => a.actor_id === admin.id)).toBe(true);
  });

  it('refuses a bad archived filter, an unknown request, and a seller', async () => {
    const bad = await call('GET', '/api/admin/seller-requests?archived=maybe');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.archived).toBe('archived must be true or false');
    expect((await call('POST', '/api/admin/seller-requests/987654/archive')).statusCode).toBe(404);
    const seller = (await signIn(t.app, t.db, 'User')).headers;
    const { id } = await submit(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/seller-requests/${id}/archive`,
      headers: seller,
    });
    expect(res.statusCode).toBe(403);
  });

  it('refuses deleting a shop the ledger names, and a user who recorded money or sent a transfer', async () => {
    const shop = await addShop(t.db, 'Closed Shop');
    await recordMovement(
      t.db.kysely,
      { kind: 'sale', direction: 'in', method: 'cash', amount: 5_000, shopId: shop },
      new Date(),
    );
    const shopRes = await call('DELETE', `/api/admin/shops/${shop}`);
    expect(shopRes.statusCode).toBe(409);
    expect(shopRes.json().message).toBe(SHOP_HAS_MONEY);
    expect((await call('DELETE', `/api/admin/shops/${await addShop(t.db, 'Empty Shop')}`)).statusCode).toBe(204);

    const cashier = await signIn(t.app, t.db, 'Moderator');
    await recordMovement(
      t.db.kysely,
      { kind: 'sale', direction: 'in', method: 'cash', amount: 5_000, staffId: cashier.id },
      new Date(),
    );
    const sender = await signIn(t.app, t.db, 'Moderator');
    await openTransfer({ staff_id: sender.id });
    for (const user of [cashier, sender]) {
      const res = await call('DELETE', `/api/admin/users/${user.id}`);
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(USER_HAS_MONEY);
    }
    const idle = await signIn(t.app, t.db, 'Moderator');
    expect((await call('DELETE', `/api/admin/users/${idle.id}`)).statusCode).toBe(204);
  });
});
