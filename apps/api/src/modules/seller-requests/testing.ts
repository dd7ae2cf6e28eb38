import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Db } from '../../db/database.js';
import { multipartBody } from '../images/testing.js';

/** A valid public submission's fields; tests override some. */
export function sellForm(over: Record<string, string> = {}) {
  return Object.entries({
    item_name: 'PlayStation 4 Pro',
    description: 'Two controllers, works perfectly',
    price: '450000',
    seller_name: 'Thoko Phiri',
    phone: '+265 999-123 456',
    email: 'thoko@example.mw',
    location: 'Lilongwe, Area 18',
    notify_on_offer: 'true',
    terms_accepted: 'true',
    create_seller_account: 'true',
    ...over,
  }) as [string, string][];
}

const png = (colour: string) =>
  sharp({ create: { width: 60, height: 40, channels: 3, background: colour } })
    .png()
    .toBuffer();

const photos = async (n: number) =>
  Promise.all(
    Array.from(
      { length: n },
      async (_, i) =>
        ['images', await png(['#a00', '#0a0', '#00a', '#aa0'][i]!), `p${i}.png`, 'image/png'] as [
          string,
          Buffer,
          string,
          string,
        ],
    ),
  );

let address = 0;
/** A different client address per call, so the per-IP limits stay out of the way. */
export function nextIp() {
  address++;
  return `10.2.${Math.floor(address / 250) % 250}.${address % 250}`;
}

export async function sell(
  app: FastifyInstance,
  entries: Parameters<typeof multipartBody>[0],
  remoteAddress = nextIp(),
) {
  const body = await multipartBody(entries);
  return app.inject({
    method: 'POST',
    url: '/api/v1/sells',
    headers: body.headers,
    payload: body.payload,
    remoteAddress,
  });
}

/** A public submission: its id, reference and status link token. */
export async function submit(app: FastifyInstance, over: Record<string, string> = {}, images = 0) {
  const res = await sell(app, [...sellForm(over), ...(await photos(images))]);
  if (res.statusCode !== 201) throw new Error(`submission failed: ${res.body}`);
  return res.json() as { id: number; reference: string; status_token: string };
}

/** Staff calls on one request, as the back-office makes them. */
export function staffCalls(app: FastifyInstance, headers: Record<string, string>) {
  const post = (url: string, payload?: unknown) =>
    app.inject({ method: 'POST', url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  return {
    detail: async (id: number) =>
      (await app.inject({ method: 'GET', url: `/api/admin/seller-requests/${id}`, headers })).json(),
    approve: (id: number) => post(`/api/admin/seller-requests/${id}/approved`),
    reject: (id: number) => post(`/api/admin/seller-requests/${id}/denied`, { reason: 'Screen is cracked' }),
    offer: (id: number, price: unknown = 400000, reason = 'Market price') =>
      post(`/api/admin/seller-requests/${id}/offer`, { price, reason }),
    counter: (id: number, price: unknown = 380000, reason = 'Missing box') =>
      post(`/api/admin/counter-offer/${id}`, { counter_price: price, reason }),
    recordAcceptance: (id: number, note = 'Accepted at the Lilongwe shop') =>
      post(`/api/admin/seller-requests/${id}/seller-accepted`, { note }),
    addToInventory: (id: number, body: { shop_id: number; category_id: number; price?: unknown }) =>
      post(`/api/admin/seller-requests/${id}/add-to-inventory`, {
        seller_request_id: id,
        publish_product: true,
        price: 520000,
        ...body,
      }),
  };
}

/** The seller's calls through the status link. */
export function sellerCalls(app: FastifyInstance) {
  return {
    view: (token: string) => app.inject({ method: 'GET', url: `/api/v1/sells/${token}`, remoteAddress: nextIp() }),
    accept: (token: string, payload?: unknown) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/sells/${token}/accept`,
        remoteAddress: nextIp(),
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    decline: (token: string, payload?: unknown) =>
      app.inject({
        method: 'POST',
        url: `/api/v1/sells/${token}/decline`,
        remoteAddress: nextIp(),
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
  };
}

export async function statusOf(db: Db, id: number) {
  return await db.kysely
    .selectFrom('seller_requests')
    .select(['status', 'offer_expires_at'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

/** A submitted request taken through offer (`buying`), acceptance and into the shop's stock; answers its ids. */
export async function inStock(
  app: FastifyInstance,
  staff: ReturnType<typeof staffCalls>,
  place: { shop_id: number; category_id: number },
  buying = 130_000,
) {
  const submitted = await submit(app);
  for (const res of [
    await staff.approve(submitted.id),
    await staff.offer(submitted.id, buying),
    await staff.recordAcceptance(submitted.id),
    await staff.addToInventory(submitted.id, place),
  ])
    if (res.statusCode !== 200) throw new Error(`could not put the item in stock: ${res.body}`);
  return submitted;
}
