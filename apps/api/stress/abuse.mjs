// `node apps/api/stress/abuse.mjs` (after the build): what a stranger does with the product's free rules, at
// scale, against the built server on loopback (SQLite, demo data); X-Forwarded-For names the simulated
// clients (TRUST_PROXY=1, one hop: us).
// - The hoard: reserve every item on sale, in baskets of 20, as one phone from one address, as many phones
//   from one address, racing, and (with an SMS gateway, so phones must be proved) as a client that cannot read
//   the codes. Before the caps, two requests reserved all 26 items.
// - The pay-now hoard (issue 35, decision 0083): with phones proved and mobile money offered (a loopback fake
//   PayChangu whose charges stay pending), pay-now orders from a client that cannot read the codes hold nothing and
//   prompt no phone; a buyer with their own proved phone who cancels an unpaid pay-now cannot hold its item again
//   at once, neither by paying now again nor as a reservation.
// - The cache flood: 3,000 URLs with parameters no route reads, then 3,000 distinct searches (parameters a
//   route does read), watching the process's memory against PUBLIC_CACHE_MB.
import http from 'node:http';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import {
  DEMO_ADMIN,
  deadline,
  json,
  login,
  nextClient,
  report,
  request,
  root,
  rssMb,
  startServer,
  stopServer,
  tempDir,
} from './lib.mjs';

deadline(5 * 60_000, 'abuse');

const FLOOD_URLS = 3000;
const CACHE_MB = 16;

/**
 * An HTTP server speaking Africa's Talking's messaging API. The attacker never sees what it gets; `texts` is the
 * phone of an honest buyer (the lapse-block round), who reads their own SMS.
 */
async function silentSmsGateway() {
  const texts = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const form = new URLSearchParams(raw);
      texts.push({ to: form.get('to'), message: form.get('message') ?? '' });
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ SMSMessageData: { Recipients: [{ status: 'Success', statusCode: 101 }] } }));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/version1/messaging`, texts, close: () => server.close() };
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

// With an SMS gateway: every unpaid reservation, and every pay-now order, needs a code the hoarder never reads.
const gateway = await silentSmsGateway();
const PAYCHANGU = { secretKey: 'sec-stress-abuse', webhookSecret: 'stress-webhook-secret' };
const { startPayChangu } = await tsImport(path.join(root, 'apps/api/src/modules/payments/testing.ts'), import.meta.url);
const paychangu = await startPayChangu(PAYCHANGU);
// Nobody answers a prompt: the charges stay pending, so every hold lasts its whole window.
paychangu.state.mode = 'pending';
server = await startServer({
  dataDir: tempDir('abuse-sms'),
  env: {
    SMS_API_KEY: 'stress',
    SMS_USERNAME: 'stress',
    SMS_API_URL: gateway.url,
    OUTBOX_POLL_SECONDS: '1',
    PAYCHANGU_SECRET_KEY: PAYCHANGU.secretKey,
    PAYCHANGU_WEBHOOK_SECRET: PAYCHANGU.webhookSecret,
    PAYCHANGU_API_URL: paychangu.url,
  },
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

  // The pay-now hoard: Airtel Money with a made-up phone each time (as the issue's 3 addresses and 6 phones did),
  // from one address and from many, with and without a guessed code.
  const prompts = () => paychangu.requests.filter((r) => r.path === '/mobile-money/payments/initialize').length;
  const promptsBefore = prompts();
  const payNow = { payment: 'airtel_money' };
  const payAddress = nextClient();
  const d = await hoard(base, (items) => order(base, items, { client: payAddress, extra: payNow }));
  const e = await hoard(base, (items) => order(base, items, { extra: { ...payNow, phone_code: '123456' } }));
  figures.payNowHeldWithoutTheSms = d.held + e.held;
  figures.payNowStatuses = {};
  for (const [status, n] of [...Object.entries(d.statuses), ...Object.entries(e.statuses)])
    figures.payNowStatuses[status] = (figures.payNowStatuses[status] ?? 0) + n;
  figures.payNowAttempts = Object.values(figures.payNowStatuses).reduce((sum, n) => sum + n, 0);
  figures.pinPromptsWithoutTheSms = prompts() - promptsBefore;

  // A buyer with their own phone, proved by the code they read: pay now for one item, cancel it unpaid, and order
  // it again at once, paying now and as a reservation. Before the fix the re-order held it again for 15 minutes.
  const own = { phone: nextPhone(), client: nextClient() };
  const ownE164 = `+265${own.phone.slice(1)}`;
  const ownCode = async () => {
    const asked = await json(base, {
      method: 'POST',
      path: '/api/v1/phone-codes',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': own.client },
      body: Buffer.from(JSON.stringify({ phone: own.phone })),
    });
    if (asked.status !== 202) throw new Error(`own phone's code: ${asked.status}`);
    for (let i = 0; i < 100; i++) {
      const sms = gateway.texts.filter((t) => t.to === ownE164 && /code is \d{6}$/.test(t.message)).at(-1);
      if (sms) return sms.message.slice(-6);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('the own phone never got its code');
  };
  const [item] = await onSale(base);
  const first = await order(base, [item], { ...own, extra: { ...payNow, phone_code: await ownCode() } });
  if (first.status !== 201) throw new Error(`own pay-now order: ${first.status} ${JSON.stringify(first.body)}`);
  const token = first.body.orders[0].token;
  const ownToken = first.body.phone_token;
  const cancelled = await json(base, {
    method: 'POST',
    path: `/api/v1/orders/${token}/cancel`,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': own.client },
    body: Buffer.from('{}'),
  });
  if (cancelled.status !== 200) throw new Error(`own cancel: ${cancelled.status}`);
  const again = [
    await order(base, [item], { ...own, extra: { ...payNow, phone_token: ownToken } }),
    await order(base, [item], { ...own, extra: { phone_token: ownToken } }),
  ];
  figures.reorderStatusesAfterCancel = again.map((r) => r.status);
  figures.reheldAfterCancellingPayNow = again.filter((r) => r.status === 201).length;
} finally {
  await stopServer(server);
  gateway.close();
  await paychangu.close();
}
report(figures);
