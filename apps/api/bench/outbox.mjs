// The outbox under a backlog (issue 36, decision 0088): how fast the built server drains it through a stand-in
// Africa's Talking answering each SMS in 0.4-0.8 s, and how long a phone code asked meanwhile takes to reach it.
//
// `node apps/api/bench/outbox.mjs` (after `npm run build -w apps/api`) prints the figures; run.mjs imports
// benchOutbox(). Loopback only, bounded in time. On SQLite one server process (as SQLite is deployed); with
// BENCH_DATABASE_URL (or DATABASE_URL) a postgres:// URL, also three processes on a database of its own, created
// next to that one and dropped at the end. BENCH_OUTBOX_MESSAGES sets the backlog (default 1500, the size of issue
// 36's SQLite burst); OUTBOX_CONCURRENCY, when set, is passed to the servers (else their default).
// Each code's time is from its request leaving to the stand-in holding its SMS; the drain rate is the backlog over
// the time from the first of its messages the stand-in got to the last. Every backlog message must arrive exactly
// once: a duplicate or a lost one is reported.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { sleep } from '../tools/loopback.mjs';
import { startSmsStandIn } from '../tools/sms-stand-in.mjs';
import { killChildren, startServer, tempDir, throwawayPgDatabase } from './lib/processes.mjs';

const Database = createRequire(import.meta.url)('better-sqlite3');

export const OUTBOX_TARGETS = { drainPerSecond: 50, codeP99Seconds: 5 };
const API_KEY = 'bench-at-key';
const USERNAME = 'bench';
const DEADLINE_MS = 5 * 60_000;
/** A code is asked every this many ms while the backlog drains, at most CODES of them. */
const CODE_EVERY_MS = 250;
const CODES = 100;

/** The backlog: `n` order SMS due now, each to a number of its own, written as the order's transaction writes them. */
function backlogRows(n) {
  const at = new Date().toISOString();
  return Array.from({ length: n }, (_, i) => ({
    channel: 'sms',
    recipient: `+26588${String(1_000_000 + i).slice(-7)}`,
    subject: null,
    body: `Bench backlog message ${i}: your order is ready to collect.`,
    subject_type: 'order',
    subject_id: i + 1,
    state: 'pending',
    next_attempt_at: at,
    created_at: at,
  }));
}
const COLUMNS = Object.keys(backlogRows(1)[0]);

async function insertBacklog(where, n) {
  const rows = backlogRows(n);
  if (where.sqliteFile) {
    const db = new Database(where.sqliteFile);
    db.pragma('busy_timeout = 10000');
    const insert = db.prepare(
      `insert into outbox_messages (${COLUMNS.join(', ')}) values (${COLUMNS.map(() => '?').join(', ')})`,
    );
    db.transaction(() => rows.forEach((r) => insert.run(...COLUMNS.map((c) => r[c]))))();
    db.close();
    return;
  }
  const client = new pg.Client({ connectionString: where.pgUrl });
  await client.connect();
  try {
    for (let from = 0; from < rows.length; from += 500) {
      const chunk = rows.slice(from, from + 500);
      const values = chunk.map((_, r) => `(${COLUMNS.map((__, c) => `$${r * COLUMNS.length + c + 1}`).join(', ')})`);
      await client.query(
        `insert into outbox_messages (${COLUMNS.join(', ')}) values ${values.join(', ')}`,
        chunk.flatMap((r) => COLUMNS.map((c) => r[c])),
      );
    }
  } finally {
    await client.end();
  }
}

const percentile = (values, p) => {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const round = (x, digits = 2) => Number(x.toFixed(digits));

/** One engine: `processes` servers on one database draining `n` backlog messages while codes are asked. */
async function measure({ label, processes, n, pgUrl, log }) {
  const gateway = await startSmsStandIn({ apiKey: API_KEY });
  const dataDir = tempDir('outbox');
  const servers = [];
  try {
    const env = {
      SMS_API_KEY: API_KEY,
      SMS_USERNAME: USERNAME,
      SMS_API_URL: gateway.url,
      // The budgets are not measured here: the bench's SMS all fit.
      SMS_MAX_PER_HOUR: '1000000',
      SMS_MAX_PER_NUMBER_PER_DAY: '1000',
      PHONE_CODES_PER_IPV4_HOUR: '100000',
      ...(process.env.OUTBOX_CONCURRENCY ? { OUTBOX_CONCURRENCY: process.env.OUTBOX_CONCURRENCY } : {}),
    };
    for (let i = 0; i < processes; i++) servers.push(await startServer({ dataDir, databaseUrl: pgUrl ?? '', env }));
    const where = pgUrl ? { pgUrl } : { sqliteFile: path.join(dataDir, 'marketplace.db') };
    log(`outbox ${label}: ${processes} process(es) up; ${n} SMS into the outbox`);
    const insertedAt = performance.now();
    await insertBacklog(where, n);
    const isBacklog = (r) => r.message.startsWith('Bench backlog message ');
    // The workers look every OUTBOX_POLL_SECONDS (10): wait for the first backlog SMS, then ask codes during the drain.
    const end = Date.now() + DEADLINE_MS;
    while (!gateway.received.some(isBacklog)) {
      if (Date.now() > end) throw new Error('no backlog message reached the stand-in gateway');
      await sleep(50);
    }
    const codes = [];
    let asked = 0;
    const backlogLeft = () => gateway.received.filter(isBacklog).length < n;
    while (backlogLeft() && asked < CODES && Date.now() < end) {
      const phone = `099${String(1_000_000 + asked).slice(-7)}`;
      const server = servers[asked % servers.length];
      asked++;
      const started = performance.now();
      codes.push(
        fetch(`${server.base}/api/v1/phone-codes`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ phone }),
        })
          .then(async (res) => ({ phone, started, status: res.status, answeredMs: performance.now() - started }))
          .catch((error) => ({ phone, started, status: `failed: ${error.message}` })),
      );
      await sleep(CODE_EVERY_MS);
    }
    const answered = await Promise.all(codes);
    while (backlogLeft() && Date.now() < end) await sleep(100);
    await sleep(1000); // anything sent twice comes now
    const backlog = gateway.received.filter(isBacklog);
    const unique = new Set(backlog.map((r) => r.message)).size;
    const seconds = (backlog.at(-1).at - backlog[0].at) / 1000;
    const codeSeconds = answered.map((c) => {
      const sms = gateway.received.find((r) => r.to === `+265${c.phone.slice(1)}`);
      return sms ? (sms.at - c.started) / 1000 : Infinity;
    });
    const statuses = {};
    for (const c of answered) statuses[c.status] = (statuses[c.status] ?? 0) + 1;
    const figures = {
      label,
      processes,
      concurrency: process.env.OUTBOX_CONCURRENCY ? Number(process.env.OUTBOX_CONCURRENCY) : 'default',
      backlog: n,
      received: backlog.length,
      duplicates: backlog.length - unique,
      lost: n - unique,
      drainSeconds: round(seconds, 1),
      drainPerSecond: round(unique / seconds, 1),
      fromInsertSeconds: round((backlog.at(-1).at - insertedAt) / 1000, 1),
      codes: answered.length,
      codeStatuses: statuses,
      codeP50Seconds: round(percentile(codeSeconds, 50)),
      codeP99Seconds: round(percentile(codeSeconds, 99)),
      codeMaxSeconds: round(Math.max(...codeSeconds)),
      codeAnswerP99Seconds: round(
        percentile(
          answered.map((c) => c.answeredMs ?? Infinity),
          99,
        ) / 1000,
      ),
    };
    log(
      `outbox ${label}: ${figures.received}/${n} backlog SMS in ${figures.drainSeconds} s = ${figures.drainPerSecond}/s ` +
        `(${figures.duplicates} twice, ${figures.lost} lost); ${figures.codes} codes reached the stand-in in ` +
        `p50 ${figures.codeP50Seconds} s, p99 ${figures.codeP99Seconds} s, max ${figures.codeMaxSeconds} s (${JSON.stringify(statuses)})`,
    );
    return figures;
  } finally {
    for (const server of servers) await server.stop();
    await gateway.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** SQLite with one process, and PostgreSQL with three when `pgUrl` is given. */
export async function benchOutbox({ log = console.log, pgUrl } = {}) {
  const n = Number(process.env.BENCH_OUTBOX_MESSAGES ?? 1500);
  const runs = [await measure({ label: 'SQLite, 1 process', processes: 1, n, log })];
  if (pgUrl) {
    const database = await throwawayPgDatabase(pgUrl, 'bench_outbox');
    try {
      runs.push(await measure({ label: 'PostgreSQL, 3 processes', processes: 3, n, pgUrl: database.url, log }));
    } finally {
      await database.drop();
    }
  }
  return { runs };
}

/** Whether a run met both targets (no duplicate, none lost, every code accepted). */
function outboxMet(run) {
  return (
    run.drainPerSecond >= OUTBOX_TARGETS.drainPerSecond &&
    run.codeP99Seconds <= OUTBOX_TARGETS.codeP99Seconds &&
    run.duplicates === 0 &&
    run.lost === 0 &&
    Object.keys(run.codeStatuses).every((s) => s === '202')
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.once('exit', killChildren);
  const candidate = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || '';
  const pgUrl = /^postgres(ql)?:\/\//.test(candidate) ? candidate : undefined;
  const result = await benchOutbox({ log: (line) => console.error(line), pgUrl });
  console.log(JSON.stringify(result, null, 2));
  for (const run of result.runs)
    console.log(
      `${outboxMet(run) ? 'met   ' : 'MISSED'} ${run.label}: drains ${run.drainPerSecond}/s (target >= ${OUTBOX_TARGETS.drainPerSecond}), ` +
        `phone code p99 ${run.codeP99Seconds} s (target <= ${OUTBOX_TARGETS.codeP99Seconds} s), ${run.duplicates} twice, ${run.lost} lost`,
    );
}
