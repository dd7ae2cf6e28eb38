// Starts the real built server on a free port with a fresh database, runs the Playwright journeys
// against it, stops it, and exits with Playwright's code. Extra arguments go to `playwright test`
// (and `--engine-journeys` chooses the journeys below).
// With E2E_DATABASE_URL (a PostgreSQL server) the fresh database is made there, and dropped after.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rename, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { tsImport } from 'tsx/esm/api';

const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');
const serverEntry = join(root, 'apps/api/dist/server.js');
const webIndex = join(root, 'apps/web/dist/index.html');
const HEALTH_TIMEOUT_MS = 60_000;

// `--engine-journeys` runs only the journeys whose behaviour can differ between SQLite and PostgreSQL in a way
// the API tests (which run every call on both engines) would not show: the ones whose writes race or move
// money through several transactions (orders, paying, the seller flow with its offers and payouts, staff
// moving orders and products, returns refunded), and search, whose SQL differs by engine. Reading and plain editing screens
// (catalogue, users, money, accounts) are left to the API tests on both engines. .ci/run runs every journey
// on SQLite and these once more on PostgreSQL.
const ENGINE_JOURNEYS = [
  'orders.spec.ts',
  'pay-now.spec.ts',
  'admin-orders.spec.ts',
  'admin-products.spec.ts',
  'seller-journeys.spec.ts',
  'seller-status.spec.ts',
  'seller-payout.spec.ts',
  'money-by-hand.spec.ts',
  'search.spec.ts',
  'browse-all.spec.ts',
  'returns.spec.ts',
];
const args = process.argv.slice(2).flatMap((arg) => (arg === '--engine-journeys' ? ENGINE_JOURNEYS : [arg]));

for (const [file, hint] of [
  [serverEntry, 'npm run build -w apps/api'],
  [webIndex, 'npm run build -w apps/web'],
]) {
  if (!existsSync(file)) {
    console.error(`e2e: ${file} is missing; run \`${hint}\` (or \`npm run build\`) first.`);
    process.exit(1);
  }
}

function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolvePort(port));
    });
  });
}

/** A new, empty PostgreSQL database next to the one E2E_DATABASE_URL names; `drop` removes it. */
async function freshPostgres(url) {
  const { default: pg } = await import(createRequire(join(root, 'apps/api/package.json')).resolve('pg'));
  const name = `marketplace_e2e_${process.pid}_${Date.now()}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return { url: target.href, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

const port = await freePort();
const dataDir = await mkdtemp(join(tmpdir(), 'marketplace-e2e-'));
const baseUrl = `http://localhost:${port}`;
const postgres = process.env.E2E_DATABASE_URL ? await freshPostgres(process.env.E2E_DATABASE_URL) : null;

// A real SMTP server on loopback stands in for the mail provider: every mail the server sends lands in
// mailbox.json, which journeys read (support/mailbox.ts) to follow the links sellers get.
const mailbox = join(dataDir, 'mailbox.json');
/**
 * Saves `list` to `file` after what was saved before: written aside then renamed, so a journey reading meanwhile
 * sees the old list or the new, never half of one; and one after the other, so two messages arriving at once (the
 * outbox sends in parallel) cannot rename an older list over a newer one and lose a message from the file.
 */
function keeper(file) {
  let saved = Promise.resolve();
  let n = 0;
  return (list) => {
    const aside = `${file}.${++n}.tmp`;
    saved = saved.then(() => writeFile(aside, JSON.stringify(list)).then(() => rename(aside, file)));
    return saved;
  };
}

const mails = [];
const saveMails = keeper(mailbox);
const smtp = new SMTPServer({
  logger: false,
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  onData(stream, session, callback) {
    const chunks = [];
    stream.on('data', (chunk) => chunks.push(chunk));
    stream.on('end', () => {
      mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
      saveMails(mails).then(() => callback(), callback);
    });
  },
});
await writeFile(mailbox, '[]');
const smtpPort = await new Promise((resolveSmtp) =>
  smtp.listen(0, '127.0.0.1', () => resolveSmtp(smtp.server.address().port)),
);

// And an HTTP server speaking Africa's Talking's messaging API stands in for the SMS gateway: every SMS lands in
// smsbox.json (support/smsbox.ts), where journeys read the codes that prove a buyer's phone.
const smsbox = join(dataDir, 'smsbox.json');
const texts = [];
const saveTexts = keeper(smsbox);
const SMS_KEY = 'e2e-sms-key';
const sms = createHttpServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    const form = Object.fromEntries(new URLSearchParams(body));
    if (req.url !== '/version1/messaging' || req.headers.apikey !== SMS_KEY || !form.to || !form.message) {
      res.writeHead(400).end('Invalid request');
      return;
    }
    texts.push({ to: form.to, message: form.message });
    const recipient = {
      statusCode: 101,
      number: form.to,
      status: 'Success',
      cost: 'MWK 25',
      messageId: `e2e-${texts.length}`,
    };
    void saveTexts(texts).then(() => {
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ SMSMessageData: { Message: 'Sent to 1/1', Recipients: [recipient] } }));
    });
  });
});
await writeFile(smsbox, '[]');
const smsPort = await new Promise((resolveSms) => sms.listen(0, '127.0.0.1', () => resolveSms(sms.address().port)));

// And the API's own fake PayChangu (apps/api/src/modules/payments/testing.ts, loaded as TypeScript through tsx) stands
// in for the mobile-money gateway; with PAYMENT_POLL_SECONDS=1 the server finds a charge settled without a webhook.
// A journey chooses how it answers (success, failure, pending...) by PUTting the mode to E2E_PAYCHANGU_MODE_URL, for
// its own phone number: the other worker's journeys (a seller's payout) must not get its failures.
const PAYCHANGU = { secretKey: 'sec-test-e2e', webhookSecret: 'e2e-webhook-secret' };
const { startPayChangu } = await tsImport(join(root, 'apps/api/src/modules/payments/testing.ts'), import.meta.url);
const paychangu = await startPayChangu(PAYCHANGU);
// As PayChangu's documented operator list has it: no TNM Mpamba withdrawals, so TNM payouts are paid by hand
// (docs/decisions/0079; money-by-hand.spec.ts).
paychangu.state.tnmWithdrawals = false;
const paychanguControl = createHttpServer((req, res) => {
  let mode = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => (mode += chunk));
  req.on('end', () => {
    // "failure 0999555112": that number only, so a journey beside it keeps its own answers; "failure": every number.
    const [name, mobile] = mode.trim().split(/\s+/);
    if (mobile) paychangu.state.modeOf.set(mobile, name);
    else paychangu.state.mode = name;
    res.writeHead(204).end();
  });
});
const paychanguControlPort = await new Promise((resolveControl) =>
  paychanguControl.listen(0, '127.0.0.1', () => resolveControl(paychanguControl.address().port)),
);

const server = spawn(process.execPath, [serverEntry], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: baseUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    SMS_API_KEY: SMS_KEY,
    SMS_USERNAME: 'e2e',
    SMS_API_URL: `http://127.0.0.1:${smsPort}/version1/messaging`,
    // Every journey comes from one loopback address, as many buyers behind a carrier's NAT do.
    MAX_HELD_ITEMS_PER_ADDRESS: '1000',
    ORDERS_PER_ADDRESS_HOUR: '1000',
    PHONE_CODES_PER_ADDRESS_HOUR: '1000',
    PHONE_CODES_PER_IPV4_HOUR: '1000',
    // The journeys reuse a few phone numbers all day; the SMS budget has its own API tests (decision 0084).
    SMS_MAX_PER_NUMBER_PER_DAY: '10000',
    SMS_MAX_PER_HOUR: '100000',
    OUTBOX_POLL_SECONDS: '1',
    // Journeys add items and look for them in lists at once; the lag has its own API test (decision 0092).
    CATALOGUE_LIST_LAG_SECONDS: '0',
    // Alerts are matched every second, so the alerts journey hears of a price drop at once.
    ALERTS_SWEEP_SECONDS: '1',
    PAYCHANGU_SECRET_KEY: PAYCHANGU.secretKey,
    PAYCHANGU_WEBHOOK_SECRET: PAYCHANGU.webhookSecret,
    PAYCHANGU_API_URL: paychangu.url,
    PAYMENT_POLL_SECONDS: '1',
    // Longer than a journey: Playwright's API client does not retry a request on a kept-alive connection the
    // server closed at the same moment (ECONNRESET, seen once in 60 journeys with the 5 s default); browsers do.
    KEEP_ALIVE_SECONDS: '120',
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let serverExited = false;
const serverDone = new Promise((done) =>
  server.on('exit', (code, signal) => {
    serverExited = true;
    done({ code, signal });
  }),
);

async function stopServer() {
  if (!serverExited) {
    server.kill('SIGTERM');
    const timer = setTimeout(() => server.kill('SIGKILL'), 10_000);
    await serverDone;
    clearTimeout(timer);
  }
  await new Promise((closed) => smtp.close(closed));
  sms.closeAllConnections();
  await new Promise((closed) => sms.close(closed));
  await paychangu.close();
  paychanguControl.closeAllConnections();
  await new Promise((closed) => paychanguControl.close(closed));
  await rm(dataDir, { recursive: true, force: true });
  await postgres?.drop();
}

async function waitForHealth() {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (serverExited) throw new Error('the server exited before it became healthy');
    try {
      const response = await fetch(`${baseUrl}/api/health/ready`);
      if (response.status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no 200 from ${baseUrl}/api/health/ready within ${HEALTH_TIMEOUT_MS / 1000} s`);
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stopServer().finally(() => process.exit(130));
  });
}

let exitCode = 1;
try {
  await waitForHealth();
  console.log(`e2e: server ready at ${baseUrl} (data in ${postgres ? 'a fresh PostgreSQL database' : dataDir})`);
  const cli = createRequire(import.meta.url).resolve('@playwright/test/cli');
  const playwright = spawn(
    process.execPath,
    [cli, 'test', '-c', join(root, 'apps/web/playwright.config.ts'), ...args],
    {
      cwd: root,
      env: {
        ...process.env,
        BASE_URL: baseUrl,
        E2E_MAILBOX: mailbox,
        E2E_SMSBOX: smsbox,
        E2E_PAYCHANGU_MODE_URL: `http://127.0.0.1:${paychanguControlPort}/mode`,
        // The server's database, for a journey that must set up what only time makes (support/database.ts).
        E2E_DATABASE: postgres ? postgres.url : join(dataDir, 'marketplace.db'),
      },
      stdio: 'inherit',
    },
  );
  exitCode = await new Promise((done) => playwright.on('exit', (code) => done(code ?? 1)));
} catch (error) {
  console.error(`e2e: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  await stopServer();
}
process.exit(exitCode);
