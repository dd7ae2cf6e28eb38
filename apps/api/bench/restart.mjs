// How long a restarted server takes to be ready (issue 36, decision 0090): start-to-ready of the built server
// (apps/api/dist/server.js, serving apps/web/dist) on a database it has already prepared, quiet and with the
// other core loaded by a sibling server on the same database answering a closed loop of catalogue requests
// (as when one of several processes restarts under traffic). Target: under 3 s.
//
// `node apps/api/bench/restart.mjs` after `npm run build`. SQLite, and PostgreSQL too when BENCH_DATABASE_URL
// (or DATABASE_URL) is a postgres:// URL: in a database of its own, made and dropped here. Loopback only;
// everything it starts it stops. BENCH_RESTARTS sets the number of restarts per case (default 5).
//
// Start-to-ready: from the spawn to the first 200 of /api/health/ready, polled every 20 ms; "listening" is the
// first answer of any kind (a 503 while starting); CPU is the process's own (user + system) at ready.
// BENCH_SERVER names another built server file to time the same way (an older build, to compare).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, sleep } from '../tools/loopback.mjs';
import { peak } from './lib/load.mjs';
import { cpuMs, killChildren, root, startServer, tempDir, throwawayPgDatabase } from './lib/processes.mjs';
import { TARGETS } from './lib/targets.mjs';

const RESTART_TARGET_MS = TARGETS.restartReadyMs;
const POLL_MS = 20;
const LOAD_CONNECTIONS = 8;

const restarts = Number(process.env.BENCH_RESTARTS ?? 5);
const serverFile = process.env.BENCH_SERVER ?? 'apps/api/dist/server.js';
const pgCandidate = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || '';
const pgUrl = /^postgres(ql)?:\/\//.test(pgCandidate) ? pgCandidate : undefined;

for (const file of ['apps/api/dist/server.js', 'apps/web/dist/index.html']) {
  if (!fs.existsSync(path.join(root, file))) throw new Error(`${file} is missing: run \`npm run build\` first`);
}

/** One start of the built server, timed to ready; stopped (SIGTERM, as a restart would) before returning. */
async function timedStart({ dataDir, databaseUrl }) {
  const port = await freePort();
  const out = fs.openSync(path.join(dataDir, `restart-${port}.log`), 'a');
  const began = performance.now();
  const proc = spawn(process.execPath, [serverFile], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LINK_SECRET: 'bench-only-link-secret-not-for-real-use',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  const exited = new Promise((resolve) => proc.once('exit', resolve));
  let listening;
  let ready;
  let cpu;
  try {
    while (ready === undefined) {
      if (proc.exitCode !== null) throw new Error(`the server exited during start (${proc.exitCode})`);
      if (performance.now() - began > 120_000) throw new Error('the server was not ready within 120 s');
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
        listening ??= performance.now() - began;
        if (res.ok) {
          ready = performance.now() - began;
          cpu = cpuMs(proc.pid);
        }
      } catch {
        // not listening yet
      }
      if (ready === undefined) await sleep(POLL_MS);
    }
  } finally {
    proc.kill('SIGTERM');
    const timer = setTimeout(() => proc.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  return { listeningMs: Math.round(listening), readyMs: Math.round(ready), cpuMs: Math.round(cpu) };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function summary(runs) {
  const ready = runs.map((r) => r.readyMs);
  return {
    readyMedianMs: median(ready),
    readyMaxMs: Math.max(...ready),
    listeningMedianMs: median(runs.map((r) => r.listeningMs)),
    cpuMedianMs: median(runs.map((r) => r.cpuMs)),
    runs,
  };
}

/** A sibling server on the same database under a closed loop of catalogue and product-page requests. */
async function withLoad(where, run) {
  const sibling = await startServer(where);
  let stop = false;
  const products = await (await fetch(`${sibling.base}/api/v1/products?limit=20`)).json();
  const paths = [
    '/api/v1/products?limit=20',
    '/',
    ...products.products.map((p) => `/product/${p.id}`),
    ...products.products.map((p) => `/api/v1/products/${p.id}`),
  ];
  let served = 0;
  const loop = (async () => {
    while (!stop) {
      const figures = await peak({
        base: sibling.base,
        paths,
        seconds: 2,
        connections: LOAD_CONNECTIONS,
        pid: sibling.pid,
      });
      served += figures.rps * 2;
    }
  })();
  try {
    await sleep(1000);
    const result = await run();
    return { ...result, siblingRequests: served };
  } finally {
    stop = true;
    await loop;
    await sibling.stop();
  }
}

async function measureEngine(engine) {
  const dataDir = tempDir(`restart-${engine}`);
  const database = engine === 'postgres' ? await throwawayPgDatabase(pgUrl, 'bench_restart') : undefined;
  const where = { dataDir, databaseUrl: database?.url ?? '' };
  try {
    // The first start migrates and seeds; every start measured after it is a restart.
    const first = await timedStart(where);
    const quiet = [];
    for (let i = 0; i < restarts; i++) quiet.push(await timedStart(where));
    const loaded = await withLoad(where, async () => {
      const runs = [];
      for (let i = 0; i < restarts; i++) runs.push(await timedStart(where));
      return { runs };
    });
    return {
      engine,
      firstStartMs: first.readyMs,
      quiet: summary(quiet),
      loaded: { ...summary(loaded.runs), siblingRequests: loaded.siblingRequests },
    };
  } finally {
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function measureRestarts(log = console.log) {
  const results = [];
  for (const engine of ['sqlite', ...(pgUrl ? ['postgres'] : [])]) {
    log(`restart: ${engine}, ${restarts} restarts quiet and ${restarts} with the other core loaded`);
    results.push(await measureEngine(engine));
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.once('exit', killChildren);
  const loadAverage = os.loadavg()[0];
  try {
    const results = await measureRestarts();
    for (const r of results) {
      for (const [name, s] of [
        ['quiet', r.quiet],
        ['loaded', r.loaded],
      ])
        console.log(
          `${r.engine.padEnd(8)} ${name.padEnd(6)} ready median ${s.readyMedianMs} ms, max ${s.readyMaxMs} ms (listening ${s.listeningMedianMs} ms, CPU ${s.cpuMedianMs} ms)${s.readyMaxMs < RESTART_TARGET_MS ? '' : `  ABOVE the ${RESTART_TARGET_MS} ms target`}`,
        );
    }
    console.log(JSON.stringify({ loadAverageAtStart: loadAverage, cpus: os.cpus().length, results }));
    process.exitCode = results.every((r) => r.loaded.readyMaxMs < RESTART_TARGET_MS) ? 0 : 1;
  } catch (error) {
    console.error(error);
    process.exitCode = 2;
  }
}
