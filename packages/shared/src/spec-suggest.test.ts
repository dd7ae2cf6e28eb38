import { describe, expect, it } from 'vitest';
import { suggestSpecs } from './spec-suggest.js';

describe('suggestSpecs', () => {
  it.each([
    ['Samsung Galaxy A54 5G 128GB', '', { brand: 'Samsung', storage_gb: 128, ram_gb: null }],
    ['HP EliteBook 840 G5, 8GB RAM, 256GB SSD', '', { brand: 'HP', storage_gb: 256, ram_gb: 8 }],
    ['iPhone 12 64GB', '', { brand: 'Apple', storage_gb: 64, ram_gb: null }],
    ['Seagate external drive 1TB', '', { brand: null, storage_gb: 1024, ram_gb: null }],
    ['Tecno Camon 20 8/256GB', '', { brand: 'Tecno', storage_gb: 256, ram_gb: 8 }],
    ['Redmi Note 12 4GB+128GB', '', { brand: 'Xiaomi', storage_gb: 128, ram_gb: 4 }],
    ['Lenovo ThinkPad T480', 'Core i5, 16 GB memory, 512 GB NVMe', { brand: 'Lenovo', storage_gb: 512, ram_gb: 16 }],
    ['Dell Latitude 5490', 'RAM: 8GB, storage: 1TB HDD', { brand: 'Dell', storage_gb: 1024, ram_gb: 8 }],
    ['Sony PlayStation 4 Slim 500GB', '', { brand: 'Sony', storage_gb: 500, ram_gb: null }],
    ['PS5 console 825GB', '', { brand: 'Sony', storage_gb: 825, ram_gb: null }],
    ['Infinix Hot 30 4GB 64GB', '', { brand: 'Infinix', storage_gb: 64, ram_gb: 4 }],
    ['MacBook Air M1 8GB 256GB', '', { brand: 'Apple', storage_gb: 256, ram_gb: 8 }],
  ])('%s / %s', (name, description, expected) => {
    expect(suggestSpecs(name, description)).toEqual(expected);
  });

  it('does not take RAM for storage, whichever comes first', () => {
    expect(suggestSpecs('Laptop 256GB SSD 8GB RAM')).toMatchObject({ storage_gb: 256, ram_gb: 8 });
    expect(suggestSpecs('Laptop 16GB DDR4 with 512GB')).toMatchObject({ storage_gb: 512, ram_gb: 16 });
    expect(suggestSpecs('HP laptop', '8GB RAM')).toMatchObject({ brand: 'HP', storage_gb: null, ram_gb: 8 });
  });

  it('leaves a lone small size unknown rather than guess', () => {
    expect(suggestSpecs('Nokia phone 8GB')).toEqual({ brand: 'Nokia', storage_gb: null, ram_gb: null });
  });

  it('does not read network generations, model numbers or prices as sizes', () => {
    expect(suggestSpecs('Samsung Galaxy S21 5G', 'G5 model, MWK 250000')).toEqual({
      brand: 'Samsung',
      storage_gb: null,
      ram_gb: null,
    });
  });

  it('prefers the name to the description', () => {
    expect(suggestSpecs('iPhone 11 128GB', 'Came with 64GB, upgraded')).toMatchObject({ storage_gb: 128 });
  });

  it('finds no brand in everyday words', () => {
    expect(suggestSpecs('Radio with hot switch', 'a note of thanks').brand).toBeNull();
    expect(suggestSpecs('Mi 11 Lite').brand).toBe('Xiaomi');
  });
});
