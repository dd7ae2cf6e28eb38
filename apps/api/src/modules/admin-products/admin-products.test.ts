import { WRITTEN_OFF_NOT_FOR_SALE } from '@marketplace/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addCategory, addShop } from '../../test/fixtures.js';
import { signIn } from '../../test/users.js';
import { multipartBody } from '../images/testing.js';

const png = (colour: string) =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: colour } })
    .png()
    .toBuffer();

describe.each(engines)('admin products API [%s]', (engine) => {
  let t: TestApp;
  let headers: Record<string, string>;
  let categoryId: number;
  let shopId: number;

  beforeAll(async () => {
    t = await createTestApp(engine);
    headers = (await signIn(t.app, t.db, 'Moderator')).headers;
    categoryId = await addCategory(t.db, 'SmartPhones');
    shopId = await addShop(t.db, 'Lilongwe Shop');
  });
  afterAll(() => t.close());

  /** Where a test works: the file's shared app, or a fresh one for a test that needs a catalogue of its own. */
  interface Place {
    t: TestApp;
    headers: Record<string, string>;
    categoryId: number;
    shopId: number;
  }
  const shared = (): Place => ({ t, headers, categoryId, shopId });
  async function freshPlace(): Promise<Place> {
    const own = await createTestApp(engine);
    return {
      t: own,
      headers: (await signIn(own.app, own.db, 'Moderator')).headers,
      categoryId: await addCategory(own.db, 'SmartPhones'),
      shopId: await addShop(own.db, 'Lilongwe Shop'),
    };
  }

  const fields = (at: Place = shared()) => ({
    item_name: 'Tecno Camon 20',
    description: 'Like new, 256GB',
    price: '320000',
    location: 'Lilongwe',
    category_id: String(at.categoryId),
    shop_id: String(at.shopId),
    published: 'false',
    notifyOnOrder: 'true',
  });

  async function send(
    method: 'POST' | 'PUT',
    url: string,
    entries: Parameters<typeof multipartBody>[0],
    at: Place = shared(),
  ) {
    const body = await multipartBody(entries);
    return at.t.app.inject({ method, url, headers: { ...at.headers, ...body.headers }, payload: body.payload });
  }
  const create = async (over: Record<string, string> = {}, files = 2, at: Place = shared()) =>
    send(
      'POST',
      '/api/admin/products/create',
      [
        ...Object.entries({ ...fields(at), ...over }),
        ...(await Promise.all(
          Array.from(
            { length: files },
            async (_, i) =>
              ['images', await png(['#f00', '#0f0', '#00f', '#ff0'][i]!), `p${i}.png`, 'image/png'] as [
                string,
                Buffer,
                string,
                string,
              ],
          ),
        )),
      ],
      at,
    );
  const imageCount = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('images')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('takes a description of exactly 500 characters, the most allowed', async () => {
    const res = await create({ description: 'd'.repeat(500) }, 1);
    expect(res.statusCode).toBe(201);
    expect(res.json().description).toHaveLength(500);
  });

  it('creates an unpublished product with two images, then publishes and finds it publicly', async () => {
    const res = await create();
    expect(res.statusCode).toBe(201);
    const product = res.json();
    expect(product).toMatchObject({
      name: 'Tecno Camon 20',
      price: 320000,
      published: false,
      sold: false,
      shop_name: 'Lilongwe Shop',
      category_name: 'SmartPhones',
      currency: 'MWK',
    });
    expect(product.images).toHaveLength(2);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/products/${product.id}` })).statusCode).toBe(404);
    const published = await t.app.inject({ method: 'PUT', url: `/api/admin/products/${product.id}/publish`, headers });
    expect(published.json().published).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/products/${product.id}` })).json().images).toEqual(
      product.images,
    );
    const jsonEmpty = await t.app.inject({
      method: 'PUT',
      url: `/api/admin/products/${product.id}/unpublish`,
      headers: { ...headers, 'content-type': 'application/json' },
    });
    expect(jsonEmpty.json().published).toBe(false);
  });

  it.each([
    [{ item_name: '' }, 'item_name', 'Item name is required'],
    [{ description: '' }, 'description', 'Description is required'],
    [{ description: 'd'.repeat(501) }, 'description', 'Description must be under 500 characters'],
    [{ price: '' }, 'price', 'Price is required'],
    [{ price: '12,000' }, 'price', 'Price must contain only numbers'],
    // A sale of 0 is one the ledger cannot record.
    [{ price: '0' }, 'price', 'Price must be more than 0'],
    [{ location: '' }, 'location', 'Location is required'],
    [{ category_id: '' }, 'category_id', 'Category is required'],
    [{ shop_id: '' }, 'shop_id', 'Shop is required'],
    [{ shop_id: '9999' }, 'shop_id', 'Shop not found'],
  ])('refuses %j with its message and stores nothing', async (over, field, message) => {
    const before = await imageCount();
    const res = await create(over);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[field]).toBe(message);
    expect(await imageCount()).toBe(before);
  });

  it('refuses a fourth image and a file that is not an image, storing nothing', async () => {
    const before = await imageCount();
    expect((await create({}, 4)).statusCode).toBe(400);
    const text = await send('POST', '/api/admin/products/create', [
      ...Object.entries(fields()),
      ['images', Buffer.from('hello'), 'x.jpg', 'image/jpeg'],
    ]);
    expect(text.statusCode).toBe(400);
    expect(text.json().message).toBe('File is not a supported image');
    expect(await imageCount()).toBe(before);
  });

  it('lists all products with search and paging', async () => {
    expect((await create({}, 1)).statusCode).toBe(201);
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/admin/products?limit=100&offset=0&search=camon', headers })
    ).json();
    expect(list.total).toBeGreaterThanOrEqual(1);
    expect(list.products.every((p: { name: string }) => p.name.includes('Camon'))).toBe(true);
  });

  it('edits fields, removes one image and adds another in one update', async () => {
    const product = (await create()).json();
    const [keep, drop] = product.images;
    const res = await send('PUT', `/api/admin/products/${product.id}`, [
      ['name', 'Tecno Camon 20 Pro'],
      ['currency', 'MWK'],
      ['category_id', String(categoryId)],
      ['shop_id', String(shopId)],
      ['location', 'Blantyre'],
      ['price', '300000'],
      ['sale_price', '280000'],
      ['description', 'Price dropped'],
      ['published', 'true'],
      ['existingImages[]', keep],
      ['deletedImages', drop],
      ['images', await png('#abc'), 'new.png', 'image/png'],
    ]);
    expect(res.statusCode).toBe(200);
    const updated = res.json();
    expect(updated).toMatchObject({
      name: 'Tecno Camon 20 Pro',
      price: 300000,
      sale_price: 280000,
      location: 'Blantyre',
      published: true,
    });
    expect(updated.images).toHaveLength(2);
    expect(updated.images[0]).toBe(keep);
    expect(updated.images).not.toContain(drop);
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${drop}` })).statusCode).toBe(404);
  });

  it('keeps the old product and images when an update fails on a bad third image', async () => {
    const product = (await create()).json();
    const res = await send('PUT', `/api/admin/products/${product.id}`, [
      ['name', 'Changed'],
      ['category_id', String(categoryId)],
      ['shop_id', String(shopId)],
      ['location', 'Mzuzu'],
      ['price', '1'],
      ['description', 'Changed'],
      ['deletedImages', product.images[0]],
      ['images', Buffer.from('not an image'), 'bad.png', 'image/png'],
    ]);
    expect(res.statusCode).toBe(400);
    const after = (await t.app.inject({ method: 'GET', url: `/api/admin/products/${product.id}`, headers })).json();
    expect(after).toMatchObject({ name: 'Tecno Camon 20', images: product.images, location: 'Lilongwe' });
    const tooMany = await send('PUT', `/api/admin/products/${product.id}`, [
      ...Object.entries({
        name: 'X',
        category_id: String(categoryId),
        shop_id: String(shopId),
        location: 'L',
        price: '1',
        description: 'd',
      }),
      ['images', await png('#111'), 'a.png', 'image/png'],
      ['images', await png('#222'), 'b.png', 'image/png'],
    ]);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe('At most 3 images are allowed');
  });

  // docs/decisions/0099: an item written off after it came back stays off sale; the rest of it may still be edited.
  it('refuses to publish a written-off product, by the publish route or by an edit, and takes an edit keeping it off sale', async () => {
    const { id } = (await create({}, 1)).json();
    const at = '2026-11-20T09:00:00.000Z';
    await t.db.kysely
      .updateTable('products')
      .set({ written_off_at: at, written_off_reason: 'Water damage', updated_at: at })
      .where('id', '=', id)
      .execute();
    const stored = () =>
      t.db.kysely.selectFrom('products').select(['name', 'published']).where('id', '=', id).executeTakeFirstOrThrow();
    const edit = (published: string) =>
      send('PUT', `/api/admin/products/${id}`, [
        ...Object.entries({ ...fields(), name: 'Tecno Camon 20 (water damage)', published }),
      ]);

    for (const refused of [
      await t.app.inject({ method: 'PUT', url: `/api/admin/products/${id}/publish`, headers }),
      await edit('true'),
    ]) {
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(WRITTEN_OFF_NOT_FOR_SALE);
    }
    expect(await stored()).toEqual({ name: 'Tecno Camon 20', published: 0 });

    const kept = await edit('false');
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ name: 'Tecno Camon 20 (water damage)', published: false });
  });

  it('deletes a product with its images, and answers 404s', async () => {
    const product = (await create()).json();
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/products/${product.id}`, headers })).statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/admin/products/${product.id}`, headers })).json().message,
    ).toBe('Product not found');
    expect((await t.app.inject({ method: 'GET', url: `/api/images/${product.images[0]}` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/products/9999/publish', headers })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'DELETE', url: '/api/admin/products/9999', headers })).statusCode).toBe(404);
  });

  it('refuses to feature a sold product', async () => {
    const product = (await create({ published: 'true' })).json();
    await t.db.kysely.updateTable('products').set({ sold: 1 }).where('id', '=', product.id).execute();
    const refused = await t.app.inject({ method: 'POST', url: `/api/admin/featured-products/${product.id}`, headers });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('A sold product cannot be featured.');
    expect(
      await t.db.kysely.selectFrom('featured_products').select('id').where('product_id', '=', product.id).execute(),
    ).toEqual([]);
  });

  it('features only published products and drops unpublished ones from the public list', async () => {
    // A database of its own: the featured lists below must hold this test's product alone.
    const own = await freshPlace();
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string) =>
      own.t.app.inject({ method, url, headers: own.headers });
    try {
      const product = (await create({ published: 'true' }, 2, own)).json();
      const draft = (await create({}, 2, own)).json();
      const refused = await call('POST', `/api/admin/featured-products/${draft.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('Only published products can be featured.');
      expect((await call('POST', `/api/admin/featured-products/${product.id}`)).statusCode).toBe(201);
      expect((await call('POST', `/api/admin/featured-products/${product.id}`)).statusCode).toBe(409);
      const featured = (await call('GET', '/api/admin/featured-products')).json();
      expect(featured).toMatchObject({
        total: 1,
        limit: 50,
        featured_products: [{ product_id: product.id, name: 'Tecno Camon 20', price: 320000, is_published: true }],
      });
      const publicIds = async () =>
        (await own.t.app.inject({ method: 'GET', url: '/api/v1/products/featured-products' }))
          .json()
          .products.map((p: { id: number }) => p.id);
      expect(await publicIds()).toEqual([product.id]);
      await call('PUT', `/api/admin/products/${product.id}/unpublish`);
      expect(await publicIds()).toEqual([]);
      expect((await call('DELETE', `/api/admin/featured-products/${product.id}`)).statusCode).toBe(204);
      expect((await call('DELETE', `/api/admin/featured-products/${product.id}`)).statusCode).toBe(404);
    } finally {
      await own.t.close();
    }
  });

  it('counts products and users on the dashboard and shows recent actions newest first', async () => {
    // The action the dashboard shows first is this test's own: featuring a product, then removing it.
    const product = (await create({ published: 'true' }, 1)).json();
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/featured-products/${product.id}`, headers })).statusCode,
    ).toBe(201);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/admin/featured-products/${product.id}`, headers })).statusCode,
    ).toBe(204);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const products = Number(
      (
        await t.db.kysely
          .selectFrom('products')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    expect(body.stats).toEqual({
      products,
      orders: 0,
      users: 1,
      pendingOrders: 0,
      revenueThisWeek: 0,
      marginThisWeek: 0,
    });
    expect(body.orders_by_day.every((d: { orders: number }) => d.orders === 0)).toBe(true);
    expect(body.orders_by_day).toHaveLength(7);
    expect(body.orders_by_day[6].date).toBe(new Date().toISOString().slice(0, 10));
    expect(body.recent_actions[0].action).toMatch(/^Removed product \d+ from featured$/);
    expect(body.recent_actions[0].action).toBe(`Removed product ${product.id} from featured`);
    expect(body.recent_actions[0].actor).toBe('Moderator Tester');
    const times = body.recent_actions.map((a: { time: string }) => a.time);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('features a product once when three staff feature it at the same moment: 201 and two 409s', async () => {
    const product = (await create({ published: 'true' })).json();
    const feature = () => t.app.inject({ method: 'POST', url: `/api/admin/featured-products/${product.id}`, headers });
    const answers = await Promise.all([feature(), feature(), feature()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json().message).toBe('This product is already featured.');
  });
});
