import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.js';
import { engines } from '../test/databases.js';
import { addProduct, addShop } from '../test/fixtures.js';
import { enqueueMessages } from '../modules/notifications/outbox.js';
import { items, placeOrder } from '../modules/orders/testing.js';
import { fakeWebBuild } from '../test/web-build.js';
import { IN_PROCESS_HEADER } from './in-process.js';
import { createMetrics, METRICS_REFUSED } from './metrics.js';

const PHONE = '0999 424 242';
const EMAIL = 'metrics.buyer@example.mw';

/** The value of one sample line (name and labels exactly as written), or undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

// docs/decisions/0077: Prometheus metrics of requests, the catalogue cache, the outbox, money, orders, jobs, the pool
// and the process; no label carries what a client sent; open to this machine or to the metrics token.
describe.each(engines)('metrics [%s]', (engine) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    // With the link key, the order's SMS is written to the outbox (and waits there: no gateway).
    t = await createTestApp(engine, { linkSecret: 'metrics-test-key', publicUrl: 'https://marketplace.mw' });
    const shop = await addShop(t.db, 'Metrics Shop');
    const product = await addProduct(t.db, { name: 'Metrics Radio', shopId: shop, images: 0 });
    const placed = await placeOrder(t.app, items(product), { phone: PHONE, email: EMAIL });
    expect(placed.statusCode, placed.body).toBe(201);
    token = (placed.json() as { orders: { token: string }[] }).orders[0]!.token;
  });
  afterAll(() => t.close());

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.body;
  };

  // Issue 35 (decision 0084): the SMS let through in the last hour, by every process, against SMS_MAX_PER_HOUR.
  it('shows the SMS spent in the last hour beside the hourly budget', async () => {
    const now = Date.now();
    const at = (ms: number) => new Date(now - ms);
    const code = (i: number) => ({
      channel: 'sms' as const,
      recipient: `+26599100020${i}`,
      body: `Your Marketplace Malawi code is 00000${i}`,
      subjectType: 'phone_code',
      subjectId: i,
      admitted: true,
    });
    const before = sample(await scrape(), 'marketplace_sms_sent_last_hour') ?? 0;
    await enqueueMessages(t.db.kysely, [code(1), code(2)], at(60_000));
    await enqueueMessages(t.db.kysely, [code(3)], at(2 * 3_600_000));
    // Sent, so the other tests' count of pending messages stays theirs.
    await t.db.kysely
      .updateTable('outbox_messages')
      .set({ state: 'sent' })
      .where('subject_type', '=', 'phone_code')
      .execute();
    const text = await scrape();
    expect(text).toContain('# TYPE marketplace_sms_sent_last_hour gauge');
    expect(sample(text, 'marketplace_sms_sent_last_hour')).toBe(before + 2);
    expect(sample(text, 'marketplace_sms_budget_per_hour')).toBe(500);
  });

  it('counts requests by route pattern and status, the cache’s hits and misses, and what the database holds', async () => {
    const before = await scrape();
    const series = 'marketplace_http_requests_total{method="GET",route="/api/v1/products",status="200"}';
    const ran = sample(before, series) ?? 0;
    const hits = sample(before, 'marketplace_catalogue_cache_lookups_total{result="hit"}') ?? 0;
    const misses = sample(before, 'marketplace_catalogue_cache_lookups_total{result="miss"}') ?? 0;
    const url = `/api/v1/products?limit=7&search=metrics${engine}`;
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/orders/${token}` })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/api/no-such-place/${token}?phone=${PHONE}` })).statusCode).toBe(
      404,
    );

    const text = await scrape();
    // Three requests, the first made afresh, the other two from the cache (which skips every later hook).
    expect(sample(text, series)).toBe(ran + 3);
    expect(sample(text, 'marketplace_catalogue_cache_lookups_total{result="miss"}')).toBe(misses + 1);
    expect(sample(text, 'marketplace_catalogue_cache_lookups_total{result="hit"}')).toBe(hits + 2);
    expect(sample(text, 'marketplace_catalogue_cache_bytes')).toBeGreaterThan(0);
    expect(
      sample(text, 'marketplace_http_requests_total{method="GET",route="/api/v1/orders/:token",status="200"}'),
    ).toBe(1);
    expect(sample(text, 'marketplace_http_requests_total{method="GET",route="unmatched",status="404"}')).toBe(1);
    expect(sample(text, 'marketplace_http_requests_total{method="POST",route="/api/v1/orders",status="201"}')).toBe(1);
    expect(
      sample(text, 'marketplace_http_request_duration_seconds_count{method="GET",route="/api/v1/products"}'),
    ).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'marketplace_orders{status="Placed"}')).toBe(1);
    expect(sample(text, 'marketplace_outbox_messages{channel="sms",state="pending"}')).toBe(1);
    expect(sample(text, 'marketplace_outbox_messages{channel="email",state="pending"}')).toBe(1);
    expect(sample(text, 'marketplace_database_up')).toBe(1);
    expect(text).toContain('# TYPE marketplace_job_runs_total counter');
    expect(text).toContain('# TYPE marketplace_money_transfers gauge');
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    if (engine === 'postgres') expect(sample(text, 'marketplace_db_pool_waiting')).toBe(0);

    // Nothing a client sent: not the order's token, the phone (as typed or stored), the email, or a URL.
    for (const secret of [token, '999424242', EMAIL, 'no-such-place', `metrics${engine}`])
      expect(text).not.toContain(secret);
  });

  it('says the database is down, and still answers, when it is', async () => {
    const other = await createTestApp(engine);
    await other.db.close();
    const res = await other.app.inject({ method: 'GET', url: '/api/metrics' });
    expect(res.statusCode).toBe(200);
    expect(sample(res.body, 'marketplace_database_up')).toBe(0);
    await other.close();
  });

  it('is open to this machine only: another address, or a request a balancer forwarded, is refused', async () => {
    const far = await t.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '10.1.2.3' });
    expect(far.statusCode).toBe(403);
    expect(far.json().message).toBe(METRICS_REFUSED);
    const forwarded = await t.app.inject({
      method: 'GET',
      url: '/api/metrics',
      headers: { 'x-forwarded-for': '41.70.1.2' },
    });
    expect(forwarded.statusCode).toBe(403);
    expect(far.body).not.toContain('marketplace_');
  });

  it('refuses a same-machine proxy whatever forwarding header it sends (X-Real-IP alone included)', async () => {
    const headers: Record<string, string>[] = [
      { 'x-real-ip': '41.70.1.2' },
      { forwarded: 'for=41.70.1.2' },
      { 'x-forwarded-host': 'marketplace.mw' },
      { 'x-forwarded-proto': 'https' },
      { 'x-client-ip': '41.70.1.2' },
      { 'true-client-ip': '41.70.1.2' },
      { 'cf-connecting-ip': '41.70.1.2' },
      { 'x-original-forwarded-for': '41.70.1.2' },
      { via: '1.1 nginx' },
    ];
    for (const h of headers) {
      const res = await t.app.inject({ method: 'GET', url: '/api/metrics', headers: h });
      expect(res.statusCode, JSON.stringify(h)).toBe(403);
      expect(res.body).not.toContain('marketplace_');
    }
  });

  it('with METRICS_TOKEN, answers its bearer token from anywhere and nothing else', async () => {
    const secret = 'metrics-token-0123456789';
    const other = await createTestApp(engine, { metricsToken: secret });
    const read = (headers: Record<string, string>) =>
      other.app.inject({ method: 'GET', url: '/api/metrics', remoteAddress: '10.1.2.3', headers });
    expect((await read({})).statusCode).toBe(403);
    expect((await read({ authorization: 'Bearer metrics-token-0123456788' })).statusCode).toBe(403);
    expect((await read({ authorization: `Bearer ${secret}x` })).statusCode).toBe(403);
    expect((await read({ authorization: `Bearer ${secret}` })).statusCode).toBe(200);
    // The token is needed from this machine too.
    expect((await other.app.inject({ method: 'GET', url: '/api/metrics' })).statusCode).toBe(403);
    await other.close();
  });
});

describe('job metrics', () => {
  it('count each round, its time, and a failure, which still reaches the caller', async () => {
    const metrics = createMetrics();
    await expect(metrics.job('outbox', () => Promise.resolve(3))).resolves.toBe(3);
    await expect(metrics.job('outbox', () => Promise.reject(new Error('gateway down')))).rejects.toThrow(
      'gateway down',
    );
    const text = await metrics.registry.metrics();
    expect(sample(text, 'marketplace_job_runs_total{task="outbox"}')).toBe(2);
    expect(sample(text, 'marketplace_job_failures_total{task="outbox"}')).toBe(1);
    expect(sample(text, 'marketplace_job_duration_seconds_count{task="outbox"}')).toBe(2);
    // Issue 36: Prometheus sets `job` on every series it scrapes and renamed ours `exported_job`.
    expect(text).not.toMatch(/[{,]job="/);
  });
});

// Issue 36 (decision 0090): a server-rendered page is one request from the network, whatever API calls its render
// makes in-process (app.inject); those are counted apart, by route and status, not among the HTTP requests.
const RENDERER = `
let transport;
export const INITIAL_DATA_ID = 'initial-data';
export const PAGE_MODULES = { '/product/:id': [] };
export function configure(next) { transport = next; }
export async function render(url) {
  const id = /^\\/product\\/(\\d+)/.exec(url)[1];
  const product = await (await transport('/api/v1/products/' + id)).json();
  await transport('/api/v1/products?limit=4');
  return { head: '', body: '<h1>' + product.name + '</h1>', data: {}, status: 200, complete: true };
}`;

describe.each(engines)('metrics of server-rendered pages [%s]', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, {
      webDist: fakeWebBuild({
        template: '<html><head></head><body><div id="root"></div></body></html>',
        renderer: RENDERER,
      }),
    });
  });
  afterAll(() => t.close());

  const scrape = async () => (await t.app.inject({ method: 'GET', url: '/api/metrics' })).body;

  it('count the page the network asked for once, and its in-process API calls apart', async () => {
    const shop = await addShop(t.db, 'Rendered Shop');
    const product = await addProduct(t.db, { name: 'Rendered Radio', shopId: shop, images: 0 });
    const counted = [
      'marketplace_http_requests_total{method="GET",route="/product/:id",status="200"}',
      'marketplace_http_requests_total{method="GET",route="/api/v1/products/:id",status="200"}',
      'marketplace_http_requests_total{method="GET",route="/api/v1/products",status="200"}',
      'marketplace_http_request_duration_seconds_count{method="GET",route="/api/v1/products/:id"}',
      'marketplace_render_calls_total{route="/api/v1/products/:id",status="200"}',
      'marketplace_render_calls_total{route="/api/v1/products",status="200"}',
    ];
    const read = (text: string) => counted.map((series) => sample(text, series) ?? 0);
    const before = read(await scrape());
    const page = await t.app.inject({ method: 'GET', url: `/product/${product}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<h1>Rendered Radio</h1>');
    const after = read(await scrape());
    expect(after.map((n, i) => n - before[i]!)).toEqual([1, 0, 0, 0, 1, 1]);
  });

  it('still count a request that carries a made-up in-process mark', async () => {
    const series = 'marketplace_http_requests_total{method="GET",route="/api/v1/products",status="200"}';
    const before = sample(await scrape(), series) ?? 0;
    for (const value of ['1', 'true', ''])
      await t.app.inject({ method: 'GET', url: '/api/v1/products?limit=3', headers: { [IN_PROCESS_HEADER]: value } });
    expect(sample(await scrape(), series)).toBe(before + 3);
  });
});
