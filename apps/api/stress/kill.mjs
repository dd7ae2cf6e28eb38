// `node --import tsx apps/api/stress/kill.mjs`: 20 SIGKILL runs (KILL_RUNS) of the built server on one SQLite database
// under a load of public submissions with photos. After each kill, with the server dead, the database is
// opened as it was left: every acknowledged submission (a 201) must be there with all its photos, no
// row may be half-written, and `pragma integrity_check` must say ok. The next run restarts the server on
// the same file and first finds the previous run's submissions through the API.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { SQLiteDatabase as Database } from '../src/db/sqlite-driver.ts';
import sharp from 'sharp';
import {
  DEMO_ADMIN,
  deadline,
  json,
  login,
  postSell,
  report,
  seededRandom,
  sellFields,
  sleep,
  startServer,
  tempDir,
} from './lib.mjs';

const RUNS = Number(process.env.KILL_RUNS ?? 20);
const WORKERS = 6;
let server;
const stopAt = deadline(6 * 60_000, 'kill', () => server?.proc.kill('SIGKILL'));

// Seeded, so the kill moments of a run can be replayed (KILL_SEED).
const firstSeed = Number(process.env.KILL_SEED ?? Date.now() % 1_000_000);
const random = seededRandom(firstSeed);

const photos = await Promise.all(
  ['#a33', '#3a3', '#33a'].map((c) =>
    sharp({ create: { width: 80, height: 60, channels: 3, background: c } })
      .png()
      .toBuffer(),
  ),
);

/** Submits until stopped; returns what the server acknowledged. Item names carry run, number and photo count. */
async function load(base, run, stop) {
  const acknowledged = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: WORKERS });
  let n = 0;
  const worker = async () => {
    while (!stop.now) {
      const count = 1 + (n % 3);
      const name = `Kill r${run} n${++n} p${count}`;
      const res = await postSell(base, { fields: sellFields(name), photos: photos.slice(0, count), agent });
      if (res.status === 201)
        acknowledged.push({ name, photos: count, reference: JSON.parse(res.body.toString('utf8')).reference });
      else if (res.error) break; // the server is gone
    }
  };
  const workers = Array.from({ length: WORKERS }, worker);
  return { acknowledged, done: Promise.all(workers).finally(() => agent.destroy()) };
}

/** The database as the kill left it. */
function inspect(file, acknowledged) {
  const db = new Database(file, { fileMustExist: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    const rowOf = db.prepare(
      `select r.id, (select count(*) from seller_request_images i where i.seller_request_id = r.id) as photos from seller_requests r where r.reference = ?`,
    );
    let lost = 0;
    let missingPhotos = 0;
    for (const a of acknowledged) {
      const row = rowOf.get(a.reference);
      if (!row) lost++;
      else if (row.photos !== a.photos) missingPhotos++;
    }
    // Half-written: a request without its history entry or audit entry, or with fewer photos than its
    // name says; an image whose bytes are cut short; a photo link to no image; an image nobody uses
    // (beyond those there at the start).
    const halfWritten = {
      withoutEvent: db
        .prepare(
          `select count(*) as n from seller_requests r where not exists (select 1 from seller_request_events e where e.seller_request_id = r.id and e.action = 'submitted')`,
        )
        .get().n,
      withoutAudit: db
        .prepare(
          `select count(*) as n from seller_requests r where r.item_name like 'Kill %' and not exists (select 1 from audit_log a where a.subject_type = 'seller_request' and a.subject_id = cast(r.id as text))`,
        )
        .get().n,
      photosShort: db
        .prepare(
          `select item_name, (select count(*) from seller_request_images i where i.seller_request_id = r.id) as photos from seller_requests r where r.item_name like 'Kill %'`,
        )
        .all()
        .filter((r) => Number(/ p(\d)$/.exec(r.item_name)?.[1]) !== r.photos).length,
      truncatedImages: db.prepare(`select count(*) as n from images where length(data) <> byte_size`).get().n,
      danglingPhotoLinks: db
        .prepare(
          `select count(*) as n from seller_request_images i where not exists (select 1 from images m where m.id = i.image_id)`,
        )
        .get().n,
      orphanImages: db
        .prepare(
          `select count(*) as n from images m where not exists (select 1 from seller_request_images i where i.image_id = m.id) and not exists (select 1 from product_images p where p.image_id = m.id)`,
        )
        .get().n,
    };
    const total = db.prepare(`select count(*) as n from seller_requests where item_name like 'Kill %'`).get().n;
    return { integrity, lost, missingPhotos, halfWritten, total };
  } finally {
    db.close();
  }
}

/** Through the restarted server: the previous run's acknowledged references, found by the back-office search. */
async function foundThroughApi(base, acknowledged) {
  if (!acknowledged.length) return 0;
  const token = await login(base, DEMO_ADMIN.email, DEMO_ADMIN.password);
  let found = 0;
  for (const a of acknowledged) {
    const res = await json(base, {
      path: `/api/admin/seller-requests?search=${encodeURIComponent(a.reference)}`,
      headers: { authorization: `Bearer ${token}` },
    });
    if (res.body?.seller_requests?.some((r) => r.reference === a.reference)) found++;
  }
  return found;
}

const dataDir = tempDir('kill');
const file = path.join(dataDir, 'marketplace.db');
const runs = [];
/** Every submission acknowledged so far, in all runs: each inspection checks them all again. */
const everything = [];
let previous = [];
let orphanBaseline;
try {
  for (let run = 1; run <= RUNS && Date.now() < stopAt - 30_000; run++) {
    const t0 = Date.now();
    server = await startServer({ dataDir });
    const startMs = Date.now() - t0;
    const previousFound = await foundThroughApi(server.base, previous);
    if (orphanBaseline === undefined) orphanBaseline = inspect(file, []).halfWritten.orphanImages;
    const stop = { now: false };
    const submissions = await load(server.base, run, stop);
    const killAfter = Math.round(300 + random() * 2700);
    await sleep(killAfter);
    server.proc.kill('SIGKILL');
    await server.exited;
    stop.now = true;
    await submissions.done;
    everything.push(...submissions.acknowledged);
    const state = inspect(file, everything);
    state.halfWritten.orphanImages -= orphanBaseline;
    runs.push({
      run,
      startMs,
      killAfterMs: killAfter,
      acknowledged: submissions.acknowledged.length,
      previousFound,
      previousAcknowledged: previous.length,
      ...state,
    });
    console.error(
      `kill run ${run}: killed after ${killAfter} ms, ${submissions.acknowledged.length} acknowledged (${everything.length} in all), ${state.lost} lost, integrity ${state.integrity}`,
    );
    previous = submissions.acknowledged;
  }
  // The last run's submissions, through a final restart.
  server = await startServer({ dataDir });
  const lastFound = await foundThroughApi(server.base, previous);
  server.proc.kill('SIGTERM');
  await server.exited;
  const sum = (f) => runs.reduce((n, r) => n + f(r), 0);
  const halfWritten = (r) => Object.values(r.halfWritten).reduce((a, b) => a + b, 0);
  report({
    seed: firstSeed,
    runs: runs.length,
    acknowledged: sum((r) => r.acknowledged),
    // Each inspection checks every submission acknowledged so far: the worst inspection counts.
    lost: Math.max(0, ...runs.map((r) => r.lost)),
    missingPhotos: Math.max(0, ...runs.map((r) => r.missingPhotos)),
    halfWrittenRows: Math.max(0, ...runs.map(halfWritten)),
    integrityNotOk: runs.filter((r) => r.integrity !== 'ok').length,
    notFoundAfterRestart: sum((r) => r.previousAcknowledged - r.previousFound) + (previous.length - lastFound),
    restartMs: {
      max: Math.max(...runs.slice(1).map((r) => r.startMs)),
      median: runs
        .slice(1)
        .map((r) => r.startMs)
        .sort((a, b) => a - b)[Math.floor((runs.length - 1) / 2)],
    },
    runsDetail: runs.map(({ run, killAfterMs, acknowledged, lost, integrity, halfWritten: h, total }) => ({
      run,
      killAfterMs,
      acknowledged,
      lost,
      integrity,
      halfWritten: h,
      rowsSoFar: total,
    })),
  });
} finally {
  server?.proc.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
