// Upload time and peak memory of the built server (docs/decisions/0015): one 12-megapixel photo, then
// ten sent at once, each as its own public submission to POST /api/v1/sells (what the /sell form posts;
// eleven submissions stay within its 30 an hour from one address).
//
// `node apps/api/bench/uploads.mjs` (after `npm run build -w apps/api`) prints the figures; run.mjs imports
// benchUploads(). Loopback only, bounded in time: it starts apps/api/dist/server.js as `npm start` runs it
// (MALLOC_ARENA_MAX=1, production mode) on a throwaway SQLite DATA_DIR and a free port, and stops it.
// Peak RSS is the larger of VmHWM (reset before each burst where the kernel allows) and VmRSS sampled
// every 20 ms from /proc/<pid>/status.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { freePort } from '../tools/loopback.mjs';

const DEFAULT_ROOT = path.resolve(import.meta.dirname, '../../..');
const SAMPLE_MS = 20;
const START_MS = 60_000;
const REQUEST_MS = 60_000;
const DEADLINE_MS = 180_000;
export const UPLOAD_TARGETS = { tenPeakRssMb: 300, oneSeconds: 1 };

function memoryOf(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
    return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
  } catch {
    return { rss: 0, hwm: 0 };
  }
}

/** Resets the kernel's peak-RSS mark (VmHWM) so it covers only what follows; false where not allowed. */
function resetPeak(pid) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/**
 * A 4000 x 3000 baseline JPEG (quality 90, 4:2:0) that looks like a photo to the encoder: smooth
 * gradients and blobs under fine grain, so it is 3-5 MB like a phone's, not a few KB of flat colour.
 * Seeded, so every run sends the same bytes.
 */
export async function makePhoto(width = 4000, height = 3000) {
  let seed = 12;
  const random = () => {
    let t = (seed = (seed + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const blobs = Array.from({ length: 40 }, () => ({
    x: random() * width,
    y: random() * height,
    r: 150 + random() * 700,
    c: [random() * 255, random() * 255, random() * 255],
  }));
  // Built at a quarter of the size (smooth parts), enlarged, then grain added at full size.
  const sw = width / 4;
  const sh = height / 4;
  const small = Buffer.alloc(sw * sh * 3);
  for (let y = 0; y < sh; y++) {
    for (let x = 0; x < sw; x++) {
      let r = (x / sw) * 180 + 40;
      let g = (y / sh) * 160 + 50;
      let b = 200 - (x / sw) * 120;
      for (const blob of blobs) {
        const d = Math.hypot(x * 4 - blob.x, y * 4 - blob.y) / blob.r;
        if (d < 1) {
          const k = (1 - d) * 0.7;
          r += (blob.c[0] - r) * k;
          g += (blob.c[1] - g) * k;
          b += (blob.c[2] - b) * k;
        }
      }
      const i = (y * sw + x) * 3;
      small[i] = r;
      small[i + 1] = g;
      small[i + 2] = b;
    }
  }
  const base = await sharp(small, { raw: { width: sw, height: sh, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .raw()
    .toBuffer();
  for (let i = 0; i < base.length; i += 3) {
    const grain = (random() - 0.5) * 36;
    for (let c = 0; c < 3; c++) base[i + c] = Math.max(0, Math.min(255, base[i + c] + grain + (random() - 0.5) * 10));
  }
  return sharp(base, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

function sellForm(photo, n) {
  const form = new FormData();
  const fields = {
    item_name: `Bench phone ${n}`,
    description: 'A 12-megapixel photo sent by the upload bench',
    price: '250000',
    seller_name: 'Upload Bench',
    phone: '+265 999 123 456',
    email: 'bench@example.mw',
    location: 'Lilongwe',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('images', new Blob([photo], { type: 'image/jpeg' }), `photo-${n}.jpg`);
  return form;
}

let client = 0;
async function submit(base, photo) {
  const n = ++client;
  const t0 = performance.now();
  try {
    const res = await fetch(`${base}/api/v1/sells`, {
      method: 'POST',
      body: sellForm(photo, n),
      signal: AbortSignal.timeout(REQUEST_MS),
    });
    await res.arrayBuffer();
    return { status: res.status, seconds: (performance.now() - t0) / 1000 };
  } catch (error) {
    return {
      status: 0,
      error: String(error?.cause?.code ?? error?.name ?? error),
      seconds: (performance.now() - t0) / 1000,
    };
  }
}

/** `count` submissions of one photo each at once; the server's peak RSS meanwhile and the time until all are answered. */
async function burst(server, base, photo, count) {
  const reset = resetPeak(server.pid);
  let sampled = memoryOf(server.pid).rss;
  const sampler = setInterval(() => (sampled = Math.max(sampled, memoryOf(server.pid).rss)), SAMPLE_MS);
  const t0 = performance.now();
  const results = await Promise.all(Array.from({ length: count }, () => submit(base, photo)));
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const after = memoryOf(server.pid);
  const peak = Math.max(sampled, after.rss, reset ? after.hwm : 0);
  const statuses = {};
  for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  return {
    seconds: Number(seconds.toFixed(2)),
    slowestSeconds: Number(Math.max(...results.map((r) => r.seconds)).toFixed(2)),
    peakRssMb: Math.round(peak),
    afterRssMb: Math.round(after.rss),
    statuses,
    peakFrom: reset ? 'VmHWM and 20 ms samples' : '20 ms samples',
  };
}

/**
 * Starts the built server (`serverFile`, apps/api/dist/server.js under `root` by default; `env` adds to or
 * overrides its environment), sends one photo (`photo`, makePhoto()'s by default), then ten at once, and
 * stops the server. Returns
 * `{ photo: { mb, width, height }, idleRssMb, one: { seconds, peakRssMb, ... }, ten: { seconds, peakRssMb, ... } }`.
 */
export async function benchUploads({
  root = DEFAULT_ROOT,
  serverFile = path.join(root, 'apps/api/dist/server.js'),
  env = {},
  photo,
  log = () => {},
} = {}) {
  if (!fs.existsSync(serverFile)) throw new Error('build first: npm run build -w apps/api');
  photo ??= await makePhoto();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-uploads-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, [serverFile], {
    cwd: root,
    // As scripts/start.mjs runs it (MALLOC_ARENA_MAX=1 unless the environment says otherwise).
    env: {
      MALLOC_ARENA_MAX: '1',
      ...process.env,
      NODE_ENV: 'production',
      // Production refuses to start without the link key (decision 0087).
      LINK_SECRET: 'bench-only-link-secret-not-for-real-use',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise((resolve) => server.once('exit', resolve));
  const killer = setTimeout(() => server.kill('SIGKILL'), DEADLINE_MS);
  killer.unref();
  try {
    const up = Date.now() + START_MS;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`server exited during start (${server.exitCode})`);
      try {
        if ((await fetch(`${base}/api/health/ready`, { signal: AbortSignal.timeout(2000) })).ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > up) throw new Error(`server did not answer ${base}/api/health/ready`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const idleRssMb = Math.round(memoryOf(server.pid).rss);
    log(`uploads: photo ${(photo.length / 1024 / 1024).toFixed(1)} MB, server idle at ${idleRssMb} MB`);
    const one = await burst(server, base, photo, 1);
    log(`uploads: 1 photo ${one.seconds} s, peak ${one.peakRssMb} MB`);
    const ten = await burst(server, base, photo, 10);
    log(`uploads: 10 photos ${ten.seconds} s, peak ${ten.peakRssMb} MB`);
    const meta = await sharp(photo).metadata();
    return {
      photo: { mb: Number((photo.length / 1024 / 1024).toFixed(2)), width: meta.width, height: meta.height },
      idleRssMb,
      one,
      ten,
    };
  } finally {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill('SIGTERM');
      let timer;
      const stopped = await Promise.race([
        exited.then(() => true),
        new Promise((r) => (timer = setTimeout(() => r(false), 15_000))),
      ]);
      clearTimeout(timer);
      if (!stopped) server.kill('SIGKILL');
    }
    clearTimeout(killer);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const result = await benchUploads({ log: (line) => console.error(line) });
  const ok = (r) => Object.keys(r.statuses).every((s) => s === '201');
  console.log(JSON.stringify(result, null, 2));
  console.log(
    `1 photo: ${result.one.seconds} s, peak RSS ${result.one.peakRssMb} MB (target <= ${UPLOAD_TARGETS.oneSeconds} s) | ` +
      `10 photos at once: ${result.ten.seconds} s, peak RSS ${result.ten.peakRssMb} MB (target <= ${UPLOAD_TARGETS.tenPeakRssMb} MB)` +
      (ok(result.one) && ok(result.ten) ? '' : ' | NOT ALL 201'),
  );
}
