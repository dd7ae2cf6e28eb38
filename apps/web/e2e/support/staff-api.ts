import { expect, type APIRequestContext } from '@playwright/test';
import { ADMIN } from './admin';

/** Staff calls with the seeded Admin's bearer token. */
export async function staff(request: APIRequestContext) {
  const login = await request.post('/api/v1/auth/login', { data: ADMIN });
  expect(login.status()).toBe(200);
  const { token } = (await login.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  const call = async (method: 'get' | 'post', path: string, data?: object) => {
    const response =
      method === 'get' ? await request.get(path, { headers }) : await request.post(path, { headers, data: data ?? {} });
    expect(response.status(), `${method.toUpperCase()} ${path}: ${await response.text()}`).toBe(200);
    return response.json() as Promise<Record<string, unknown>>;
  };
  return {
    headers,
    call,
    /** The request's id, found by its reference as staff would from the phone. */
    async idOf(reference: string) {
      const { seller_requests } = (await call(
        'get',
        `/api/admin/seller-requests?search=${encodeURIComponent(reference)}`,
      )) as { seller_requests: { id: number; reference: string }[] };
      expect(seller_requests.map((r) => r.reference)).toEqual([reference]);
      return seller_requests[0]!.id;
    },
    /** Approved, offered, accepted and added to a shop, by names: the item is published stock; answers its id. */
    async stock(id: number, place: { shop: string; category: string; offer: number; price: number }) {
      await call('post', `/api/admin/seller-requests/${id}/approved`);
      await call('post', `/api/admin/seller-requests/${id}/offer`, { price: place.offer, reason: 'Fair price' });
      await call('post', `/api/admin/seller-requests/${id}/seller-accepted`, { note: 'Accepted at the counter' });
      const { shops } = (await call('get', '/api/admin/shops?limit=50')) as { shops: { id: number; name: string }[] };
      const { categories } = (await call('get', '/api/admin/categories?limit=50')) as {
        categories: { id: number; name: string }[];
      };
      const added = await call('post', `/api/admin/seller-requests/${id}/add-to-inventory`, {
        shop_id: shops.find((s) => s.name === place.shop)!.id,
        category_id: categories.find((c) => c.name === place.category)!.id,
        price: place.price,
      });
      return added.product_id as number;
    },
  };
}

/** A seller's request sent through the API as the sell form sends it (`images`: one photo); answers its reference. */
export async function submitSell(
  request: APIRequestContext,
  item: string,
  fields: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {},
) {
  const submitted = await request.post('/api/v1/sells', {
    multipart: {
      item_name: item,
      description: 'Dual SIM, 128 GB, box and charger.',
      price: '300000',
      seller_name: 'Chisomo Phiri',
      phone: '0999 456 789',
      email: 'chisomo@example.mw',
      location: 'Lilongwe',
      notify_on_offer: 'true',
      terms_accepted: 'true',
      create_seller_account: 'false',
      ...fields,
    },
  });
  expect(submitted.status()).toBe(201);
  return ((await submitted.json()) as { reference: string }).reference;
}
