// `npm run bench`: loopback-only, bounded benchmarks of the built server and the web bundle.
// Starts the real server on a throwaway SQLite database, measures latency and memory, then stops it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const REQUESTS = 1500;
const CONCURRENCY = 16;
const DEADLINE_MS = 120_000;
const root = path.resolve(import.meta.dirname, '../../..');

async function freePort() {
  const net = await import('node:net');
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url, ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer ${url}`);
}

function rssOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function load(name, urls) {
  const times = [];
  let next = 0;
  let failures = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < REQUESTS && performance.now() - started < DEADLINE_MS / 4) {
      const url = urls[next++ % urls.length];
      const t0 = performance.now();
      const res = await fetch(url);
      await res.arrayBuffer();
      if (!res.ok) failures++;
      times.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))].toFixed(1);
  return { name, requests: times.length, failures, 'req/s': Math.round(times.length / seconds), 'p50 ms': pct(50), 'p95 ms': pct(95), 'p99 ms': pct(99) };
}

function firstScreenJs() {
  const dist = path.join(root, 'apps/web/dist');
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  const bytes = files.reduce((sum, f) => sum + gzipSync(fs.readFileSync(path.join(dist, f))).length, 0);
  return { files: files.length, kb: (bytes / 1024).toFixed(1) };
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-'));
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['apps/api/dist/server.js'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'test', DATABASE_URL: '' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const killer = setTimeout(() => server.kill('SIGKILL'), DEADLINE_MS + 60_000);
try {
  await waitFor(`${base}/api/health`);
  const list = await (await fetch(`${base}/api/v1/products?limit=100`)).json();
  const ids = list.products.map((p) => p.id);
  const image = list.products[0].cover_image_url;
  const rssStart = rssOf(server.pid);
  const results = [
    await load('list 10', [`${base}/api/v1/products?limit=10&offset=0`]),
    await load('product detail', ids.map((id) => `${base}/api/v1/products/${id}`)),
    await load('search', ['galaxy', 'core i5', 'solar', 'tv'].map((q) => `${base}/api/v1/products?search=${encodeURIComponent(q)}`)),
    await load('category', [`${base}/api/v1/products/category/SmartPhones?limit=10`]),
    await load('card image 400', [`${base}/api/images/${image}?w=400&h=500&fit=cover&q=80`]),
  ];
  console.table(results);
  console.log(`server RSS: ${rssStart.toFixed(0)} MB after start, ${rssOf(server.pid).toFixed(0)} MB after load`);
  if (fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    const js = firstScreenJs();
    console.log(`web: ${js.kb} KB gzip of JS in ${js.files} file(s) before the first public screen (budget 90 KB)`);
  }
} finally {
  clearTimeout(killer);
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
