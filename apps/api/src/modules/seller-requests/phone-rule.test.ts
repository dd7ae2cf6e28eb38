import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { signIn } from '../../test/users.js';
import { multipartBody } from '../images/testing.js';
import { sell, sellForm, staffCalls, submit } from './testing.js';

// One phone rule (packages/shared/src/phone.ts): the /sell form and staff's create seller request store
// the number as +265XXXXXXXXX, and requests stored under the older, looser rule still read.
describe.each(engines)('seller request phone numbers [%s]', (engine) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let staff: ReturnType<typeof staffCalls>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    headers = (await signIn(t.app, t.db, 'Moderator')).headers;
    staff = staffCalls(t.app, headers);
  });
  afterAll(() => t.close());

  it('stores a number written with 265, dashes and parentheses as +265XXXXXXXXX', async () => {
    const { id } = await submit(t.app, { phone: '265 (888) 123-456' });
    expect((await staff.detail(id)).phone).toBe('+265888123456');
  });

  it('normalises the number staff type for a walk-in seller', async () => {
    const body = await multipartBody(sellForm({ seller_name: 'Walk-in Seller', phone: '0999-555-111' }));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/seller-requests',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().phone).toBe('+265999555111');
  });

  it.each(['12', '0088812345', '+265 (0) 999 123 456'])('refuses %j with the form wording', async (phone) => {
    const res = await sell(t.app, sellForm({ phone }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ phone: 'Invalid phone number' });
  });

  it('still shows and finds a request stored under the older rule', async () => {
    const { id } = await submit(t.app);
    await t.db.kysely
      .updateTable('seller_requests')
      .set({ phone: '+265 (0) 991-234 567', phone_key: '991234567' })
      .where('id', '=', id)
      .execute();
    expect((await staff.detail(id)).phone).toBe('+265 (0) 991-234 567');
    const found = await t.app.inject({
      method: 'GET',
      url: '/api/admin/seller-requests?search=0991234567',
      headers,
    });
    expect(found.json().seller_requests.map((r: { id: number }) => r.id)).toEqual([id]);
  });
});
