// `node apps/api/stress/sigterm.mjs`: SIGTERM_RUNS runs (default 10) of the built server (SQLite) taking
// SIGTERM under load: keep-alive readers of the catalogue and images, and uploads of photos in flight.
// Every request ends one of three ways: answered (any status), refused (ECONNREFUSED: the listener was
// already closed, the request never reached the server), or unanswered (its connection closed without a
// response). The server must exit 0, and no request may be left unanswered.
import fs from 'node:fs';
import http from 'node:http';
import sharp from 'sharp';
import {
  deadline,
  json,
  multipart,
  nextClient,
  report,
  request,
  seededRandom,
  sellFields,
  sleep,
  startServer,
  tempDir,
} from './lib.mjs';

const RUNS = Number(process.env.SIGTERM_RUNS ?? 10);
const READERS = 6;
const UPLOADERS = 3;
/** The server's own deadline is 25 s; past this we stop waiting and call it hung. */
const EXIT_WAIT_MS = 40_000;
let server;
const stopAt = deadline(5 * 60_000, 'sigterm', () => server?.proc.kill('SIGKILL'));

const firstSeed = Number(process.env.SIGTERM_SEED ?? Date.now() % 1_000_000);
const random = seededRandom(firstSeed);

// Photos big enough that an upload is still being read or processed when SIGTERM comes.
const photos = await Promise.all(
  ['#a33', '#3a3', '#33a'].map((c) =>
    sharp({ create: { width: 1600, height: 1200, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
      .composite([{ input: { create: { width: 400, height: 300, channels: 3, background: c } }, left: 100, top: 100 }])
      .jpeg({ quality: 85 })
      .toBuffer(),
  ),
);

async function run(dataDir, n) {
  server = await startServer({ dataDir });
  const products = (await json(server.base, { path: '/api/v1/products?limit=20' })).body.products;
  const reads = [
    '/api/v1/products?limit=10',
    '/api/v1/shops',
    ...products.slice(0, 5).map((p) => `/api/v1/products/${p.id}`),
    ...products
      .slice(0, 5)
      .map((p) => `${p.images[0]}?w=400&h=500&fit=cover&q=80`.replace(/^(?!\/api)/, '/api/images/')),
  ];
  const log = [];
  let termAt = Infinity;
  let stop = false;
  const loop = (agent, next) => async () => {
    while (!stop) {
      const r = next();
      const start = Date.now();
      const res = await request(server.base, { ...r, agent, timeoutMs: 60_000 });
      log.push({
        upload: r.method === 'POST',
        start,
        end: Date.now(),
        afterTerm: start >= termAt,
        status: res.status,
        error: res.error ? (res.error.code ?? res.error.message) : undefined,
        reused: res.reused,
      });
      if (res.error?.code === 'ECONNREFUSED') break; // the listener is closed: nothing more to send
    }
  };
  const readAgent = new http.Agent({ keepAlive: true, maxSockets: READERS });
  const uploadAgent = new http.Agent({ keepAlive: true, maxSockets: UPLOADERS });
  let i = 0;
  const read = () => ({ path: reads[i++ % reads.length], headers: { 'x-forwarded-for': nextClient() } });
  const upload = () => {
    const form = multipart(
      sellFields(`SIGTERM run ${n}`),
      photos.map((data, k) => ({ name: `p${k}.jpg`, type: 'image/jpeg', data })),
    );
    return {
      method: 'POST',
      path: '/api/v1/sells',
      headers: { 'content-type': form.contentType, 'x-forwarded-for': nextClient() },
      body: form.body,
    };
  };
  const workers = [
    ...Array.from({ length: READERS }, loop(readAgent, read)),
    ...Array.from({ length: UPLOADERS }, loop(uploadAgent, upload)),
  ];
  const termAfter = Math.round(1000 + random() * 2000);
  await sleep(termAfter);
  termAt = Date.now();
  server.proc.kill('SIGTERM');
  const hung = setTimeout(() => server.proc.kill('SIGKILL'), EXIT_WAIT_MS);
  const { code, signal } = await server.exited;
  clearTimeout(hung);
  const exitMs = Date.now() - termAt;
  stop = true;
  await Promise.all(workers);
  readAgent.destroy();
  uploadAgent.destroy();
  const unanswered = log.filter((r) => r.error && r.error !== 'ECONNREFUSED');
  return {
    run: n,
    termAfterMs: termAfter,
    exitCode: code,
    signal,
    exitMs,
    requests: log.length,
    answered: log.filter((r) => r.status).length,
    uploadsAnswered: log.filter((r) => r.upload && r.status).length,
    answeredAfterTerm: log.filter((r) => r.afterTerm && r.status).length,
    status503AfterTerm: log.filter((r) => r.afterTerm && r.status === 503).length,
    refused: log.filter((r) => r.error === 'ECONNREFUSED').length,
    unanswered: unanswered.length,
    unansweredOnReusedConnection: unanswered.filter((r) => r.reused).length,
    unansweredUploads: unanswered.filter((r) => r.upload).length,
    unansweredErrors: [...new Set(unanswered.map((r) => r.error))],
    // When they were sent and ended, in ms from SIGTERM: all at the moment idle connections are closed?
    unansweredTimes: unanswered.map((r) => `${r.start - termAt}..${r.end - termAt}${r.reused ? ' reused' : ' new'}`),
  };
}

const dataDir = tempDir('sigterm');
const runs = [];
try {
  for (let n = 1; n <= RUNS && Date.now() < stopAt - 60_000; n++) {
    const r = await run(dataDir, n);
    runs.push(r);
    console.error(
      `sigterm run ${n}: exit ${r.exitCode ?? r.signal} after ${r.exitMs} ms, ${r.answered} answered, ${r.refused} refused, ${r.unanswered} unanswered`,
    );
  }
  const sum = (k) => runs.reduce((a, r) => a + r[k], 0);
  report({
    seed: firstSeed,
    runs: runs.length,
    cleanExits: runs.filter((r) => r.exitCode === 0).length,
    uncleanExits: runs.filter((r) => r.exitCode !== 0).length,
    maxExitMs: Math.max(...runs.map((r) => r.exitMs)),
    requests: sum('requests'),
    answered: sum('answered'),
    uploadsAnswered: sum('uploadsAnswered'),
    status503AfterTerm: sum('status503AfterTerm'),
    refused: sum('refused'),
    unanswered: sum('unanswered'),
    unansweredOnReusedConnection: sum('unansweredOnReusedConnection'),
    unansweredUploads: sum('unansweredUploads'),
    runsDetail: runs,
  });
} finally {
  server?.proc.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
