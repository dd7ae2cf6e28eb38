import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addCategory, addProduct } from '../../test/fixtures.js';

// docs/decisions/0027: the searches a new user tried, on both engines.
describe.each(engines)('search that forgives [%s]', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine);
    const phones = await addCategory(t.db, 'SmartPhones');
    const laptops = await addCategory(t.db, 'Laptops and Computers');
    const consoles = await addCategory(t.db, 'Gaming Consoles');
    const other = await addCategory(t.db, 'Other');
    // Oldest first: the ranking tests below need a name match older than a description match.
    await addProduct(t.db, {
      name: 'Samsung Galaxy A54 5G',
      description: 'Awesome violet, dual SIM.',
      categoryId: phones,
      images: 0,
    });
    await addProduct(t.db, {
      name: 'iPhone 12 64GB',
      description: 'Black, Face ID works.',
      categoryId: phones,
      images: 0,
    });
    await addProduct(t.db, {
      name: 'PlayStation 4 Slim 500GB',
      description: 'Two controllers and FIFA 23.',
      categoryId: consoles,
      images: 0,
    });
    await addProduct(t.db, {
      name: 'PS5 Digital Edition',
      description: 'One DualSense controller.',
      categoryId: consoles,
      images: 0,
    });
    await addProduct(t.db, {
      name: 'HP EliteBook 840 G5',
      description: 'Intel Core i5, 8GB RAM.',
      categoryId: laptops,
      images: 0,
    });
    await addProduct(t.db, {
      name: 'Dell Latitude 5490',
      description: 'Solid business machine, charger included.',
      categoryId: laptops,
      images: 0,
    });
    await addProduct(t.db, {
      name: 'Hisense 43" Smart TV',
      description: 'Full HD, remote works.',
      categoryId: other,
      images: 0,
    });
    await addProduct(t.db, {
      name: 'Solar Home Kit 200W',
      description: 'Keeps a TV and phone chargers going during blackouts. Better than a Samsung power bank.',
      categoryId: other,
      images: 0,
    });
  });
  afterAll(() => t.close());

  async function names(search: string, extra = ''): Promise<string[]> {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/products?search=${encodeURIComponent(search)}${extra}`,
    });
    expect(res.statusCode).toBe(200);
    return res.json().products.map((p: { name: string }) => p.name);
  }

  it('finds plurals and word forms: "phones" finds the phones, before the kit that only mentions a phone', async () => {
    expect(await names('phones')).toEqual(['iPhone 12 64GB', 'Samsung Galaxy A54 5G', 'Solar Home Kit 200W']);
    expect(await names('phone')).toEqual(['iPhone 12 64GB', 'Samsung Galaxy A54 5G', 'Solar Home Kit 200W']);
    expect(await names('laptop')).toEqual(['Dell Latitude 5490', 'HP EliteBook 840 G5']);
    expect(await names('controller')).toEqual(['PS5 Digital Edition', 'PlayStation 4 Slim 500GB']);
  });

  it('knows common names and model shorthands', async () => {
    expect(await names('ps4')).toEqual(['PlayStation 4 Slim 500GB']);
    expect(await names('PS 4')).toEqual(['PlayStation 4 Slim 500GB']);
    expect(await names('PlayStation 4')).toEqual(['PlayStation 4 Slim 500GB']);
    expect(await names('playstation')).toEqual(['PS5 Digital Edition', 'PlayStation 4 Slim 500GB']);
    expect(await names('iphone12')).toEqual(['iPhone 12 64GB']);
    expect(await names('iPhone 12')).toEqual(['iPhone 12 64GB']);
    expect(await names('hp laptop')).toEqual(['HP EliteBook 840 G5']);
    expect(await names('television')).toEqual(['Hisense 43" Smart TV', 'Solar Home Kit 200W']);
    expect(await names('64 gb')).toEqual(['iPhone 12 64GB']);
  });

  it('forgives small typos', async () => {
    expect(await names('samsnug')).toEqual(['Samsung Galaxy A54 5G', 'Solar Home Kit 200W']);
    expect(await names('samsnug galaxy')).toEqual(['Samsung Galaxy A54 5G']);
    expect(await names('latitdue')).toEqual(['Dell Latitude 5490']);
    expect(await names('elitebok')).toEqual(['HP EliteBook 840 G5']);
    // Still typing: a misspelt start of a word.
    expect(await names('hisnse')).toEqual(['Hisense 43" Smart TV']);
    expect(await names('dlel')).toEqual(['Dell Latitude 5490']);
    // Too far from any word, or too short to correct safely: nothing, not a guess.
    expect(await names('xylophone')).toEqual([]);
    expect(await names('tb')).toEqual([]);
  });

  it('ranks a match in the name above one in the description, whatever their age', async () => {
    // The kit is the newest product and says Samsung in its description only.
    expect(await names('samsung')).toEqual(['Samsung Galaxy A54 5G', 'Solar Home Kit 200W']);
    // Asked for newest first, the kit comes first.
    expect(await names('samsung', '&sort=newest')).toEqual(['Solar Home Kit 200W', 'Samsung Galaxy A54 5G']);
  });

  it('still finds prefixes and accented or mixed-case words', async () => {
    expect(await names('sams gal')).toEqual(['Samsung Galaxy A54 5G']);
    expect(await names('ÉLITEBOOK')).toEqual(['HP EliteBook 840 G5']);
  });

  it('handles a search of punctuation only, or of the longest length, without an error', async () => {
    expect(await names('!!! ??? ...')).toEqual([]);
    expect(await names('"\'*:^()-+')).toEqual([]);
    expect(await names('a'.repeat(200))).toEqual([]);
    expect(await names('samsung '.repeat(25).slice(0, 200))).toEqual(['Samsung Galaxy A54 5G', 'Solar Home Kit 200W']);
    const tooLong = await t.app.inject({ method: 'GET', url: `/api/v1/products?search=${'a'.repeat(201)}` });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().errors).toEqual({ search: 'search must be at most 200 characters' });
  });

  it('suggests a few names for what is typed so far, from names only', async () => {
    const suggest = async (q: string) => {
      const res = await t.app.inject({ method: 'GET', url: `/api/v1/products/suggestions?q=${encodeURIComponent(q)}` });
      expect(res.statusCode).toBe(200);
      return res.json().suggestions.map((s: { name: string }) => s.name);
    };
    expect(await suggest('sam')).toEqual(['Samsung Galaxy A54 5G']);
    expect(await suggest('play')).toEqual(['PlayStation 4 Slim 500GB']);
    expect(await suggest('samsnu')).toEqual(['Samsung Galaxy A54 5G']);
    expect(await suggest('')).toEqual([]);
    expect(await suggest('%%%')).toEqual([]);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/products/suggestions?q=${'x'.repeat(201)}` });
    expect(res.statusCode).toBe(400);
  });
});
