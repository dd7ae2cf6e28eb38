import { describe, expect, it } from 'vitest';
import { activeFilters, discoverUrl, filterQuery, filtersFrom } from './filters';

describe('discover filters in the URL', () => {
  it('reads the filters the API takes, leaving out values it would refuse', () => {
    const params = new URLSearchParams(
      'min_price=0100&max_price=abc&town=%20Blantyre%20&condition=mint&sort=price_desc',
    );
    expect(filtersFrom(params)).toEqual({ min_price: '100', town: 'Blantyre', sort: 'price_desc' });
    expect(filtersFrom(new URLSearchParams('condition=for_parts&sort=cheapest'))).toEqual({ condition: 'for_parts' });
  });

  it('writes them for the API in a fixed order, encoded', () => {
    expect(filterQuery({ sort: 'price_asc', town: 'Nkhata Bay', min_price: '5' })).toBe(
      '&min_price=5&town=Nkhata%20Bay&sort=price_asc',
    );
    expect(filterQuery({})).toBe('');
  });

  it('counts a price range as one filter and the order as none', () => {
    expect(activeFilters({ min_price: '1', max_price: '2', sort: 'newest' })).toBe(1);
    expect(activeFilters({ town: 'Zomba', condition: 'good' })).toBe(2);
  });

  it('builds the page URL from a search or a category', () => {
    expect(discoverUrl({ search: 'tv', category: 'x' }, { condition: 'good' })).toBe(
      '/discover?search=tv&condition=good',
    );
    expect(discoverUrl({ category: 'SmartPhones' }, { sort: 'price_asc' })).toBe(
      '/discover?category=SmartPhones&sort=price_asc',
    );
    expect(discoverUrl({}, {})).toBe('/discover');
  });
});
