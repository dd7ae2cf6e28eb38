// `node --import tsx apps/api/stress/pg-outage.mjs`: the built server on a throwaway PostgreSQL database
// reached through a TCP proxy we control. Under steady load the proxy closes (every connection reset, new
// ones refused: PostgreSQL stopped) and later reopens (PostgreSQL started), OUTAGES times. Measured: how
// long until requests get a 503, how long after the database is back until they get 200s again (the
// server is never restarted), and that nothing else happens: no other 5xx, no request left unanswered,
// no crash.
import http from 'node:http';
import fs from 'node:fs';
import { throwawayPgDatabase } from '../bench/lib/processes.mjs';
import { tcpProxy } from '../src/test/tcp-proxy.ts';
import {
  DEMO_ADMIN,
  PG_ADMIN_URL,
  deadline,
  login,
  nextClient,
  report,
  request,
  sleep,
  startServer,
  stopServer,
  tempDir,
} from './lib.mjs';

const OUTAGES = 3;
const UP_MS = 5_000;
const DOWN_MS = 10_000;
const WORKERS = 6;
let server;
deadline(4 * 60_000, 'pg-outage', () => server?.proc.kill('SIGKILL'));

const pgDb = await throwawayPgDatabase(PG_ADMIN_URL, 'stress');
const admin = new URL(PG_ADMIN_URL);
const proxy = tcpProxy({ host: admin.hostname, port: Number(admin.port || 5432) });
await proxy.listen();
const viaProxy = new URL(pgDb.url);
viaProxy.host = `127.0.0.1:${proxy.port}`;
const dataDir = tempDir('pg-outage');

try {
  server = await startServer({ dataDir, databaseUrl: viaProxy.toString() });
  const pid = server.pid;
  const token = await login(server.base, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const auth = { authorization: `Bearer ${token}` };
  // Calls that need the database: a session lookup, a back-office list, a write. The catalogue too (it may be cached).
  const calls = [
    { kind: 'db', method: 'GET', path: '/api/v1/auth/me', headers: auth },
    { kind: 'db', method: 'GET', path: '/api/admin/seller-requests?limit=5', headers: auth },
    {
      kind: 'db',
      method: 'POST',
      path: '/api/v1/products/1/interest',
      headers: { 'content-type': 'application/json' },
      body: () => Buffer.from(JSON.stringify({ visitor_id: `stress-visitor-${nextClient().replace(/\./g, '-')}` })),
    },
    { kind: 'catalogue', method: 'GET', path: '/api/v1/products?limit=5' },
  ];
  const log = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: WORKERS });
  let running = true;
  let n = 0;
  const worker = async () => {
    while (running) {
      const call = calls[n++ % calls.length];
      const start = Date.now();
      const res = await request(server.base, {
        method: call.method,
        path: call.path,
        headers: { ...call.headers, 'x-forwarded-for': nextClient() },
        body: call.body?.(),
        agent,
        timeoutMs: 30_000,
      });
      log.push({
        kind: call.kind,
        start,
        end: Date.now(),
        status: res.status ?? 0,
        error: res.error?.code ?? res.error?.message,
        retryAfter: res.headers?.['retry-after'],
      });
    }
  };
  const workers = Array.from({ length: WORKERS }, worker);

  const cycles = [];
  await sleep(UP_MS);
  for (let i = 0; i < OUTAGES; i++) {
    const down = Date.now();
    await proxy.close();
    await sleep(DOWN_MS);
    const up = Date.now();
    await proxy.listen();
    await sleep(UP_MS);
    cycles.push({ down, up });
  }
  running = false;
  await Promise.all(workers);
  agent.destroy();

  const db = log.filter((r) => r.kind === 'db');
  const stopped = Date.now();
  const figures = cycles.map(({ down, up }, i) => {
    const nextDown = cycles[i + 1]?.down ?? stopped;
    const firstFail = db.find((r) => r.end >= down && r.status === 503);
    const during = log.filter((r) => r.start >= down && r.start < up);
    const after = db.filter((r) => r.start >= up && r.end < nextDown);
    const firstOk = after.find((r) => r.status >= 200 && r.status < 300);
    const lastBad = after.filter((r) => r.status < 200 || r.status >= 300).at(-1);
    return {
      msTo503: firstFail ? firstFail.end - down : null,
      // Requests started during the outage: none may hang (a 503 comes at once, not after a timeout).
      slowestDuringOutageMs: Math.max(0, ...during.map((r) => r.end - r.start)),
      msToFirst200: firstOk ? firstOk.end - up : null,
      msToAllOk: lastBad ? lastBad.end - up : 0,
    };
  });
  const other = log.filter((r) => r.status !== 0 && ![200, 201, 204, 304, 429, 503].includes(r.status));
  const statuses = {};
  for (const r of log) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  const alive = server.proc.exitCode === null && server.pid === pid;
  const health = await request(server.base, { path: '/api/health' });
  const exit = await stopServer(server);
  report({
    outages: cycles.length,
    requests: log.length,
    statuses,
    msTo503: Math.max(...figures.map((f) => f.msTo503 ?? Infinity)),
    msToRecover: Math.max(...figures.map((f) => f.msToAllOk)),
    msToFirst200: Math.max(...figures.map((f) => f.msToFirst200 ?? Infinity)),
    slowestDuringOutageMs: Math.max(...figures.map((f) => f.slowestDuringOutageMs)),
    otherStatuses: other.length,
    unanswered: log.filter((r) => r.error).length,
    without503RetryAfter: log.filter((r) => r.status === 503 && !r.retryAfter).length,
    neverFailed: figures.filter((f) => f.msTo503 === null).length,
    neverRecovered: figures.filter((f) => f.msToFirst200 === null).length,
    crashedOrRestarted: alive ? 0 : 1,
    healthAfter: health.status,
    exitCode: exit.code,
    cycles: figures,
    examples: [...other, ...log.filter((r) => r.error)].slice(0, 10),
  });
} finally {
  server?.proc.kill('SIGKILL');
  await proxy.close();
  await pgDb.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
