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
  };
}
