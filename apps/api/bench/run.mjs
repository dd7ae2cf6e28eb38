// `npm run bench` (after `npm run build`): the performance figures in one bounded run, printed and written to
// docs/performance.md. Loopback only; everything it starts it stops, whatever happens.
//
// 1. The catalogue API at 1,000, 10,000 and 100,000 products, on SQLite and, when DATABASE_URL (or
//    BENCH_DATABASE_URL) is a postgres:// URL, on PostgreSQL in a database the bench creates next to that one
//    and drops at the end (the tables of the given database are never touched): every public endpoint's
//    req/s, p50 and p99 at peak, p99 at half peak, cold (first answer after a write), with and without
//    brotli, against a bare Fastify hello-world measured the same way (lib/catalogue.mjs).
// 2. Lighthouse slow-3G cold and warm for home, discover and a product page (lib/lighthouse.mjs).
// 3. First-screen JS of the web build, and the upload figures of apps/api/bench/uploads.mjs.
// 4. The outbox under a backlog (apps/api/bench/outbox.mjs): its drain rate through a stand-in SMS gateway and how
//    long a phone code asked meanwhile takes to reach it, on SQLite and, as above, PostgreSQL (three processes).
// 5. Start-to-ready of a restarted server, quiet and with the other core loaded (apps/api/bench/restart.mjs).
//
// BENCH_QUICK=1: 1,000 products, three endpoints, 2 s runs, Lighthouse on home only; written to the temp
// folder, not docs/. BENCH_SECONDS sets the length of each run (default 3).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { getJson } from './lib/load.mjs';
import { loadCatalogue, measureCatalogue, measureHello } from './lib/catalogue.mjs';
import { runLighthouse } from './lib/lighthouse.mjs';
import {
  killChildren,
  root,
  runCommand,
  startHelloWorld,
  startServer,
  tempDir,
  throwawayPgDatabase,
} from './lib/processes.mjs';
import { renderReport } from './lib/report.mjs';
import { measureRestarts } from './restart.mjs';
import { ENGINE_NAMES, sizeName } from './lib/targets.mjs';
import { firstScreenJs, uploadFigures } from './lib/web-and-uploads.mjs';
import { benchOutbox } from './outbox.mjs';

const quick = process.env.BENCH_QUICK === '1';
const seconds = Number(process.env.BENCH_SECONDS ?? (quick ? 2 : 3));
const sizes = quick ? [1000] : [1000, 10_000, 100_000];
const pgCandidate = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL || '';
const pgUrl = /^postgres(ql)?:\/\//.test(pgCandidate) ? pgCandidate : undefined;
const DEADLINE_MIN = quick ? 15 : 45;
const began = Date.now();
const log = (line) => console.log(`[${String(Math.round((Date.now() - began) / 1000)).padStart(4)} s] ${line}`);

const cleanups = [];
async function cleanUp() {
  killChildren();
  while (cleanups.length)
    await cleanups
      .pop()()
      .catch((error) => console.error(`cleanup: ${error.message}`));
}
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
process.once('exit', killChildren);
const deadline = setTimeout(() => {
  console.error(`bench: stopped at its ${DEADLINE_MIN} min deadline`);
  void cleanUp().finally(() => process.exit(2));
}, DEADLINE_MIN * 60_000);
deadline.unref();

for (const file of ['apps/api/dist/server.js', 'apps/web/dist/index.html']) {
  if (!fs.existsSync(path.join(root, file)))
    throw new Error(`${file} is missing: run \`npm run build\` first (npm run bench does)`);
}

async function meta() {
  const git = async (...args) => (await runCommand('git', args)).stdout.trim();
  const require = createRequire(path.join(root, 'apps/api/package.json'));
  const version = (name) => JSON.parse(fs.readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;
  return {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    commit: (await git('rev-parse', '--short', 'HEAD')) || 'unknown',
    dirty: (await git('status', '--porcelain')) !== '',
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model?.trim() ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    os: `${os.type()} ${os.release()}`,
    fastify: version('fastify'),
    autocannon: JSON.parse(
      fs.readFileSync(createRequire(path.join(root, 'package.json')).resolve('autocannon/package.json'), 'utf8'),
    ).version,
    quick,
    seconds,
    loadAverageAtStart: os.loadavg()[0],
  };
}

/** A database of its own on the PostgreSQL server of `url`, dropped at the end. */
async function createPgDatabase(url) {
  const database = await throwawayPgDatabase(url, 'bench');
  const drop = async () => {
    await database.drop();
    log(`dropped PostgreSQL database ${database.name}`);
  };
  cleanups.push(drop);
  return {
    name: database.name,
    url: database.url,
    drop: async () => {
      const at = cleanups.indexOf(drop);
      if (at >= 0) cleanups.splice(at, 1);
      await drop();
    },
  };
}

async function benchEngine(engine, hello) {
  const dataDir = tempDir(engine);
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  const database = engine === 'postgres' ? await createPgDatabase(pgUrl) : undefined;
  const where = database ? database.url : path.join(dataDir, 'marketplace.db');
  if (database) log(`PostgreSQL: created database ${database.name} for the bench`);
  const phases = [];
  try {
    for (const size of sizes) {
      log(`${ENGINE_NAMES[engine]}: growing the catalogue to ${size.toLocaleString('en')} products`);
      const load = await loadCatalogue(where, size);
      log(
        `  ${load.products} products (${load.added} added in ${load.seconds} s, search indexed with ${load.indexedWith})`,
      );
      const server = await startServer({ dataDir, databaseUrl: database?.url ?? '' });
      try {
        const searched = await getJson(server.base, '/api/v1/products?limit=1&offset=0&search=samsung');
        const searchTotal = `${searched.total}${searched.total_capped ? ' (a capped total: at least that many)' : ''}`;
        if (load.samsungPublished > 0 && !(searched.total > 0))
          throw new Error(
            `search for "samsung" finds nothing though ${load.samsungPublished} products contain it: the search index was not kept`,
          );
        log(`  hello-world and ${ENGINE_NAMES[engine]} at ${sizeName(size)}`);
        const helloFigures = await measureHello(hello, { seconds });
        log(
          `    hello-world      ${String(helloFigures.peak.rps).padStart(6)} req/s  p50 ${helloFigures.peak.p50} ms  p99 ${helloFigures.peak.p99} ms  half-peak p99 ${helloFigures.half.p99} ms (sent ≤${helloFigures.half.lateP99} ms late)  server ${helloFigures.peak.cpuUs} µs/req`,
        );
        const catalogue = await measureCatalogue(server, hello, { seconds, quick, log });
        phases.push({ size, total: catalogue.total, load, hello: helloFigures, catalogue, searchTotal });
      } finally {
        await server.stop();
      }
    }
  } finally {
    await database?.drop();
  }
  return { engine, phases };
}

async function benchStorefront() {
  const dataDir = tempDir('web');
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  await loadCatalogue(path.join(dataDir, 'marketplace.db'), 0);
  const server = await startServer({ dataDir });
  try {
    const first = await getJson(server.base, '/api/v1/products?limit=1&offset=0');
    const pages = quick
      ? { home: '/' }
      : { home: '/', discover: '/discover', product: `/product/${first.products[0].id}` };
    return await runLighthouse(server.base, pages, log);
  } catch (error) {
    return { skipped: `Lighthouse failed: ${error instanceof Error ? error.message : String(error)}` };
  } finally {
    await server.stop();
  }
}

try {
  const results = { meta: await meta(), engines: [], skippedEngines: [] };
  log(
    `bench${quick ? ' (quick)' : ''}: ${results.meta.cpus} cores, Node ${results.meta.node}, commit ${results.meta.commit}${results.meta.dirty ? '+' : ''}; ${seconds} s per run`,
  );
  const workDir = tempDir('run');
  cleanups.push(async () => fs.rmSync(workDir, { recursive: true, force: true }));
  const hello = await startHelloWorld(workDir);
  try {
    results.engines.push(await benchEngine('sqlite', hello));
    if (pgUrl) results.engines.push(await benchEngine('postgres', hello));
    else
      results.skippedEngines.push(
        'PostgreSQL not measured: set DATABASE_URL or BENCH_DATABASE_URL to a postgres:// URL (the bench creates and drops a database of its own there).',
      );
  } finally {
    await hello.stop();
  }
  log('storefront: Lighthouse slow 3G');
  results.lighthouse = await benchStorefront();
  log('first-screen JS');
  results.firstScreen = await firstScreenJs();
  log('uploads');
  results.uploads = await uploadFigures(log);
  log('outbox');
  results.outbox = await benchOutbox({ log: (line) => log(`  ${line}`), pgUrl }).catch((error) => ({
    skipped: `outbox.mjs failed: ${error instanceof Error ? error.message : String(error)}`,
  }));
  log('restarts');
  results.restarts = await measureRestarts(log).catch((error) => ({ skipped: error.message }));
  results.elapsedSeconds = Math.round((Date.now() - began) / 1000);
  results.meta.loadAverageAtEnd = os.loadavg()[0];

  const target = quick
    ? path.join(os.tmpdir(), 'marketplace-performance-quick.md')
    : path.join(root, 'docs/performance.md');
  const { markdown, rows } = renderReport(results, { notesFrom: path.join(root, 'docs/performance.md') });
  fs.writeFileSync(target, markdown);
  const raw = path.join(os.tmpdir(), `marketplace-performance${quick ? '-quick' : ''}.json`);
  fs.writeFileSync(raw, `${JSON.stringify(results, null, 1)}\n`);
  console.log('');
  for (const r of rows)
    console.log(`${r.met === true ? 'met   ' : r.met === false ? 'MISSED' : 'n/a   '} ${r.target}: ${r.figure}`);
  console.log('');
  log(
    `written to ${target} (every figure: ${raw}) in ${Math.floor(results.elapsedSeconds / 60)} min ${results.elapsedSeconds % 60} s`,
  );
} finally {
  await cleanUp();
  clearTimeout(deadline);
}
