import { alertRequestSchema } from '@marketplace/shared';
import { describe, expect, it } from 'vitest';
import { alertRequest } from './alerts-api';

describe('alertRequest', () => {
  it('carries every list filter of the search, brand, storage and RAM included, in a shape the API accepts', () => {
    const body = alertRequest(
      {
        kind: 'search',
        query: 'galaxy',
        filters: { min_price: '100000', town: 'Zomba', brand: 'Samsung', storage: '128', ram: '8', sort: 'newest' },
      },
      { phone_token: 'token' },
      '+265999123456',
    );
    expect(body).toEqual({
      phone_token: 'token',
      phone: '+265999123456',
      kind: 'search',
      query: 'galaxy',
      min_price: 100000,
      town: 'Zomba',
      brand: 'Samsung',
      storage: '128',
      ram: '8',
    });
    expect(alertRequestSchema.parse(body)).toMatchObject({ brand: 'Samsung', storage: 128, ram: 8 });
  });
});
