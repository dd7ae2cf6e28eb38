// `node apps/api/stress/hide-listings.mjs` (after the build): how many listings one client can take off sale
// with reports (docs/decisions/0058, 0086), against the built server on loopback (SQLite, demo data, an SMS
// gateway so phones are proved); X-Forwarded-For names the simulated clients (TRUST_PROXY=1, one hop: us).
// - Strangers: every listing reported by 5 different addresses and visitor ids, then by 5 more claiming made-up
//   phones with forged phone tokens. Before issue 35, three addresses took any listing off sale.
// - Proved phones: a client holding PHONES real phones (it reads their SMS codes) proves each with an alert's
//   code, then reports every listing from every phone. Bounded by REPORT_HIDES_PER_HOUR.
import http from 'node:http';
import { deadline, json, nextClient, report, request, sleep, startServer, stopServer, tempDir } from './lib.mjs';

deadline(4 * 60_000, 'hide-listings');

const STRANGERS_PER_LISTING = 5;
const PHONES = 6;
const HIDES_PER_HOUR = 5;

/** An HTTP server speaking Africa's Talking's messaging API that keeps every SMS: this client reads its codes. */
async function readableSmsGateway() {
  const texts = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      texts.push({ to: form.get('to'), message: form.get('message') ?? '' });
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ SMSMessageData: { Recipients: [{ status: 'Success', statusCode: 101 }] } }));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${server.address().port}/version1/messaging`, texts, close: () => server.close() };
}

let phoneNumber = 0;
const nextPhone = () => `0888${String(++phoneNumber).padStart(6, '0')}`;
const plus265 = (phone) => `+265${phone.slice(1)}`;
let visitorNumber = 0;
const nextVisitor = () => `hide-listings-visitor-${String(++visitorNumber).padStart(8, '0')}`;

function post(base, path, body, client = nextClient()) {
  return json(base, {
    method: 'POST',
    path,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: Buffer.from(JSON.stringify(body)),
  });
}

/** Published listings by id (every answer, with its catalogue version, follows a hide at once). */
async function listed(base) {
  const res = await json(base, { path: '/api/v1/products?limit=100' });
  return res.body.products.map((p) => p.id);
}

const tally = (statuses, res) => (statuses[res.status] = (statuses[res.status] ?? 0) + 1);

const figures = { strangersPerListing: STRANGERS_PER_LISTING, phones: PHONES, hidesPerHour: HIDES_PER_HOUR };
const gateway = await readableSmsGateway();
const server = await startServer({
  dataDir: tempDir('hide-listings'),
  env: {
    SMS_API_KEY: 'stress',
    SMS_USERNAME: 'stress',
    SMS_API_URL: gateway.url,
    OUTBOX_POLL_SECONDS: '1',
    REPORT_HIDES_PER_HOUR: String(HIDES_PER_HOUR),
  },
});
try {
  const base = server.base;
  const ids = await listed(base);
  figures.listingsAtStart = ids.length;

  // Anonymous strangers, each from an address of its own.
  const anonymous = {};
  for (const id of ids)
    for (let i = 0; i < STRANGERS_PER_LISTING; i++)
      tally(
        anonymous,
        await post(base, `/api/v1/products/${id}/reports`, { reason: 'looks_stolen', visitor_id: nextVisitor() }),
      );
  figures.anonymousReportStatuses = anonymous;
  figures.hiddenByAnonymousStrangers = ids.length - (await listed(base)).length;

  // Strangers claiming phones they cannot prove: a made-up token, or a phone with no proof at all.
  const claimed = {};
  for (const id of ids)
    for (let i = 0; i < STRANGERS_PER_LISTING; i++) {
      const phone = nextPhone();
      const proof = i % 2 === 0 ? { phone_token: `${plus265(phone).slice(1)}.9999999999.forged` } : {};
      tally(
        claimed,
        await post(base, `/api/v1/products/${id}/reports`, {
          reason: 'looks_stolen',
          visitor_id: nextVisitor(),
          phone,
          ...proof,
        }),
      );
    }
  figures.claimedPhoneReportStatuses = claimed;
  figures.hiddenByClaimedPhones = ids.length - (await listed(base)).length;

  // A client with real phones: each proved once by an alert's code, then its token reports every listing.
  const tokens = [];
  for (let i = 0; i < PHONES; i++) {
    const phone = nextPhone();
    const client = nextClient();
    if ((await post(base, '/api/v1/phone-codes', { phone }, client)).status !== 202) continue;
    let code;
    for (let wait = 0; wait < 100 && !code; wait++) {
      code = /code is (\d{6})$/.exec(gateway.texts.find((t) => t.to === plus265(phone))?.message ?? '')?.[1];
      if (!code) await sleep(100);
    }
    const alert = await post(
      base,
      '/api/v1/alerts',
      { phone, phone_code: code, kind: 'item', product_id: ids[0] },
      client,
    );
    if (alert.status === 201) tokens.push({ phone, phone_token: alert.body.phone_token });
  }
  figures.phonesProved = tokens.length;
  const before = (await listed(base)).length;
  const proved = {};
  for (const id of ids)
    for (const proof of tokens)
      tally(
        proved,
        await post(base, `/api/v1/products/${id}/reports`, {
          reason: 'looks_stolen',
          visitor_id: nextVisitor(),
          ...proof,
        }),
      );
  figures.provedPhoneReportStatuses = proved;
  figures.hiddenByProvedPhones = before - (await listed(base)).length;
  const metrics = await request(base, { path: '/api/metrics' });
  const text = metrics.error ? '' : metrics.body.toString('utf8');
  figures.hidesCappedMetric = Number(
    /^marketplace_report_hides_total\{result="capped"\} (\d+)/m.exec(text)?.[1] ?? NaN,
  );
} finally {
  await stopServer(server);
  gateway.close();
}
report(figures);
