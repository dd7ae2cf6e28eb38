// `node apps/api/stress/abuse.mjs` (after the build): what a stranger does with the product's free rules, at
// scale, against the built server on loopback (SQLite, demo data); X-Forwarded-For names the simulated
// clients (TRUST_PROXY=1, one hop: us).
// - The hoard: reserve every item on sale, in baskets of 20, as one phone from one address, as many phones
//   from one address, racing, and (with an SMS gateway, so phones must be proved) as a client that cannot read
//   the codes. Before the caps, two requests reserved all 26 items.
// - The cache flood: 3,000 URLs with parameters no route reads, then 3,000 distinct searches (parameters a
//   route does read), watching the process's memory against PUBLIC_CACHE_MB.
import http from 'node:http';
import {
  DEMO_ADMIN,
  deadline,
  json,
  login,
  nextClient,
  report,
  request,
  rssMb,
  startServer,
  stopServer,
  tempDir,
} from './lib.mjs';

deadline(5 * 60_000, 'abuse');

const FLOOD_URLS = 3000;
const CACHE_MB = 16;

/** An HTTP server speaking Africa's Talking's messaging API that accepts and forgets: the attacker never sees a code. */
async function silentSmsGateway() {
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ SMSMessageData: { Recipients: [{ status: 'Success', statusCode: 101 }] } }));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/version1/messaging`, close: () => server.close() };
}

async function onSale(base) {
  const res = await json(base, { path: '/api/v1/products?available=true&limit=100' });
  return res.body.products.map((p) => ({ product_id: p.id, price: p.price }));
}

let phoneNumber = 0;
const nextPhone = () => `099${String(++phoneNumber).padStart(7, '0')}`;

function order(base, items, { phone = nextPhone(), client = nextClient(), extra = {} } = {}) {
  const body = { buyer_name: 'Hoarder Banda', phone, fulfilment: 'collect', items, ...extra };
  return json(base, {
    method: 'POST',
    path: '/api/v1/orders',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: Buffer.from(JSON.stringify(body)),
  });
}

const chunks = (items, size) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

/** Reserves what it can: for each basket of 20, and item by item when a basket is refused. Returns items held. */
async function hoard(base, placeWith) {
  let held = 0;
  const statuses = {};
  const count = (res) => {
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
    if (res.status === 201) held += res.body.orders.reduce((n, o) => n + o.items.length, 0);
    return res.status;
  };
  for (const basket of chunks(await onSale(base), 20)) {
    if (count(await placeWith(basket)) === 201) continue;
    for (const item of basket) count(await placeWith([item]));
  }
  return { held, statuses };
}

async function cancelAll(base) {
  // The hoard's orders are cancelled by staff between rounds, so each round starts from the whole catalogue.
  const token = await login(base, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  for (;;) {
    const list = await json(base, { path: '/api/admin/orders?status=Placed&limit=100', headers: auth });
    if (list.body.orders.length === 0) return;
    for (const o of list.body.orders) {
      await json(base, {
        method: 'POST',
        path: `/api/admin/orders/${o.id}/cancel`,
        headers: auth,
        body: Buffer.from(JSON.stringify({ reason: 'stress round over' })),
      });
    }
  }
}

const figures = {};
let server = await startServer({ dataDir: tempDir('abuse'), env: { PUBLIC_CACHE_MB: String(CACHE_MB) } });
try {
  const base = server.base;
  figures.itemsOnSale = (await onSale(base)).length;

  const onePhoneOneAddress = { phone: nextPhone(), client: nextClient() };
  const a = await hoard(base, (items) => order(base, items, onePhoneOneAddress));
  figures.heldByOnePhoneOneAddress = a.held;
  figures.statusesOnePhone = a.statuses;
  await cancelAll(base);

  const oneAddress = nextClient();
  const b = await hoard(base, (items) => order(base, items, { client: oneAddress }));
  figures.heldFromOneAddressManyPhones = b.held;
  await cancelAll(base);

  // Racing: every item at once, one request each, one phone from as many addresses.
  const racingPhone = nextPhone();
  const race = await Promise.all((await onSale(base)).map((item) => order(base, [item], { phone: racingPhone })));
  figures.heldByOnePhoneRacing = race.filter((r) => r.status === 201).length;
  await cancelAll(base);

  // The cache flood. Warm first, then junk parameters, then distinct searches.
  for (let i = 0; i < 50; i++) await request(base, { path: '/api/v1/products?limit=20' });
  const rssBefore = rssMb(server.pid);
  for (let i = 0; i < FLOOD_URLS; i++) {
    const path =
      i % 3 === 0
        ? `/api/v1/products?limit=20&pad=${i}${'x'.repeat(200)}`
        : i % 3 === 1
          ? `/product/1?utm=${i}&pad=${'y'.repeat(200)}`
          : `/discover?category=SmartPhones&junk${i}=1`;
    await request(base, { path, headers: { 'x-forwarded-for': nextClient(), 'accept-encoding': 'gzip' } });
  }
  figures.rssAfterJunkMb = Math.round(rssMb(server.pid) - rssBefore);
  for (let i = 0; i < FLOOD_URLS; i++) {
    await request(base, {
      path: `/api/v1/products?limit=100&search=${encodeURIComponent(`phone ${i} ${'z'.repeat(i % 50)}`)}`,
      headers: { 'x-forwarded-for': nextClient() },
    });
  }
  figures.rssAfterSearchesMb = Math.round(rssMb(server.pid) - rssBefore);
  figures.publicCacheMb = CACHE_MB;
  figures.floodUrls = FLOOD_URLS;
} finally {
  await stopServer(server);
}

// With an SMS gateway: every unpaid reservation needs a code the hoarder never reads.
const gateway = await silentSmsGateway();
server = await startServer({
  dataDir: tempDir('abuse-sms'),
  env: { SMS_API_KEY: 'stress', SMS_USERNAME: 'stress', SMS_API_URL: gateway.url },
});
try {
  const base = server.base;
  // From one IPv6 /64 (a subscriber's): an IPv4 address, often a carrier's NAT, may ask for 30 codes an hour
  // (issue 35; sms-budget.mjs pumps those).
  const guessing = { phone: nextPhone(), client: '2001:db8:abcd:1::1' };
  const askCode = (phone, client = guessing.client) =>
    json(base, {
      method: 'POST',
      path: '/api/v1/phone-codes',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      body: Buffer.from(JSON.stringify({ phone })),
    });
  const codes = [(await askCode(guessing.phone)).status];
  // It guesses codes: 5 tries per code, then the code is dead.
  let guessed = 0;
  const c = await hoard(base, (items) =>
    order(base, items, { ...guessing, extra: { phone_code: String(100000 + guessed++).padStart(6, '0') } }),
  );
  figures.heldWithoutReadingTheSms = c.held;
  figures.guessesTried = guessed;
  // Free SMS in our name to anyone: the same /64 asks codes for 6 more phones within the hour, from other addresses.
  for (let i = 0; i < 6; i++) codes.push((await askCode(nextPhone(), `2001:db8:abcd:1::${i + 2}`)).status);
  figures.codesAskedFromOneAddress = codes.length;
  figures.codesSentFromOneAddress = codes.filter((s) => s === 202).length;
} finally {
  await stopServer(server);
  gateway.close();
}
report(figures);
