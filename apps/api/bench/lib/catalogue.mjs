// The catalogue API at one catalogue size on one engine: each public endpoint's peak, half-peak latency and
// cold (first answer after a write) figures, with and without brotli, and a hello-world measured the same way.
import path from 'node:path';
import { staffSession } from '../../tools/staff-session.mjs';
import { CONNECTIONS, constantRate, getJson, once, peak } from './load.mjs';
import { runNode } from './processes.mjs';

const ENCODINGS = { none: {}, br: { 'accept-encoding': 'br' } };
const DEMO_ADMIN = { email: 'admin@marketplace.mw', password: 'malawi-demo-admin' };
/** More distinct URLs than the catalogue cache keeps (2,000 entries), so every request of an uncached run misses. */
const UNCACHED_URLS = 3000;

/**
 * Grows the catalogue at `where` (a SQLite file or a postgres:// URL) to `products` through the API's own write
 * path (catalogue-load.mjs); what it loaded.
 */
export async function loadCatalogue(where, products) {
  const { stdout } = await runNode(path.join(import.meta.dirname, '../catalogue-load.mjs'), {
    tsx: true,
    env: { BENCH_DB: where, BENCH_PRODUCTS: String(products) },
  });
  const line = stdout.split('\n').find((l) => l.startsWith('LOADED '));
  if (!line) throw new Error(`catalogue-load.mjs said nothing: ${stdout.slice(-500)}`);
  return JSON.parse(line.slice('LOADED '.length));
}

/** The endpoints and their URLs at this catalogue size (the deep page and a product depend on it). */
async function endpoints(base, { quick }) {
  const first = await getJson(base, '/api/v1/products?limit=50&offset=0');
  const total = Number(first.total);
  const deepOffset = Math.max(0, total - 50);
  const list = [
    { name: 'list', path: '/api/v1/products?limit=50&offset=0' },
    { name: 'category', path: '/api/v1/products/category/SmartPhones?limit=10&offset=0' },
    { name: 'search', path: '/api/v1/products?limit=50&offset=0&search=samsung' },
    { name: 'deep page', path: `/api/v1/products?limit=50&offset=${deepOffset}` },
  ];
  // Cursor paging, when the API offers it: the page after one near the end.
  const nearEnd = await getJson(base, `/api/v1/products?limit=50&offset=${Math.max(0, total - 100)}`);
  if (typeof nearEnd.next_cursor === 'string' && nearEnd.next_cursor) {
    list.push({
      name: 'deep cursor',
      path: `/api/v1/products?cursor=${encodeURIComponent(nearEnd.next_cursor)}&limit=50`,
    });
  } else if (typeof first.next_cursor === 'string' && first.next_cursor) {
    // Offered only from the first page on: walk to near the end (bounded).
    let cursor = first.next_cursor;
    const end = Date.now() + 30_000;
    for (let seen = 50; cursor && seen < total - 100 && Date.now() < end; seen += 50) {
      const page = await getJson(base, `/api/v1/products?cursor=${encodeURIComponent(cursor)}&limit=50`);
      cursor = page.next_cursor;
    }
    if (cursor)
      list.push({ name: 'deep cursor', path: `/api/v1/products?cursor=${encodeURIComponent(cursor)}&limit=50` });
  }
  list.push(
    { name: 'featured', path: '/api/v1/products/featured-products' },
    { name: 'product', path: `/api/v1/products/${first.products[0].id}` },
    { name: 'shops', path: '/api/v1/shops' },
  );
  const chosen = quick ? list.filter((e) => ['list', 'search', 'product'].includes(e.name)) : list;

  // Uncached: limit 1..50 times 60 offsets, so no URL repeats before the cache has dropped it.
  const variants = (make) => Array.from({ length: UNCACHED_URLS }, (_, i) => make(1 + (i % 50), Math.floor(i / 50)));
  const uncached = [
    { name: 'list', paths: variants((limit, o) => `/api/v1/products?limit=${limit}&offset=${o}`) },
    { name: 'search', paths: variants((limit, o) => `/api/v1/products?limit=${limit}&offset=${o}&search=samsung`) },
    {
      name: 'deep page',
      paths: variants((limit, o) => `/api/v1/products?limit=${limit}&offset=${Math.max(0, deepOffset - o)}`),
    },
  ];
  // The same depth by cursor (how the storefront pages): a cursor after each of the last rows, limit 1..50.
  const deepCursors = quick ? [] : await cursorsNearTheEnd(base, deepOffset, Math.ceil(UNCACHED_URLS / 50));
  if (deepCursors.length)
    uncached.push({
      name: 'deep cursor',
      paths: variants(
        (limit, o) =>
          `/api/v1/products?cursor=${encodeURIComponent(deepCursors[o % deepCursors.length])}&limit=${limit}`,
      ),
    });
  return {
    total,
    endpoints: chosen,
    uncached: quick ? uncached.slice(1, 2) : uncached,
  };
}

/** Cursors (`next_cursor` of one-row pages) after each of `count` rows ending at `offset`. */
async function cursorsNearTheEnd(base, offset, count) {
  const cursors = [];
  for (let i = 0; i < count; i++) {
    const page = await getJson(base, `/api/v1/products?limit=1&offset=${Math.max(0, offset - i)}`);
    if (typeof page.next_cursor === 'string' && page.next_cursor) cursors.push(page.next_cursor);
  }
  return cursors;
}

/** The demo admin's two-step secret per database: each size's server starts on the database the last one grew. */
const secrets = new Map();

/**
 * A catalogue write through the API that every cached answer depends on, so the next read of any endpoint misses:
 * a shop saved unchanged (shops' names and towns are in every answer; a product's own write now drops only the
 * answers showing it, decision 0089).
 */
async function writer({ base, database }) {
  // The production-mode server requires two-step login (decision 0085): the demo admin sets it up on a new
  // database, and a later login to the same one gives the code.
  const session = await staffSession(base, DEMO_ADMIN.email, DEMO_ADMIN.password, secrets.get(database));
  secrets.set(database, session.secret);
  const { token } = session;
  const shop = JSON.parse((await once({ base, path: '/api/v1/shops?limit=1' })).body.toString()).shops[0];
  const { name, address, town, hours, phone, delivery_fee } = shop;
  const body = JSON.stringify({
    name,
    address,
    town,
    hours,
    ...(phone ? { phone } : {}),
    ...(delivery_fee === null ? {} : { delivery_fee }),
  });
  return async () => {
    const res = await once({
      base,
      path: `/api/admin/shops/${shop.id}`,
      method: 'PUT',
      headers: { authorization: `Bearer ${token}` },
      body,
    });
    if (res.status !== 200) throw new Error(`catalogue write failed: ${res.status} ${res.body}`);
  };
}

/** Runs of hello-world and the endpoint in turn behind its share of hello-world. */
const PAIRS = 3;
/** The cached answers whose share of hello-world is a target (issue 39): each measured in pairs like the list. */
const PAIRED = new Set(['list', 'product', 'search']);
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** The baseline: hello-world's peak and half-peak, measured like the endpoints. */
export async function measureHello(hello, { seconds }) {
  await peak({ base: hello.base, paths: ['/'], seconds: 1, pid: hello.pid });
  const top = await peak({ base: hello.base, paths: ['/'], seconds, pid: hello.pid });
  const half = await constantRate({ base: hello.base, paths: ['/'], rate: top.rps / 2, seconds });
  return { peak: top, half };
}

/**
 * Every endpoint in each encoding: a warm-up, the peak, the half-peak constant rate, and the cold figure
 * (median of three first-answers-after-a-write); then the uncached runs (br only).
 */
export async function measureCatalogue(server, hello, { seconds, quick, log }) {
  const { total, endpoints: list, uncached } = await endpoints(server.base, { quick });
  const write = await writer(server);
  const results = [];
  for (const endpoint of list) {
    const row = { name: endpoint.name, path: endpoint.path, byEncoding: {} };
    for (const [encoding, headers] of Object.entries(ENCODINGS)) {
      const check = await once({ base: server.base, path: endpoint.path, headers });
      if (check.status !== 200)
        throw new Error(`${endpoint.path}: ${check.status} ${check.body.toString().slice(0, 200)}`);
      const cold = [];
      for (let i = 0; i < 3; i++) {
        await write();
        cold.push((await once({ base: server.base, path: endpoint.path, headers })).ms);
      }
      const warmed = (await once({ base: server.base, path: endpoint.path, headers })).ms;
      await peak({ base: server.base, paths: [endpoint.path], headers, seconds: 1, pid: server.pid });
      let top;
      let pairs;
      if (PAIRED.has(endpoint.name)) {
        // The target's figure: three hello-world and endpoint runs in turn, the pair with the median ratio, so
        // other work on the machine weighs on both sides of the ratio alike.
        pairs = [];
        for (let i = 0; i < PAIRS; i++) {
          const baseline = await peak({ base: hello.base, paths: ['/'], seconds, pid: hello.pid });
          const run = await peak({ base: server.base, paths: [endpoint.path], headers, seconds, pid: server.pid });
          pairs.push({ hello: baseline, run, share: (100 * run.rps) / Math.max(1, baseline.rps) });
        }
        const middle = [...pairs].sort((a, b) => a.share - b.share)[Math.floor(PAIRS / 2)];
        top = {
          ...middle.run,
          helloRps: middle.hello.rps,
          helloCpuUs: middle.hello.cpuUs,
          helloServerCpu: middle.hello.serverCpu,
        };
        pairs = pairs.map((p) => Math.round(p.share));
      } else {
        top = await peak({ base: server.base, paths: [endpoint.path], headers, seconds, pid: server.pid });
      }
      const half = await constantRate({
        base: server.base,
        paths: [endpoint.path],
        headers,
        rate: top.rps / 2,
        seconds,
      });
      row.byEncoding[encoding] = {
        peak: top,
        half,
        coldMs: Math.round(median(cold) * 10) / 10,
        cachedOnceMs: Math.round(warmed * 10) / 10,
        bytes: check.body.length,
        ...(pairs ? { shares: pairs } : {}),
      };
      log(
        `    ${endpoint.name.padEnd(11)} ${encoding.padEnd(4)} ${String(top.rps).padStart(6)} req/s  p50 ${top.p50} ms  p99 ${top.p99} ms  half-peak p99 ${half.p99} ms (sent ≤${half.lateP99} ms late)  cold ${row.byEncoding[encoding].coldMs} ms  server ${top.cpuUs} µs/req`,
      );
    }
    results.push(row);
  }
  const misses = [];
  for (const run of uncached) {
    const top = await peak({ base: server.base, paths: run.paths, headers: ENCODINGS.br, seconds, pid: server.pid });
    // Latency of misses at half their own peak rate: at peak, 32 connections queue behind each other. It goes on
    // past the peak run's last URLs (those still in flight at its end too), which no request has asked for
    // within the cache's 2,000 entries.
    const from = (top.requests + 2 * CONNECTIONS) % run.paths.length;
    const half = await constantRate({
      base: server.base,
      paths: [...run.paths.slice(from), ...run.paths.slice(0, from)],
      headers: ENCODINGS.br,
      rate: Math.max(1, top.rps / 2),
      seconds,
    });
    misses.push({ name: run.name, peak: top, half });
    log(
      `    uncached ${run.name.padEnd(9)} br   ${String(top.rps).padStart(6)} req/s  p50 ${top.p50} ms  p99 ${top.p99} ms  half-peak p99 ${half.p99} ms  server ${top.cpuUs} µs/req`,
    );
  }
  return { total, endpoints: results, uncached: misses };
}
