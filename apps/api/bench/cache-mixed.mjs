// `npm run bench:cache` (after `npm run build`; alone on the machine): the catalogue cache under a busy day
// (decision 0089). Two server processes on one PostgreSQL database (a database of its own, dropped at the end),
// reached through the relay of lib/pg-relay.mjs (the tests' TCP proxy) so the bench can take the database away
// without touching the server. Browsers ask for catalogue answers (lists, categories, products, search, featured and, when the web
// build has its renderer, the rendered pages) while an order reserving a random item arrives every so often;
// then the database goes away and the same browsing goes on. Prints the cache's hit ratio under the mixed load
// (from each process's /api/metrics) and how many catalogue reads were served stale during the outage.
//
// Env: BENCH_DATABASE_URL (or DATABASE_URL), a postgres:// URL whose server the bench creates its database on;
// BENCH_PRODUCTS (1000), BENCH_SECONDS of mixed load (40), BENCH_ORDER_MS between orders (500: two a second),
// BENCH_OUTAGE_SECONDS (10), BENCH_READS_PER_SECOND (125: issue 36's load, sent at that pace whatever the answers do).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { cacheLookups as lookups } from './lib/load.mjs';
import { startPgRelay } from './lib/pg-relay.mjs';
import { killChildren, root, runNode, startServer, tempDir, throwawayPgDatabase } from './lib/processes.mjs';
import { forSeconds, openLoop, pickPopular, SEARCHES, weighted } from './lib/traffic.mjs';

const pgCandidate = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || '';
if (!/^postgres(ql)?:\/\//.test(pgCandidate))
  throw new Error('BENCH_DATABASE_URL (or DATABASE_URL) must be a postgres:// URL: the bench needs a database to stop');
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 40);
const ORDER_MS = Number(process.env.BENCH_ORDER_MS ?? 500);
const OUTAGE_SECONDS = Number(process.env.BENCH_OUTAGE_SECONDS ?? 10);
const RATE = Number(process.env.BENCH_READS_PER_SECOND ?? 125);
const TARGET_HIT_RATIO = 0.8;

const began = Date.now();
const log = (line) => console.log(`[${String(Math.round((Date.now() - began) / 1000)).padStart(4)} s] ${line}`);
if (!fs.existsSync(path.join(root, 'apps/api/dist/server.js')))
  throw new Error('apps/api/dist/server.js is missing: run `npm run build` first');
const rendered = fs.existsSync(path.join(root, 'apps/web/dist-ssr/render.js'));

const cleanups = [];
async function cleanUp() {
  killChildren();
  while (cleanups.length)
    await cleanups
      .pop()()
      .catch((error) => console.error(`cleanup: ${error.message}`));
}
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
process.once('exit', killChildren);

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
/** One request; `{ status, headers, body }`, status 0 when it failed. */
function request(base, url, { method = 'GET', body, encoding = 'br' } = {}) {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${base}${url}`,
      {
        method,
        agent,
        headers: {
          'accept-encoding': encoding,
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', () => resolve({ status: 0, headers: {}, body: Buffer.alloc(0) }));
    req.setTimeout(15_000, () => req.destroy());
    req.end(payload);
  });
}
const json = async (base, url) =>
  JSON.parse((await request(base, url, { encoding: 'identity' })).body.toString() || 'null');

// A busy day's browsing: mostly products and category lists, a popular few more than the rest.
function browsing(products, categories) {
  const popular = products.slice(0, 150);
  const pick = pickPopular;
  return weighted([
    [30, () => `/api/v1/products/${pick(popular)}`],
    [20, () => `/api/v1/products/category/${encodeURIComponent(pick(categories))}?limit=20&offset=0`],
    [5, () => `/api/v1/products/category/${encodeURIComponent(pick(categories))}?limit=20&offset=20`],
    [8, () => '/api/v1/products?limit=20&offset=0'],
    [5, () => `/api/v1/products?limit=20&offset=0&available=true&category=${encodeURIComponent(pick(categories))}`],
    [5, () => `/api/v1/products?limit=20&offset=0&search=${pick(SEARCHES)}`],
    [5, () => '/api/v1/products/featured-products'],
    [4, () => '/api/v1/categories'],
    [2, () => '/api/v1/products/towns'],
    [2, () => '/api/v1/products/specs'],
    ...(rendered
      ? [
          [6, () => '/'],
          [6, () => `/product/${pick(popular)}`],
          [2, () => `/discover?category=${encodeURIComponent(pick(categories))}`],
        ]
      : []),
  ]);
}

async function main() {
  const dataDir = tempDir('cache');
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const throwaway = await throwawayPgDatabase(pgCandidate, 'bench_cache');
  cleanups.push(async () => {
    await throwaway.drop();
    log(`dropped PostgreSQL database ${throwaway.name}`);
  });
  const database = throwaway.url;
  log(`loading ${PRODUCTS} products`);
  await runNode(path.join(import.meta.dirname, 'catalogue-load.mjs'), {
    tsx: true,
    env: { BENCH_DB: database, BENCH_PRODUCTS: String(PRODUCTS) },
  });
  const relay = await startPgRelay(database);
  cleanups.push(() => relay.stop());
  const env = {
    ORDERS_PER_ADDRESS_HOUR: '1000000',
    MAX_HELD_ITEMS_PER_ADDRESS: '10000',
    RESERVATION_ALARM_PER_HOUR: '1000000',
  };
  const servers = [];
  for (let i = 0; i < 2; i++) servers.push(await startServer({ dataDir, databaseUrl: relay.url, env }));
  log(`two processes up${rendered ? ', rendering pages' : ' (no web renderer built: API answers only)'}`);

  const base = servers[0].base;
  const categories = (await json(base, '/api/v1/categories')).categories.map((c) => c.name);
  const products = [];
  for (let offset = 0; offset < 400; offset += 100)
    for (const p of (await json(base, `/api/v1/products?limit=100&offset=${offset}`)).products) products.push(p.id);
  const next = browsing(products, categories);

  // Warm-up: what the first visitors of the day make.
  for (let i = 0; i < 600; i++) await request(servers[i % 2].base, next());
  const before = await Promise.all(servers.map((s) => lookups(s.base)));

  const counts = { reads: 0, failed: 0, orders: 0, refused: 0 };
  const browse = async (n) => {
    const res = await request(servers[n % 2].base, next());
    counts.reads++;
    if (res.status !== 200 && res.status !== 304) counts.failed++;
  };
  let phone = 0;
  const order = async () => {
    const id = products[Math.floor(Math.random() * products.length)];
    const res = await request(servers[phone % 2].base, '/api/v1/orders', {
      method: 'POST',
      body: {
        buyer_name: 'Bench Buyer',
        phone: `099${String(++phone).padStart(7, '0')}`,
        fulfilment: 'collect',
        items: [{ product_id: id }],
      },
    });
    if (res.status === 201) counts.orders++;
    else counts.refused++;
  };
  log(`mixed load: ${RATE} reads a second for ${SECONDS} s, an order every ${ORDER_MS} ms`);
  const orders = setInterval(() => void order(), ORDER_MS);
  await openLoop(RATE, forSeconds(SECONDS), browse);
  clearInterval(orders);
  const after = await Promise.all(servers.map((s) => lookups(s.base)));
  const load = { hit: 0, miss: 0, stale: 0 };
  for (let i = 0; i < servers.length; i++)
    for (const key of Object.keys(load)) load[key] += after[i][key] - before[i][key];
  const ratio = load.hit / (load.hit + load.miss);

  // The outage, right after the writes: the same browsing, the database unreachable.
  log(`database away for ${OUTAGE_SECONDS} s`);
  await relay.stop();
  const outage = { reads: 0, stale: 0, unavailable: 0, other: 0 };
  await openLoop(RATE, forSeconds(OUTAGE_SECONDS), async (n) => {
    const res = await request(servers[n % 2].base, next());
    outage.reads++;
    if (res.status === 200 && res.headers['x-cache'] === 'STALE') outage.stale++;
    else if (res.status === 503) outage.unavailable++;
    else outage.other++;
  });
  await relay.start();

  const figures = {
    seconds: SECONDS,
    reads: counts.reads,
    readsPerSecond: Math.round(counts.reads / SECONDS),
    failedReads: counts.failed,
    orders: counts.orders,
    ordersRefused: counts.refused,
    lookups: load,
    hitRatio: Math.round(ratio * 1000) / 10,
    outage: { seconds: OUTAGE_SECONDS, ...outage },
    rendered,
  };
  console.log(`RESULT ${JSON.stringify(figures)}`);
  log(
    `hit ratio ${figures.hitRatio}% (${load.hit} hits, ${load.miss} misses; target ≥ ${TARGET_HIT_RATIO * 100}%) over ${counts.reads} reads (${figures.readsPerSecond}/s), ${counts.orders} orders placed (${counts.refused} refused)`,
  );
  log(
    `outage after the writes: ${outage.stale} of ${outage.reads} catalogue reads served stale, ${outage.unavailable} answered 503, ${outage.other} other`,
  );
  for (const server of servers) await server.stop();
  return ratio >= TARGET_HIT_RATIO && outage.stale > 0;
}

let met;
try {
  met = await main();
} finally {
  await cleanUp();
}
process.exit(met ? 0 : 1);
