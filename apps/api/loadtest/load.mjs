// The mixed load of issue 36, sent through nginx at a constant arrival rate (open loop: a request leaves on time
// whatever the earlier ones are doing): browsing, buyers (a phone code read back from the SMS stand-in, then an
// order paying now by Airtel Money or at the shop), sellers (the sell form with a photo) and staff (completing
// orders with the buyer's collection code, and taking sell requests through to paying the seller by Airtel Money).
// Every acknowledged (2xx) write is kept, for judge.mjs to find in the database afterwards.
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import sharp from 'sharp';
import { json, nextClient, postSell, request, sellFields } from '../stress/lib.mjs';
import { sleep } from '../tools/loopback.mjs';
import { pickPopular, SEARCHES, weighted } from '../bench/lib/traffic.mjs';

const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
/** Staff members at work at once on orders, and as many on sellers. */
const STAFF = 3;
export const closeAgent = () => agent.destroy();

const body = (value) => Buffer.from(JSON.stringify(value));
const jsonHeaders = (client, extra = {}) => ({
  'content-type': 'application/json',
  'x-forwarded-for': client,
  ...extra,
});

/** A busy day's browsing: products and category lists, a popular few more than the rest, search, rendered pages. */
export function browsing(products, categories) {
  const popular = products.slice(0, 150);
  const pick = pickPopular;
  return weighted([
    [30, () => `/api/v1/products/${pick(popular)}`],
    [20, () => `/api/v1/products/category/${encodeURIComponent(pick(categories))}?limit=20&offset=0`],
    [5, () => `/api/v1/products/category/${encodeURIComponent(pick(categories))}?limit=20&offset=20`],
    [8, () => '/api/v1/products?limit=20&offset=0'],
    [5, () => `/api/v1/products?limit=20&offset=0&search=${pick(SEARCHES)}`],
    [5, () => '/api/v1/products/featured-products'],
    [4, () => '/api/v1/categories'],
    [6, () => '/'],
    [6, () => `/product/${pick(popular)}`],
  ]);
}

/** One browsing request; `{ at, path, status, cache }` (cache: the X-Cache header, STALE in an outage). */
export async function browse(base, path) {
  const at = Date.now();
  const res = await request(base, {
    path,
    headers: { 'x-forwarded-for': nextClient(), 'accept-encoding': 'br' },
    agent,
    timeoutMs: 30_000,
  });
  return { at, path, status: res.status ?? 0, cache: res.headers?.['x-cache'] };
}

/** A small photo for the sell form (a real PNG, as the upload checks decode it). */
export const photo = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#3a6' } })
    .png()
    .toBuffer();

/** The buyer's phone (0-form, an Airtel number: pay-now's network must match it) for buyer `n`. */
const buyerPhone = (n) => `099${String(2_000_000 + n).padStart(7, '0')}`;
const e164 = (phone) => `+265${phone.slice(1)}`;

/**
 * A buyer: asks a phone code, waits for the SMS at the stand-in (the time from asking to the stand-in holding it
 * is the code's time), and orders one item, paying now or at the shop. Pay-now charges are answered by the fake
 * gateway's webhook through nginx, as PayChangu posts it.
 */
export async function buyer(ctx, n, payNow) {
  const { base, sms, paychangu, products, acked, events } = ctx;
  const phone = buyerPhone(n);
  const client = nextClient();
  const asked = performance.now();
  const code = await request(base, {
    method: 'POST',
    path: '/api/v1/phone-codes',
    headers: jsonHeaders(client),
    body: body({ phone }),
    agent,
  });
  events.codes.push(code.status ?? 0);
  if (code.status !== 202) return;
  let text;
  while (!text && performance.now() - asked < 40_000) {
    text = sms.received.find((r) => r.to === e164(phone) && / code is \d{6}$/.test(r.message));
    if (!text) await sleep(50);
  }
  ctx.codeSeconds.push(text ? (text.at - asked) / 1000 : Infinity);
  if (!text) return;
  const product = products.pop();
  if (product === undefined) return;
  const placed = await request(base, {
    method: 'POST',
    path: '/api/v1/orders',
    headers: jsonHeaders(client),
    body: body({
      buyer_name: `Load Buyer ${n}`,
      phone,
      ...(n % 2 ? { email: `buyer${n}@example.mw` } : {}),
      fulfilment: 'collect',
      items: [{ product_id: product }],
      payment: payNow ? 'airtel_money' : 'on_collection',
      phone_code: text.message.slice(-6),
      request_id: randomBytes(24).toString('base64url'),
    }),
    agent,
  });
  events.orders.push(placed.status ?? 0);
  if (placed.status !== 201) return;
  const { orders } = JSON.parse(placed.body.toString('utf8'));
  for (const order of orders) acked.orders.push({ number: order.number, token: order.token, payNow, phone });
  if (!payNow) return;
  // The buyer approves at once; PayChangu then posts its event (the poller would find it too).
  await sleep(1000);
  for (const t of paychangu.transfers.values())
    if (t.kind === 'charge' && t.mobile === phone) {
      const res = await paychangu
        .sendWebhook(`${base}/api/payments/paychangu/webhook`, t.chargeId)
        .catch(() => ({ status: 0 }));
      events.webhooks.push(res.status);
    }
}

/** A seller: the public sell form with one photo, from a phone of their own (an Airtel number, to be paid on). */
export async function seller(ctx, n) {
  const { base, png, acked, events } = ctx;
  const fields = { ...sellFields(`Load item ${n}`), phone: `+265 99${String(3_000_000 + n).padStart(7, '0')}` };
  const res = await postSell(base, { fields, photos: [png], agent });
  events.sells.push(res.status ?? 0);
  if (res.status === 201) acked.sells.push(JSON.parse(res.body.toString('utf8')));
}

/** Staff's calls with the session's token; `{ status, body }`, status 0 when the request failed. */
function staffCall(ctx, method, path, payload) {
  return json(ctx.base, {
    method,
    path,
    headers: { authorization: `Bearer ${ctx.token}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
    ...(payload ? { body: body(payload) } : {}),
    agent,
  }).catch(() => ({ status: 0 }));
}

/**
 * Staff completing orders: confirm, ready, the buyer's collection code (read from the buyer's order page, as they
 * say it at the counter) and complete, cash for a reservation; a pay-now order once its charge is paid. A step that
 * fails (the database away, a process killed) is tried again later from where it stopped.
 */
export async function staffOrders(ctx, until) {
  const queue = [];
  let taken = 0;
  const worker = async () => {
    while (!until()) {
      while (taken < ctx.acked.orders.length) queue.push({ ...ctx.acked.orders[taken++], stage: 'confirm', tries: 0 });
      const i = queue.findIndex((o) => !o.notBefore || o.notBefore <= Date.now());
      if (i === -1) {
        await sleep(200);
        continue;
      }
      const [order] = queue.splice(i, 1);
      if (!(await orderStep(ctx, order)) && ++order.tries < 60) queue.push({ ...order, notBefore: Date.now() + 2000 });
    }
  };
  await Promise.all(Array.from({ length: STAFF }, worker));
}

async function orderStep(ctx, order) {
  if (order.id === undefined) {
    const row = await ctx.pg.query('select id from orders where number = $1', [order.number]).catch(() => undefined);
    order.id = row?.rows[0]?.id;
    if (order.id === undefined) return false;
  }
  if (order.payNow && !order.paid) {
    const charge = await ctx.pg
      .query(`select status from money_transfers where order_id = $1 and kind = 'charge'`, [order.id])
      .catch(() => undefined);
    if (!charge?.rows.some((r) => r.status === 'paid')) return false;
    order.paid = true;
  }
  for (const stage of ['confirm', 'ready', 'complete']) {
    if (order.stage !== stage) continue;
    let payload;
    if (stage === 'complete') {
      const view = await json(ctx.base, {
        path: `/api/v1/orders/${order.token}`,
        headers: { 'x-forwarded-for': nextClient() },
        agent,
      }).catch(() => ({ status: 0 }));
      if (view.status !== 200 || !view.body.collection_code) return false;
      payload = { collection_code: view.body.collection_code, ...(order.payNow ? {} : { payment_method: 'cash' }) };
    }
    const res = await staffCall(ctx, 'POST', `/api/admin/orders/${order.id}/${stage}`, payload);
    ctx.events.staff.push(res.status);
    if (res.status !== 200) return false;
    order.stage = { confirm: 'ready', ready: 'complete', complete: 'done' }[stage];
    if (stage === 'complete') ctx.acked.completions.push(order.number);
  }
  return true;
}

/**
 * Staff buying what sellers offered: approve, offer, record the seller's acceptance, add to stock, and pay the
 * seller by Airtel Money (a payout through the gateway). Every request is taken, each once paid.
 */
export async function staffSellers(ctx, until) {
  const queue = [];
  let taken = 0;
  const steps = [
    ['approved', () => undefined],
    ['offer', () => ({ price: 130_000, reason: 'Market price' })],
    ['seller-accepted', () => ({ note: 'Accepted at the counter' })],
    ['add-to-inventory', (r) => ({ seller_request_id: r.id, publish_product: true, price: 190_000, ...ctx.place })],
    ['pay', () => ({ method: 'airtel_money' })],
  ];
  const worker = async () => {
    while (!until()) {
      while (taken < ctx.acked.sells.length) queue.push({ ...ctx.acked.sells[taken++], step: 0, tries: 0 });
      const i = queue.findIndex((r) => !r.notBefore || r.notBefore <= Date.now());
      if (i === -1) {
        await sleep(200);
        continue;
      }
      const [request] = queue.splice(i, 1);
      while (request.step < steps.length) {
        const [path, payload] = steps[request.step];
        const res = await staffCall(ctx, 'POST', `/api/admin/seller-requests/${request.id}/${path}`, payload(request));
        ctx.events.staff.push(res.status);
        if (res.status !== 200) break;
        if (path === 'pay') ctx.acked.payouts.push(request.id);
        request.step++;
      }
      if (request.step < steps.length && ++request.tries < 60) queue.push({ ...request, notBefore: Date.now() + 2000 });
    }
  };
  await Promise.all(Array.from({ length: STAFF }, worker));
}
