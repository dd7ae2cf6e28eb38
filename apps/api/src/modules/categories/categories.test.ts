import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addProduct } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { CATEGORY_CYCLE, CATEGORY_IN_USE, CATEGORY_TAKEN } from './service.js';

describe.each(engines)('categories API [%s]', (engine) => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp(engine);
    headers = (await signIn(t.app, t.db, 'Moderator')).headers;
  });
  afterAll(() => t.close());

  const post = (payload: object) => t.app.inject({ method: 'POST', url: '/api/admin/categories', headers, payload });
  const put = (id: number, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/categories/${id}`, headers, payload });

  it('creates, lists with parent names, fetches and updates categories', async () => {
    // Other tests here add categories too: count from what is there, and look at this test's two.
    const before = (await t.app.inject({ method: 'GET', url: '/api/admin/categories?limit=100', headers })).json()
      .total as number;
    const parent = await post({ name: 'Electronics', description: 'Everything with a plug' });
    expect(parent.statusCode).toBe(201);
    const child = (await post({ name: 'Drones', description: null, parent_id: parent.json().id })).json();
    expect(child).toMatchObject({ name: 'Drones', description: null, parent: 'Electronics' });
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/categories?limit=100', headers })).json();
    expect(list).toMatchObject({ total: before + 2, limit: 100 });
    const mine = list.categories.filter((c: { id: number }) => c.id === parent.json().id || c.id === child.id);
    expect(mine.map((c: { name: string; parent: string | null }) => [c.name, c.parent])).toEqual([
      ['Drones', 'Electronics'],
      ['Electronics', null],
    ]);
    const updated = await put(child.id, { name: 'Camera Drones', description: 'Flying cameras', parent_id: null });
    expect(updated.json()).toMatchObject({ name: 'Camera Drones', parent_id: null, parent: null });
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/categories/${child.id}`, headers })).json().description,
    ).toBe('Flying cameras');
  });

  it.each([
    [{ name: '' }, 'name', 'Category name is required'],
    [{ name: 'A' }, 'name', 'Too Short!'],
    [{ name: 'x'.repeat(51) }, 'name', 'Too Long!'],
    [{ name: 'Valid', description: 'd'.repeat(201) }, 'description', 'Max 200 characters'],
  ])('refuses %j with its field message', async (payload, field, message) => {
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
  });

  it('refuses a duplicate name, a missing parent and a cycle', async () => {
    expect((await post({ name: 'Televisions' })).statusCode).toBe(201);
    const dup = await post({ name: 'televisions' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe(CATEGORY_TAKEN);
    expect((await post({ name: 'Orphan', parent_id: 9999 })).json()).toMatchObject({
      status: 400,
      errors: { parent_id: 'Parent category not found' },
    });
    const a = (await post({ name: 'Level A' })).json();
    const b = (await post({ name: 'Level B', parent_id: a.id })).json();
    const c = (await post({ name: 'Level C', parent_id: b.id })).json();
    for (const [id, parent] of [
      [a.id, a.id],
      [a.id, c.id],
    ]) {
      const res = await put(id, { name: 'Level A', parent_id: parent });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(CATEGORY_CYCLE);
    }
  });

  it('refuses deleting a category products use; re-indexes search on rename', async () => {
    const cat = (await post({ name: 'Radios' })).json();
    const productId = await addProduct(t.db, { name: 'Philips Radio', categoryId: cat.id });
    const refused = await t.app.inject({ method: 'DELETE', url: `/api/admin/categories/${cat.id}`, headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(CATEGORY_IN_USE);
    await put(cat.id, { name: 'Vintage Audio' });
    const found = (await t.app.inject({ method: 'GET', url: '/api/v1/products?search=vintage' })).json();
    expect(found.products.map((p: { id: number }) => p.id)).toEqual([productId]);
    const empty = (await post({ name: 'Empty One' })).json();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/categories/${empty.id}`, headers })).statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/categories/${empty.id}`, headers })).json().message,
    ).toBe('Category not found');
  });
});
