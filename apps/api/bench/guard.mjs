// `npm run bench:guard` (after `npm run build`; `npm test` runs it after the journeys' build): the quick bench
// guard of decision 0102, under a minute. On a catalogue of PRODUCTS products on SQLite, the built server in
// production mode answers three cached catalogue URLs, each measured in turn with a bare Fastify hello-world
// (hello, list, hello, product, hello, search, hello, ... for ROUNDS rounds); each figure is the endpoint's req/s
// as a ratio of the hello-world runs beside it, the median over the rounds. It fails (exit 1) when a ratio is
// more than 20% below the one recorded in guard-figures.json, when an answer is an error, or when an answer was
// not a cache hit (the server's own counters in /api/metrics); it prints measured and recorded side by side.
//
// `npm run bench:guard -- --record --note "why"` writes the measured ratios to guard-figures.json instead and
// adds the note to its history; without a note it refuses.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadCatalogue } from './lib/catalogue.mjs';
import { cacheLookups, getJson, once, peak } from './lib/load.mjs';
import { killChildren, root, runCommand, startHelloWorld, startServer, tempDir } from './lib/processes.mjs';
import {
  compare,
  ENDPOINTS,
  formatComparison,
  parseArgs,
  parseFigures,
  ratiosOf,
  recordFigures,
} from './guard-figures.mjs';

const PRODUCTS = 10_000;
const ROUNDS = 9;
/** Seconds of each run: short, so the rounds are many and a passing disturbance spoils few of them. */
const SECONDS = 0.5;
const FIGURES = path.join(import.meta.dirname, 'guard-figures.json');

const began = Date.now();
const log = (line) => console.log(`[${String(Math.round((Date.now() - began) / 1000)).padStart(3)} s] ${line}`);

/** A failure the guard explains in one line (no stack: the message says what to look at). */
class GuardFailure extends Error {}
function asFailure(read) {
  try {
    return read();
  } catch (error) {
    throw new GuardFailure(error.message, { cause: error });
  }
}

/** One closed-loop run of `path` that must be all 2xx and, for a catalogue URL, all cache hits. */
async function measure(target, name, urlPath, { cached }) {
  const before = cached ? await cacheLookups(target.base) : undefined;
  const run = await peak({ base: target.base, paths: [urlPath], seconds: SECONDS, pid: target.pid });
  if (run.errors || run.non2xx || run.requests === 0)
    throw new GuardFailure(
      `${name} (${urlPath}): ${run.requests} answers, ${run.non2xx} not 2xx, ${run.errors} connection errors or timeouts`,
    );
  if (cached) {
    const after = await cacheLookups(target.base);
    const hits = after.hit - before.hit;
    const misses = after.miss - before.miss + after.stale - before.stale;
    if (misses > 0 || hits < run.requests)
      throw new GuardFailure(
        `${name} (${urlPath}) was not answered from the cache: ${hits} hits and ${misses} misses or stale answers ` +
          `for ${run.requests} requests (marketplace_catalogue_cache_lookups_total in /api/metrics)`,
      );
  }
  return { name, rps: run.rps, cpuUs: run.cpuUs };
}

/** The URL of each endpoint, each answered once to fill the cache (and checked to answer 200). */
async function endpointPaths(base) {
  const first = await getJson(base, '/api/v1/products?limit=50&offset=0');
  if (!(first.total >= PRODUCTS * 0.9)) throw new GuardFailure(`the list counts ${first.total} products`);
  const paths = {
    list: '/api/v1/products?limit=50&offset=0',
    product: `/api/v1/products/${first.products[0].id}`,
    search: '/api/v1/products?limit=50&offset=0&search=samsung',
  };
  for (const name of ENDPOINTS) {
    const res = await once({ base, path: paths[name] });
    if (res.status !== 200)
      throw new GuardFailure(`${name} (${paths[name]}): ${res.status} ${res.body.toString().slice(0, 200)}`);
  }
  const searched = await getJson(base, paths.search);
  if (!(searched.total > 0)) throw new GuardFailure('the search for "samsung" finds nothing');
  return paths;
}

async function machine() {
  const cpus = os.cpus();
  return { cpus: cpus.length, cpuModel: cpus[0]?.model?.trim() ?? 'unknown', node: process.version };
}

async function commit() {
  const git = async (...args) => (await runCommand('git', args)).stdout.trim();
  const head = (await git('rev-parse', '--short', 'HEAD')) || 'unknown';
  return (await git('status', '--porcelain')) === '' ? head : `${head}+ (uncommitted changes)`;
}

async function main(options) {
  for (const file of ['apps/api/dist/server.js', 'apps/web/dist/index.html'])
    if (!fs.existsSync(path.join(root, file)))
      throw new GuardFailure(`${file} is missing: run \`npm run build\` first`);
  const recorded = fs.existsSync(FIGURES) ? asFailure(() => parseFigures(fs.readFileSync(FIGURES, 'utf8'))) : undefined;
  if (!recorded && !options.record)
    throw new GuardFailure(`${path.relative(root, FIGURES)} is missing: record it with --record --note "why"`);
  if (recorded && !options.record && recorded.products !== PRODUCTS)
    throw new GuardFailure(
      `the figures were recorded at ${recorded.products} products and the guard measures ${PRODUCTS}: re-record them`,
    );

  const loadAtStart = os.loadavg()[0];
  const dataDir = tempDir('guard');
  try {
    const [hello, load] = await Promise.all([
      startHelloWorld(dataDir),
      loadCatalogue(path.join(dataDir, 'marketplace.db'), PRODUCTS),
    ]);
    log(`catalogue of ${load.products.toLocaleString('en')} products on SQLite in ${load.seconds} s`);
    const server = await startServer({ dataDir });
    const paths = await endpointPaths(server.base);
    log('built server up');

    // Warm-up: one run of each (also the first check that every answer is a cache hit).
    await measure(hello, 'hello', '/', { cached: false });
    for (const name of ENDPOINTS) await measure(server, name, paths[name], { cached: true });

    const runs = [await measure(hello, 'hello', '/', { cached: false })];
    for (let round = 0; round < ROUNDS; round++)
      for (const name of ENDPOINTS) {
        runs.push(await measure(server, name, paths[name], { cached: true }));
        runs.push(await measure(hello, 'hello', '/', { cached: false }));
      }
    await Promise.all([server.stop(), hello.stop()]);

    const measured = ratiosOf(runs);
    const helloRps = runs.filter((r) => r.name === 'hello').map((r) => r.rps);
    log(
      `hello-world ${Math.min(...helloRps)}-${Math.max(...helloRps)} req/s over ${helloRps.length} runs of ${SECONDS} s; ` +
        `load average ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} now ` +
        `(above ${os.availableParallelism()}, the cores, other work shared them)`,
    );
    // The server's CPU per answer against hello-world's, the same way: steadier than req/s on a busy machine
    // (decision 0102), so it tells a slower server from a busy machine when the guard fails.
    const byCpu = ratiosOf(runs.map((r) => ({ name: r.name, rps: 1 / r.cpuUs })));
    const percent = (ratio) => `${(ratio * 100).toFixed(1)}%`;
    for (const name of ENDPOINTS)
      log(
        `${name.padEnd(8)} rounds: ${measured[name].runs.map(percent).join(' ')}; by server CPU per answer ${percent(byCpu[name].ratio)}`,
      );
    const ratios = Object.fromEntries(ENDPOINTS.map((name) => [name, measured[name].ratio]));

    if (recorded) {
      const { rows, ok } = compare(ratios, recorded.ratios);
      console.log(
        `\nEach figure: req/s as a share of hello-world's in the same run (recorded ${recorded.date} at ${recorded.commit})`,
      );
      console.log(formatComparison(rows));
      if (!options.record) {
        const here = await machine();
        if (here.cpuModel !== recorded.machine.cpuModel || here.cpus !== recorded.machine.cpus)
          console.log(
            `(recorded on ${recorded.machine.cpus} × ${recorded.machine.cpuModel}, measured on ${here.cpus} × ${here.cpuModel})`,
          );
        if (!ok) {
          console.log(
            '\nA catalogue answer fell more than 20% behind hello-world against the recorded figures. Find why (a CPU profile:\n' +
              'docs/performance.md), or, when the change is meant, record new figures with a note saying why:\n' +
              '  npm run bench:guard -- --record --note "why"',
          );
          return false;
        }
        return true;
      }
    }
    const figures = recordFigures(recorded, {
      ratios,
      products: PRODUCTS,
      date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
      commit: await commit(),
      machine: await machine(),
      note: options.note,
    });
    fs.writeFileSync(FIGURES, `${JSON.stringify(figures, null, 2)}\n`);
    log(`recorded in ${path.relative(root, FIGURES)}: ${options.note.trim()}`);
    return true;
  } finally {
    killChildren();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

process.once('exit', killChildren);
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => {
    killChildren();
    process.exit(130);
  });

let passed = false;
try {
  const options = asFailure(() => parseArgs(process.argv.slice(2)));
  passed = await main(options);
  log(passed ? 'bench guard passed' : 'bench guard FAILED');
} catch (error) {
  console.error(`bench guard FAILED: ${error instanceof GuardFailure ? error.message : error.stack}`);
}
process.exit(passed ? 0 : 1);
