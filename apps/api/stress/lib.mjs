// What the stress checks share: starting the built server on loopback, throwaway databases, loads,
// and the one line of figures each check prints for run.mjs.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../../..');
export const PG_ADMIN_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** The line run.mjs reads: `FIGURES {json}`. */
export function report(figures) {
  console.log(`FIGURES ${JSON.stringify(figures)}`);
}

/** Ends the process at the deadline whatever is still running: every check stops by itself. */
export function deadline(ms, name, onExpire = () => {}) {
  const timer = setTimeout(() => {
    console.error(`${name}: stopped at its ${Math.round(ms / 1000)} s deadline`);
    onExpire();
    process.exit(2);
  }, ms);
  timer.unref();
  return Date.now() + ms;
}

export { freePort, seededRandom, sleep } from '../tools/loopback.mjs';
import { freePort, waitUp } from '../tools/loopback.mjs';

export function tempDir(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), `stress-${prefix}-`));
}

export function rssMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/**
 * Starts the built server (apps/api/dist/server.js) on 127.0.0.1 and a free port. Non-production, so it
 * seeds the demo data and the demo admin on an empty database. Its output goes to `logFile`.
 */
export async function startServer({ dataDir, databaseUrl = '', env = {}, logFile, waitMs = 90_000 } = {}) {
  if (!fs.existsSync(path.join(root, 'apps/api/dist/server.js')))
    throw new Error('build first: npm run build -w apps/api');
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const log = fs.openSync(logFile ?? path.join(dataDir ?? os.tmpdir(), 'server.log'), 'a');
  const proc = spawn(process.execPath, ['apps/api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir ?? tempDir('data'),
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      // No scheduled backup at start (a pg_dump on PostgreSQL since decision 0091) competing with what is measured.
      BACKUP_EVERY_HOURS: '0',
      // Each request names its client in X-Forwarded-For (one trusted hop: us), so the per-address
      // limits (30 submissions an hour, 30 logins a minute) count simulated clients, not this script.
      TRUST_PROXY: '1',
      ...env,
    },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const exited = new Promise((resolve) => proc.once('exit', (code, signal) => resolve({ code, signal })));
  try {
    await Promise.race([
      waitUp(`${base}/api/health/ready`, waitMs),
      exited.then(({ code, signal }) => Promise.reject(new Error(`server exited during start (${code ?? signal})`))),
    ]);
  } catch (error) {
    proc.kill('SIGKILL');
    throw error;
  }
  return { proc, pid: proc.pid, port, base, exited };
}

/** Stops a server we started: SIGTERM, then SIGKILL if it is still there after `ms`. */
export async function stopServer(server, ms = 30_000) {
  if (server.proc.exitCode !== null || server.proc.signalCode !== null) return server.exited;
  server.proc.kill('SIGTERM');
  const timer = setTimeout(() => server.proc.kill('SIGKILL'), ms);
  const result = await server.exited;
  clearTimeout(timer);
  return result;
}

let clientNumber = 0;
/** A different simulated client address for each call (10.x.y.z), for X-Forwarded-For. */
export function nextClient() {
  clientNumber++;
  return `10.${(clientNumber >> 16) & 255}.${(clientNumber >> 8) & 255}.${clientNumber & 255}`;
}

/**
 * One HTTP request; resolves with { status, headers, body } or { error } (never rejects), and says whether
 * the request went out on a reused keep-alive socket.
 */
export function request(base, { method = 'GET', path: target, headers = {}, body, agent, timeoutMs = 60_000 }) {
  const url = new URL(base);
  return new Promise((resolve) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path: target,
        headers: { ...headers, ...(body ? { 'content-length': body.length } : {}) },
        agent: agent ?? false,
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode,
            headers: res.headers,
            body: Buffer.concat(chunks),
            reused: req.reusedSocket,
          }),
        );
        res.on('error', (error) => resolve({ error, reused: req.reusedSocket, answeredHead: true }));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timed out')));
    req.on('error', (error) => resolve({ error, reused: req.reusedSocket }));
    req.end(body);
  });
}

export async function json(base, options) {
  const res = await request(base, options);
  if (res.error) throw res.error;
  return {
    status: res.status,
    headers: res.headers,
    body: res.body.length ? JSON.parse(res.body.toString('utf8')) : undefined,
  };
}

/** A multipart body (fields and files), written by hand so it is a Buffer we can send with a content-length. */
export function multipart(fields, files = []) {
  const boundary = `----stress${randomBytes(8).toString('hex')}`;
  const parts = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** The public sell form, as a seller fills it in. */
export function sellFields(itemName) {
  return {
    item_name: itemName,
    description: 'Works perfectly, comes with the charger',
    price: '450000',
    seller_name: 'Thoko Phiri',
    phone: '+265 999 123 456',
    email: 'thoko@example.mw',
    location: 'Lilongwe, Area 18',
    notify_on_offer: 'true',
    terms_accepted: 'true',
    create_seller_account: 'false',
  };
}

/**
 * POSTs the public sell form (`fields`, PNG `photos` as Buffers) from a new client address; the answer as
 * request() gives it.
 */
export function postSell(base, { fields, photos, agent }) {
  const form = multipart(
    fields,
    photos.map((data, i) => ({ name: `p${i}.png`, type: 'image/png', data })),
  );
  return request(base, {
    method: 'POST',
    path: '/api/v1/sells',
    headers: { 'content-type': form.contentType, 'x-forwarded-for': nextClient() },
    body: form.body,
    agent,
  });
}

export const DEMO_ADMIN = { email: 'admin@marketplace.mw', password: 'malawi-demo-admin' };

export async function login(base, email, password) {
  const res = await json(base, {
    method: 'POST',
    path: '/api/v1/auth/login',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextClient() },
    body: Buffer.from(JSON.stringify({ email, password })),
  });
  if (res.status !== 200) throw new Error(`login of ${email} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.token;
}
