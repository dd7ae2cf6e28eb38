// `node apps/api/stress/sms-budget.mjs` (after the build): an SMS-pumping bot against the built server on loopback
// (SQLite, demo data, an SMS gateway that records what it is asked to send; X-Forwarded-For names the bot's clients,
// TRUST_PROXY=1). Within about a minute, well inside one hour of the budget's window, the bot:
// - asks for codes to ever new numbers from ever new IPv4 addresses and IPv6 /64s (each below its per-address cap),
//   so only the SMS budget can stop it (issue 35: before it, nothing did);
// - asks from one IPv4 address (a carrier's NAT) and one /64 for ever new numbers;
// - asks for codes to one victim's number from many addresses;
// - owns a few SIMs: reads their codes and places orders, each order an SMS of its own.
// It reports the SMS the server let through in that hour: at most SMS_MAX_PER_HOUR (500), however many addresses
// and numbers the bot has. Bounded: at most MAX_REQUESTS requests, and it stops itself at its deadline.
import http from 'node:http';
import { deadline, json, nextClient, report, sleep, startServer, stopServer, tempDir } from './lib.mjs';

deadline(3 * 60_000, 'sms-budget');

const PER_HOUR = 500;
const PER_NUMBER_DAY = 10;
const IPV4_CODES_HOUR = 30;
/** The pump's own bound: enough to spend the budget twice over. */
const MAX_REQUESTS = 2 * PER_HOUR;
const PUMP_MS = 60_000;
const PARALLEL = 8;

/** Africa's Talking's messaging API, recording each message (the bot reads its own SIMs' codes from it). */
async function recordingSmsGateway() {
  const sent = [];
  /** Every message, kept whole: how many, and to which number. */
  const all = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      sent.push({ to: form.to, message: form.message });
      all.push(form.to);
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          SMSMessageData: {
            Message: 'Sent to 1/1',
            Recipients: [{ statusCode: 101, number: form.to, status: 'Success', cost: 'MWK 25', messageId: 'x' }],
          },
        }),
      );
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/version1/messaging`,
    sent,
    all,
    close: () => server.close(),
  };
}

let phoneNumber = 0;
/** A fresh Malawi mobile (088 / 099), as a bot's list of strangers' numbers would give. */
const nextPhone = () => `0${phoneNumber % 2 ? 88 : 99}${String(++phoneNumber).padStart(7, '0')}`;
const plus265 = (phone) => `+265${phone.slice(1)}`;
let net = 0;
/** A fresh IPv6 /64 (the bot may use any address inside it). */
const nextNet = () => `2001:db8:${(++net).toString(16)}:1`;

const gateway = await recordingSmsGateway();
const server = await startServer({
  dataDir: tempDir('sms-budget'),
  env: {
    SMS_API_KEY: 'stress',
    SMS_USERNAME: 'stress',
    SMS_API_URL: gateway.url,
    OUTBOX_POLL_SECONDS: '1',
    SMS_MAX_PER_HOUR: String(PER_HOUR),
    SMS_MAX_PER_NUMBER_PER_DAY: String(PER_NUMBER_DAY),
    PHONE_CODES_PER_IPV4_HOUR: String(IPV4_CODES_HOUR),
  },
});
const figures = { budgetPerHour: PER_HOUR, perNumberDay: PER_NUMBER_DAY, requests: 0, statuses: {}, messages: {} };
const started = Date.now();
try {
  const base = server.base;
  const count = (res) => {
    figures.requests++;
    figures.statuses[res.status] = (figures.statuses[res.status] ?? 0) + 1;
    const message = res.body?.message;
    if (res.status === 429 && message) figures.messages[message] = (figures.messages[message] ?? 0) + 1;
    return res;
  };
  const askCode = (phone, client) =>
    json(base, {
      method: 'POST',
      path: '/api/v1/phone-codes',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      body: Buffer.from(JSON.stringify({ phone })),
    }).then(count);
  const order = (items, phone, code, client) =>
    json(base, {
      method: 'POST',
      path: '/api/v1/orders',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
      body: Buffer.from(
        JSON.stringify({ buyer_name: 'Pump Banda', phone, phone_code: code, fulfilment: 'collect', items }),
      ),
    }).then(count);
  const timeLeft = () => Date.now() - started < PUMP_MS && figures.requests < MAX_REQUESTS;

  // One carrier IPv4 address and one /64, each with a new number per request.
  const carrier = nextClient();
  const oneNet = nextNet();
  let fromCarrier = 0;
  let fromOneNet = 0;
  for (let i = 0; i < IPV4_CODES_HOUR + 10; i++)
    if ((await askCode(nextPhone(), carrier)).status === 202) fromCarrier++;
  for (let i = 0; i < 10; i++) if ((await askCode(nextPhone(), `${oneNet}::${i + 1}`)).status === 202) fromOneNet++;
  figures.codesFromOneIpv4Address = fromCarrier;
  figures.codesFromOneIpv6Net = fromOneNet;

  // The victim: codes to one number from ever new addresses.
  const victim = nextPhone();
  let toVictim = 0;
  for (let i = 0; i < 20; i++) if ((await askCode(victim, nextClient())).status === 202) toVictim++;
  figures.codesToOneNumber = toVictim;

  // The bot's own SIMs: it reads their codes and places orders (each an "order placed" SMS).
  const products = (await json(base, { path: '/api/v1/products?available=true&limit=100' })).body.products;
  const items = products.map((p) => [{ product_id: p.id, price: p.price }]);
  let orders = 0;
  for (let sim = 0; sim < 5 && items.length > 0; sim++) {
    const phone = nextPhone();
    for (let round = 0; round < 3 && items.length > 0; round++) {
      if ((await askCode(phone, nextClient())).status !== 202) break;
      let code;
      for (let wait = 0; wait < 40 && !code; wait++) {
        await sleep(100);
        code = gateway.sent.findLast((m) => m.to === plus265(phone))?.message.match(/code is (\d{6})/)?.[1];
      }
      if (!code) break;
      if ((await order(items.pop(), phone, code, nextClient())).status === 201) orders++;
      // The next round reads the next code, not this one.
      gateway.sent.splice(0, gateway.sent.length, ...gateway.sent.filter((m) => m.to !== plus265(phone)));
    }
  }
  figures.ordersPlacedBySims = orders;

  // The pump: new number, new address each time (IPv4 and IPv6 in turn), PARALLEL at once, until the bound.
  let pumped = 0;
  let pumpedOk = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (timeLeft()) {
        const client = pumped++ % 2 ? nextClient() : `${nextNet()}::1`;
        if ((await askCode(nextPhone(), client)).status === 202) pumpedOk++;
      }
    }),
  );
  figures.pumpRequests = pumped;
  figures.pumpCodesSent = pumpedOk;
  figures.pumpSeconds = Math.round((Date.now() - started) / 1000);

  // What the outbox let through goes out within seconds (OUTBOX_POLL_SECONDS=1); what is over the budget waits there.
  let last = -1;
  for (let i = 0; i < 20 && last !== gateway.all.length; i++) {
    last = gateway.all.length;
    await sleep(2000);
  }
} finally {
  await stopServer(server);
  gateway.close();
}
// Every SMS the gateway was asked for in the run (well under an hour): what the bot caused, all kinds together.
figures.smsSentInTheHour = gateway.all.length;
const perNumber = new Map();
for (const to of gateway.all) perNumber.set(to, (perNumber.get(to) ?? 0) + 1);
figures.mostSmsToOneNumber = Math.max(0, ...perNumber.values());
figures.seconds = Math.round((Date.now() - started) / 1000);
report(figures);
