import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addCategory, addProduct, addShop } from '../../test/fixtures.js';

// docs/decisions/0028: price, town and condition filters and the three orders, on discover, a category and a search.
describe.each(engines)('catalogue filters and sorting [%s]', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const phones = await addCategory(t.db, 'SmartPhones');
    const tvs = await addCategory(t.db, 'TVs');
    const blantyre = await addShop(t.db, 'Limbe Shop', { town: 'Blantyre' });
    // Oldest first. The Pixel's back-office sale price (300,000) is not what buyers see or pay: 410,000 is.
    await addProduct(t.db, {
      name: 'Samsung Galaxy A54',
      categoryId: phones,
      price: 485000,
      condition: 'like_new',
      location: 'Lilongwe, Area 47',
      images: 0,
    });
    await addProduct(t.db, {
      name: 'Google Pixel 6a',
      categoryId: phones,
      price: 410000,
      salePrice: 300000,
      condition: 'good',
      shopId: blantyre,
      location: 'Zomba',
      images: 0,
    });
    await addProduct(t.db, {
      name: 'Tecno Spark 10',
      categoryId: phones,
      price: 215000,
      condition: 'fair',
      location: 'Mzuzu',
      images: 0,
    });
    await addProduct(t.db, {
      name: 'Itel A70 for parts',
      categoryId: phones,
      price: 35000,
      condition: 'for_parts',
      location: null,
      images: 0,
    });
    await addProduct(t.db, {
      name: 'Samsung 55 inch TV',
      categoryId: tvs,
      price: 1150000,
      condition: 'good',
      location: 'Blantyre, Limbe',
      images: 0,
    });
    await addProduct(t.db, {
      name: 'Old phone, not graded',
      categoryId: phones,
      price: 60000,
      location: 'Lilongwe',
      images: 0,
    });
  });
  afterAll(() => t.close());

  async function list(url: string) {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/products${url}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return {
      names: body.products.map((p: { name: string }) => p.name) as string[],
      total: body.total as number,
      cursor: body.next_cursor as string | null,
    };
  }
  const names = async (url: string) => (await list(url)).names;

  it('sorts by price, low to high and high to low, and newest first by default', async () => {
    expect(await names('?sort=price_asc')).toEqual([
      'Itel A70 for parts',
      'Old phone, not graded',
      'Tecno Spark 10',
      'Google Pixel 6a',
      'Samsung Galaxy A54',
      'Samsung 55 inch TV',
    ]);
    expect(await names('?sort=price_desc')).toEqual([
      'Samsung 55 inch TV',
      'Samsung Galaxy A54',
      'Google Pixel 6a',
      'Tecno Spark 10',
      'Old phone, not graded',
      'Itel A70 for parts',
    ]);
    expect(await names('')).toEqual([
      'Old phone, not graded',
      'Samsung 55 inch TV',
      'Itel A70 for parts',
      'Tecno Spark 10',
      'Google Pixel 6a',
      'Samsung Galaxy A54',
    ]);
    expect(await names('?sort=newest')).toEqual(await names(''));
    // Relevance needs a search: without one it is newest first.
    expect(await names('?sort=relevance')).toEqual(await names(''));
  });

  it('filters by the price, both ends included', async () => {
    const { names: found, total } = await list('?min_price=215000&max_price=485000&sort=price_asc');
    expect(found).toEqual(['Tecno Spark 10', 'Google Pixel 6a', 'Samsung Galaxy A54']);
    expect(total).toBe(3);
    expect(await names('?max_price=300000&sort=price_desc')).toEqual([
      'Tecno Spark 10',
      'Old phone, not graded',
      'Itel A70 for parts',
    ]);
    expect(await names('?min_price=410000&max_price=410000')).toEqual(['Google Pixel 6a']);
    expect(await names('?min_price=1000000')).toEqual(['Samsung 55 inch TV']);
    expect(await names('?min_price=2000000')).toEqual([]);
  });

  it('filters by town: the shop town, else the town of the location, else the default', async () => {
    // The Pixel's shop is in Blantyre (its own location says Zomba); the TV says "Blantyre, Limbe".
    expect(await names('?town=Blantyre')).toEqual(['Samsung 55 inch TV', 'Google Pixel 6a']);
    expect(await names('?town=blantyre')).toEqual(['Samsung 55 inch TV', 'Google Pixel 6a']);
    // No location at all: the item is in the default town.
    expect(await names('?town=Lilongwe')).toEqual([
      'Old phone, not graded',
      'Itel A70 for parts',
      'Samsung Galaxy A54',
    ]);
    expect(await names('?town=Zomba')).toEqual([]);
    const towns = await t.app.inject({ method: 'GET', url: '/api/v1/products/towns' });
    expect(towns.json()).toEqual({ towns: ['Blantyre', 'Lilongwe', 'Mzuzu'] });
  });

  it('filters by condition', async () => {
    expect(await names('?condition=good')).toEqual(['Samsung 55 inch TV', 'Google Pixel 6a']);
    expect(await names('?condition=for_parts')).toEqual(['Itel A70 for parts']);
  });

  it('combines filters with a category, a search and paging by cursor', async () => {
    const category = await t.app.inject({
      method: 'GET',
      url: '/api/v1/products/category/smartphones?sort=price_desc&max_price=450000&condition=good',
    });
    expect(category.json().products.map((p: { name: string }) => p.name)).toEqual(['Google Pixel 6a']);
    expect(await names('?search=samsung&sort=price_asc')).toEqual(['Samsung Galaxy A54', 'Samsung 55 inch TV']);
    expect(await names('?search=samsung&town=Blantyre')).toEqual(['Samsung 55 inch TV']);

    // Two at a time by cursor, in price order: the pages join up to the whole list.
    const seen: string[] = [];
    let page = await list('?sort=price_asc&limit=2');
    seen.push(...page.names);
    while (page.cursor) {
      page = await list(`?sort=price_asc&limit=2&cursor=${page.cursor}`);
      seen.push(...page.names);
    }
    expect(seen).toEqual(await names('?sort=price_asc'));
    // By offset too.
    expect(await names('?sort=price_desc&limit=2&offset=2')).toEqual(['Google Pixel 6a', 'Tecno Spark 10']);
  });

  it('refuses a cursor made for another order', async () => {
    const { cursor } = await list('?sort=price_asc&limit=2');
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/products?sort=newest&limit=2&cursor=${cursor}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ cursor: 'cursor is not valid: pass the next_cursor of the previous page' });
  });

  it.each([
    ['min_price=abc', { min_price: 'min_price must be a number' }],
    ['max_price=-1', { max_price: 'max_price must be at least 0' }],
    ['min_price=10.5', { min_price: 'min_price must be a whole number of kwacha' }],
    ['max_price=99999999999', { max_price: 'max_price must be at most 1000000000' }],
    ['min_price=500&max_price=100', { min_price: 'min_price must not be more than max_price' }],
    ['condition=mint', { condition: 'condition must be one of like_new, good, fair, for_parts' }],
    ['sort=cheapest', { sort: 'sort must be one of newest, price_asc, price_desc, relevance' }],
    ['town=' + 'x'.repeat(61), { town: 'town must be at most 60 characters' }],
    ['town=%3Cscript%3E', { town: "town must be letters, digits, spaces, dots, ' or -" }],
    ['ids=1,two', { ids: 'ids must be 1 to 50 product ids separated by commas' }],
    [
      'ids=' + Array.from({ length: 51 }, (_, i) => i + 1).join(','),
      { ids: 'ids must be 1 to 50 product ids separated by commas' },
    ],
  ])('refuses %s with a 400 naming the field', async (query, errors) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/products?${query}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(errors);
  });

  it('takes the filters on a category page with the same messages', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/products/category/smartphones?min_price=9&max_price=1',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ min_price: 'min_price must not be more than max_price' });
  });

  it('leaves out empty filter values, as a form sends them', async () => {
    expect(await names('?min_price=&max_price=&town=&condition=&sort=')).toEqual(await names(''));
  });

  it('answers ids= with just those published products (saved items)', async () => {
    const all = (await t.app.inject({ method: 'GET', url: '/api/v1/products?sort=price_asc' })).json().products as {
      id: number;
      name: string;
    }[];
    const [cheapest, , third] = all;
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/products?ids=${third!.id},${cheapest!.id},999999` });
    expect(res.json()).toMatchObject({ total: 2 });
    expect(
      res
        .json()
        .products.map((p: { name: string }) => p.name)
        .sort(),
    ).toEqual([cheapest!.name, third!.name].sort());
  });
});
