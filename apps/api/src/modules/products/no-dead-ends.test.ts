import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.js';
import { engines } from '../../test/databases.js';
import { addCategory, addProduct } from '../../test/fixtures.js';

// docs/product.md#search-without-dead-ends, on both engines: words written apart or together, Chichewa
// names, and a "Did you mean" for a search that finds nothing.
describe.each(engines)('search without dead ends [%s]', (engine) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(engine);
    // Items like the seeded ones (db/seed/catalogue.ts), by category.
    const items: Record<string, [name: string, description: string][]> = {
      SmartPhones: [
        ['Samsung Galaxy A54 5G 128GB', 'Awesome violet, dual SIM.'],
        ['iPhone 12 64GB', 'Black, Face ID works.'],
      ],
      'Laptops and Computers': [
        ['Lenovo ThinkPad T480', 'Core i5, 16GB RAM, backlit keyboard.'],
        ['MacBook Air M1 2020', 'Space grey, battery at 91%.'],
      ],
      'Gaming Consoles': [
        ['PlayStation 4 Slim 500GB', 'Two controllers and FIFA 23.'],
        ['PlayStation 5 Digital Edition', 'One DualSense controller.'],
      ],
      'TVs and Soundbars': [['Hisense 43" Smart TV', 'Full HD, remote works.']],
      Other: [
        ['Panasonic Radio Cassette Player', 'FM and shortwave, runs on batteries.'],
        ['Play Station Stand', 'A wooden stand for a games console.'],
      ],
    };
    for (const [category, products] of Object.entries(items)) {
      const categoryId = await addCategory(t.db, category);
      for (const [name, description] of products) await addProduct(t.db, { name, description, categoryId, images: 0 });
    }
  });
  afterAll(() => t.close());

  async function list(search: string, extra = '') {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/products?search=${encodeURIComponent(search)}${extra}`,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    return { names: body.products.map((p: { name: string }) => p.name) as string[], didYouMean: body.did_you_mean };
  }
  const names = async (search: string) => (await list(search)).names;

  it('finds words written apart that the catalogue writes together', async () => {
    expect(await names('play station')).toEqual([
      'Play Station Stand',
      'PlayStation 5 Digital Edition',
      'PlayStation 4 Slim 500GB',
    ]);
    expect(await names('mac book')).toEqual(['MacBook Air M1 2020']);
    expect(await names('Mac Book Air')).toEqual(['MacBook Air M1 2020']);
    expect(await names('think pad')).toEqual(['Lenovo ThinkPad T480']);
    // Still each word alone where the catalogue has them apart; and "ps 4" as before.
    expect(await names('station stand')).toEqual(['Play Station Stand']);
    expect(await names('ps 4')).toEqual(['PlayStation 4 Slim 500GB']);
  });

  it('finds words written together that the catalogue writes apart', async () => {
    expect(await names('macbookair')).toEqual(['MacBook Air M1 2020']);
    expect(await names('stationstand')).toEqual(['Play Station Stand']);
  });

  it('knows the Chichewa names of common things', async () => {
    expect(await names('foni')).toEqual(['iPhone 12 64GB', 'Samsung Galaxy A54 5G 128GB']);
    expect(await names('mafoni')).toEqual([]);
    expect(await names('kompyuta')).toEqual(['MacBook Air M1 2020', 'Lenovo ThinkPad T480']);
    expect(await names('wailesi')).toEqual(['Panasonic Radio Cassette Player']);
    expect(await names('tivi')).toEqual(['Hisense 43" Smart TV']);
    expect(await names('foni samsung')).toEqual(['Samsung Galaxy A54 5G 128GB']);
  });

  it('offers the nearest search that finds something when a misspelling finds nothing', async () => {
    // Three edits from "playstation": too far to correct silently, near enough to offer.
    const missed = await list('plestatin');
    expect(missed).toEqual({ names: [], didYouMean: 'PlayStation' });
    // The offered search finds what it promises.
    expect((await names(missed.didYouMean)).length).toBeGreaterThan(0);
    expect(await list('thinkpadd slim')).toEqual({ names: [], didYouMean: null });
    expect(await list('lenuvo thinkpat')).toMatchObject({ names: ['Lenovo ThinkPad T480'] });
    // Only the word the catalogue does not know is replaced.
    expect(await list('lenovo thnkpat')).toEqual({ names: [], didYouMean: 'lenovo ThinkPad' });
  });

  it('offers nothing that would find nothing, nor for a search that found something', async () => {
    expect(await list('xylophone')).toEqual({ names: [], didYouMean: null });
    // Each word is near a known one, but no item has both.
    expect(await list('samsnnug plestatin')).toEqual({ names: [], didYouMean: null });
    // Filters that hide the nearest search's items: no suggestion (the page offers to clear them).
    expect(await list('plestatin', '&max_price=10')).toEqual({ names: [], didYouMean: null });
    expect((await list('samsung')).didYouMean).toBeUndefined();
    // Corrected silently: the items, no question.
    expect(await list('samsnug')).toEqual({ names: ['Samsung Galaxy A54 5G 128GB'], didYouMean: undefined });
    // Only a first page asks.
    expect((await list('plestatin', '&offset=10')).didYouMean).toBeUndefined();
  });
});
