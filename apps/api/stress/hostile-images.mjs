// `node apps/api/stress/hostile-images.mjs [BASE_URL]` (after `npm run build`): loopback only,
// bounded in time. Writes a corpus of hostile images to a temporary folder, then posts 50 submissions of
// them at once to a running API while sampling the server's RSS and timing logins made meanwhile.
//
// Without BASE_URL it starts the built server itself (production mode, a throwaway SQLite database, a
// first admin from ADMIN_EMAIL/ADMIN_PASSWORD) and stops it at the end. With BASE_URL (argument or env)
// it needs ADMIN_EMAIL and ADMIN_PASSWORD of that server (and ADMIN_TOTP_SECRET, base32, when that admin has
// two-step login already), and SERVER_PID to sample its memory.
//
// Production makes staff set up two-step login before anything else of the back-office (decision 0085): the
// admin sets it up as a person would, with the TOTP of src/modules/auth/totp.ts (read through tsx), so the
// uploads are measured on a server with the requirement, not one without it. The logins timed during the
// burst are the password step (its hashing is what competes with the photos); it answers a code challenge.
// DECODE_BUDGET_MB (default 72, the server's) sizes the heaviest images we take; KEEP_CORPUS=1 keeps the files.
// The server it starts runs as `npm start` runs it, with MALLOC_ARENA_MAX=1 (set MALLOC_ARENA_MAX to measure
// another value; the rest of the environment is passed on too).
//
// The uploads go to the back-office's POST /api/admin/seller-requests as a logged-in admin: it reads
// photos through the same code as the public POST /api/v1/sells, which allows 30 submissions an hour
// per address (and this script may not pose as other addresses).
//
// Then it posts each file once on its own, checking it is taken or refused as expected.
// Prints a JSON summary and exits 1 when a target is missed: peak RSS during the burst <= 400 MB, no 5xx
// other than the queue's 503 "busy", every login under 1 s, every file taken or refused as expected, and no
// submission refused (any answer but 201, 400 for the image, or 503 busy: a 403 measures nothing) with at
// least one upload taken in the burst.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { freePort } from '../tools/loopback.mjs';
import { login, staffSession } from '../tools/staff-session.mjs';

const SUBMISSIONS = 50;
/** The server's decode budget (MAX_DECODE_BYTES in src/modules/images/decode-cost.ts): the heavy images are sized just under it. */
const BUDGET = Number(process.env.DECODE_BUDGET_MB ?? 72) * 1024 * 1024;
/** The side of a square image whose estimated decode cost is `perPixel` bytes a pixel, just under the budget. */
const sideFor = (perPixel) => Math.floor(Math.sqrt((BUDGET * 0.97) / perPixel));
const DEADLINE_MS = 60_000;
const TARGETS = { peakRssMb: 400, loginMs: 1000 };
const root = path.resolve(import.meta.dirname, '../../..');
const started = performance.now();

// ---------------------------------------------------------------------------------------------------
// The corpus. Each entry: a file name (what a sender would call it), its bytes, and whether it should
// be taken (re-encoded) or refused.

function pngChunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** The IHDR chunk of a `width` x `height` PNG; `pixels`: bit depth, colour type and interlace (PNG's numbers). */
function ihdr(width, height, { bitDepth, colourType, interlace = 0 }) {
  const data = Buffer.alloc(13);
  data.writeUInt32BE(width, 0);
  data.writeUInt32BE(height, 4);
  data[8] = bitDepth;
  data[9] = colourType;
  data[12] = interlace;
  return pngChunk('IHDR', data);
}

/** A valid all-black greyscale PNG of side x side: ~1 MB for 20000 x 20000, deflated 500 rows at a time. */
async function pngBomb(side) {
  const rows = Buffer.alloc((side + 1) * 500); // each row: filter byte + pixels, all zero
  const z = zlib.createDeflate({ level: 9 });
  const out = [];
  z.on('data', (d) => out.push(d));
  const ended = new Promise((resolve) => z.on('end', resolve));
  for (let y = 0; y < side; y += 500) {
    if (!z.write(y + 500 <= side ? rows : rows.subarray(0, (side + 1) * (side - y))))
      await new Promise((r) => z.once('drain', r));
  }
  z.end();
  await ended;
  return Buffer.concat([
    PNG_SIGNATURE,
    ihdr(side, side, { bitDepth: 8, colourType: 0 }),
    pngChunk('IDAT', Buffer.concat(out)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG header claiming width x height, followed by a few bytes of pixels: a huge header on a tiny body. */
function pngHugeHeader(width, height, { bitDepth = 8, colourType = 6, interlace = 0 } = {}) {
  const idat = zlib.deflateSync(Buffer.alloc(64));
  return Buffer.concat([
    PNG_SIGNATURE,
    ihdr(width, height, { bitDepth, colourType, interlace }),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** GIF89a of `frames` 1 x 1 frames (23 bytes each) on a side x side canvas. */
function manyFrameGif(frames, side = 64) {
  const screen = Buffer.alloc(13);
  screen.write('GIF89a', 0, 'latin1');
  screen.writeUInt16LE(side, 6);
  screen.writeUInt16LE(side, 8);
  screen[10] = 0x80;
  const palette = Buffer.from([0, 0, 0, 255, 255, 255]);
  const loop = Buffer.concat([
    Buffer.from([0x21, 0xff, 0x0b]),
    Buffer.from('NETSCAPE2.0', 'latin1'),
    Buffer.from([3, 1, 0, 0, 0]),
  ]);
  const frame = Buffer.from([0x21, 0xf9, 4, 0x04, 1, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 2, 0x44, 0x01, 0]);
  return Buffer.concat([screen, palette, loop, ...Array.from({ length: frames }, () => frame), Buffer.from([0x3b])]);
}

/** A real JPEG whose SOF header is rewritten to claim width x height: the scan data stays tiny. */
async function jpegHugeHeader(width, height) {
  const jpeg = Buffer.from(
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#345' } })
      .jpeg()
      .toBuffer(),
  );
  for (let i = 2; i < jpeg.length - 9; i++) {
    if (jpeg[i] === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2)) {
      jpeg.writeUInt16BE(height, i + 5);
      jpeg.writeUInt16BE(width, i + 7);
      return jpeg;
    }
  }
  throw new Error('no SOF marker');
}

/** A lossy WebP whose VP8 frame header is rewritten to claim 16383 x 16383 (the format's largest). */
async function webpHugeHeader() {
  const webp = Buffer.from(
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#345' } })
      .webp()
      .toBuffer(),
  );
  if (webp.toString('latin1', 12, 16) !== 'VP8 ') throw new Error('expected a simple lossy WebP');
  webp.writeUInt16LE(16383, 26);
  webp.writeUInt16LE(16383, 28);
  return webp;
}

/** A minimal uncompressed greyscale TIFF claiming width x height, with 16 bytes of pixels. */
function tiffHugeHeader(width, height) {
  const tags = [
    [256, 4, width], // ImageWidth, LONG
    [257, 4, height], // ImageLength
    [258, 3, 8], // BitsPerSample, SHORT
    [259, 3, 1], // Compression: none
    [262, 3, 1], // Photometric: black is zero
    [273, 4, 0], // StripOffsets (patched below)
    [277, 3, 1], // SamplesPerPixel
    [278, 4, height], // RowsPerStrip: one strip of everything
    [279, 4, 16], // StripByteCounts
  ];
  const ifdOffset = 8;
  const ifdSize = 2 + tags.length * 12 + 4;
  const pixelsOffset = ifdOffset + ifdSize;
  const b = Buffer.alloc(pixelsOffset + 16);
  b.write('II*\0', 0, 'latin1');
  b.writeUInt32LE(ifdOffset, 4);
  b.writeUInt16LE(tags.length, ifdOffset);
  tags.forEach(([tag, type, value], i) => {
    const at = ifdOffset + 2 + i * 12;
    b.writeUInt16LE(tag, at);
    b.writeUInt16LE(type, at + 2);
    b.writeUInt32LE(1, at + 4);
    if (type === 3) b.writeUInt16LE(value, at + 8);
    else b.writeUInt32LE(tag === 273 ? pixelsOffset : value, at + 8);
  });
  return b;
}

const solid = (width, height, channels = 3) =>
  sharp({ create: { width, height, channels, background: { r: 40, g: 90, b: 160, alpha: 0.6 } } });

async function buildCorpus(dir) {
  const photo = await solid(800, 600).jpeg({ quality: 80 }).toBuffer();
  const photoPng = await solid(800, 600).png().toBuffer();
  const entries = [
    // Taken, and as costly as the decode budget allows: the worst an attacker can make us decode.
    // Per pixel, by decode-cost.ts: 16-bit RGBA interlaced 8 x 1.6; a GIF's RGBA canvas 4 x 1.6; a progressive
    // 4:4:4 JPEG 3 of pixels + 6 of coefficients; AVIF 3 x 6; 16-bit RGBA TIFF 8; RGBA WebP 4; a grey PNG 1.
    [
      'heavy',
      'interlaced-16bit.png',
      () => {
        const n = sideFor(12.8);
        return solid(n, n, 4).toColourspace('rgb16').png({ progressive: true }).toBuffer();
      },
    ],
    [
      'heavy',
      'gif-canvas.gif',
      () => {
        const n = sideFor(6.4);
        return solid(n, n).gif().toBuffer();
      },
    ],
    [
      'heavy',
      'progressive-444.jpg',
      () => {
        const n = sideFor(9);
        return solid(n, n).jpeg({ progressive: true, chromaSubsampling: '4:4:4' }).toBuffer();
      },
    ],
    [
      'heavy',
      'avif.avif',
      () => {
        const n = sideFor(18);
        return solid(n, n).avif({ effort: 0 }).toBuffer();
      },
    ],
    [
      'heavy',
      'tiff-16bit-rgba.tif',
      () => {
        const n = sideFor(8);
        return solid(n, n, 4).toColourspace('rgb16').tiff({ compression: 'deflate' }).toBuffer();
      },
    ],
    [
      'heavy',
      'webp-lossless.webp',
      () => {
        const n = sideFor(4);
        return solid(n, n, 4).webp({ lossless: true }).toBuffer();
      },
    ],
    ['heavy', 'grey-bomb.png', () => pngBomb(Math.min(sideFor(1), 7000))], // at most 49 megapixels, a few KB sent
    // Polyglots: valid images carrying something else; taken, re-encoded, the payload gone.
    [
      'taken',
      'jpeg-html-polyglot.jpg',
      async () => Buffer.concat([photo, Buffer.from('<html><script>alert(document.cookie)</script></html>')]),
    ],
    [
      'taken',
      'png-zip-polyglot.png',
      async () => Buffer.concat([photoPng, Buffer.from('PK\x03\x04' + 'x'.repeat(200), 'latin1')]),
    ],
    [
      'taken',
      'png-text-html.png',
      async () => {
        const iend = photoPng.length - 12;
        const text = pngChunk('tEXt', Buffer.from('Comment\0<script>alert(1)</script>', 'latin1'));
        return Buffer.concat([photoPng.subarray(0, iend), text, photoPng.subarray(iend)]);
      },
    ],
    // Refused from the header: decompression bombs, byte-budget monsters, frame floods, huge headers.
    [
      'refused',
      'interlaced-16bit-7000.png',
      () => solid(7000, 7000, 4).toColourspace('rgb16').png({ progressive: true }).toBuffer(),
    ],
    ['refused', 'png-bomb-20000.png', () => pngBomb(20_000)],
    [
      'refused',
      'progressive-444-50mp.jpg',
      () => solid(8160, 6120).jpeg({ progressive: true, chromaSubsampling: '4:4:4' }).toBuffer(),
    ],
    ['refused', 'avif-4000.avif', () => solid(4000, 4000).avif({ effort: 0 }).toBuffer()],
    ['refused', 'gif-400000-frames.gif', async () => manyFrameGif(400_000)],
    ['refused', 'gif-1000-frames.gif', async () => manyFrameGif(1000, 1000)],
    ['refused', 'png-header-65535.png', async () => pngHugeHeader(65535, 65535)],
    [
      'refused',
      'png-header-7000-16bit-interlaced.png',
      async () => pngHugeHeader(7000, 7000, { bitDepth: 16, colourType: 6, interlace: 1 }),
    ],
    ['refused', 'jpeg-header-65000.jpg', () => jpegHugeHeader(65000, 65000)],
    ['refused', 'webp-header-16383.webp', () => webpHugeHeader()],
    ['refused', 'tiff-header-100000.tif', async () => tiffHugeHeader(100_000, 100_000)],
    // Lying about its size under the caps: libjpeg pads the missing scan with grey and only warns, so it
    // is taken, at the cost its header declares (35 MiB), which the budget allowed.
    ['taken', 'jpeg-header-7000-tiny-body.jpg', () => jpegHugeHeader(7000, 7000)],
    // Refused when decoded: cut short.
    ['refused', 'truncated.jpg', async () => photo.subarray(0, Math.floor(photo.length * 0.6))],
    ['refused', 'truncated.png', async () => photoPng.subarray(0, Math.floor(photoPng.length * 0.6))],
    // Refused by the bytes: not a raster image whatever the name says.
    [
      'refused',
      'vector.svg',
      async () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="99999" height="99999"><script>alert(1)</script></svg>',
        ),
    ],
    [
      'refused',
      'svg-named.png',
      async () => Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
    ],
    [
      'refused',
      'page.jpg',
      async () => Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>\n'.repeat(20)),
    ],
    ['refused', 'document.jpg', async () => Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')],
    ['refused', 'gif-header-script.gif', async () => Buffer.from('GIF89a/*\x00\x00*/=1;alert(1);//', 'latin1')],
  ];
  const corpus = [];
  for (const [kind, name, make] of entries) {
    const data = await make();
    fs.writeFileSync(path.join(dir, name), data);
    corpus.push({ kind, name, data });
  }
  return corpus;
}

// ---------------------------------------------------------------------------------------------------
// The server and the measurements.

async function waitFor(url, ms) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(2000) })).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server did not answer ${url}`);
}

const rssMb = (pid) => {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return {
    rss: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024,
    hwm: Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024,
  };
};

/** Resets the kernel's peak-RSS mark (VmHWM) so it covers only what follows; false where not allowed. */
function resetPeak(pid) {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

function sellFields() {
  return {
    item_name: 'Samsung Galaxy A15',
    description: 'Stress test submission with hostile images',
    price: '250000',
    seller_name: 'Stress Test',
    phone: '+265 999 123 456',
    email: 'stress@example.mw',
    location: 'Lilongwe',
  };
}

async function submit(base, token, files) {
  const form = new FormData();
  for (const [name, value] of Object.entries(sellFields())) form.append(name, value);
  for (const f of files) form.append('images', new Blob([f.data]), f.name);
  try {
    const res = await fetch(`${base}/api/admin/seller-requests`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
      signal: AbortSignal.timeout(45_000),
    });
    const text = await res.text();
    let message;
    try {
      message = JSON.parse(text).message;
    } catch {
      message = text.slice(0, 80);
    }
    return {
      status: res.status,
      message: res.status >= 400 ? message : undefined,
      retryAfter: res.headers.get('retry-after'),
      files: files.map((f) => f.name),
    };
  } catch (error) {
    return { status: 0, message: String(error?.cause?.code ?? error?.name ?? error), files: files.map((f) => f.name) };
  }
}

/** Every other submission carries three of the costliest images we take; the rest one hostile file each. */
function plan(corpus) {
  const heavy = corpus.filter((c) => c.kind === 'heavy');
  const others = corpus.filter((c) => c.kind !== 'heavy');
  return Array.from({ length: SUBMISSIONS }, (_, i) =>
    i % 2 === 0 ? [0, 1, 2].map((k) => heavy[(i / 2 + k) % heavy.length]) : [others[((i - 1) / 2) % others.length]],
  );
}

async function main() {
  const argBase = process.argv[2] ?? process.env.BASE_URL;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hostile-images-'));
  let server;
  const killer = setTimeout(() => {
    console.error(`hostile-images: stopped at the ${DEADLINE_MS / 1000} s deadline`);
    server?.kill('SIGKILL');
    process.exit(2);
  }, DEADLINE_MS);
  killer.unref();

  try {
    const corpus = await buildCorpus(dir);
    let base;
    let pid;
    let email = process.env.ADMIN_EMAIL;
    let password = process.env.ADMIN_PASSWORD;
    if (argBase) {
      base = argBase.replace(/\/+$/, '');
      const host = new URL(base).hostname;
      if (!['127.0.0.1', 'localhost', '[::1]', '::1'].includes(host))
        throw new Error(`loopback only: ${host} is not this machine`);
      if (!email || !password) throw new Error('ADMIN_EMAIL and ADMIN_PASSWORD of the running server are needed');
      pid = process.env.SERVER_PID ? Number(process.env.SERVER_PID) : undefined;
    } else {
      if (!fs.existsSync(path.join(root, 'apps/api/dist/server.js')))
        throw new Error('build first: npm run build -w apps/api');
      email = 'stress-admin@example.mw';
      password = randomBytes(12).toString('base64url');
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      server = spawn(process.execPath, ['apps/api/dist/server.js'], {
        cwd: root,
        env: {
          MALLOC_ARENA_MAX: '1',
          ...process.env,
          NODE_ENV: 'production',
          // Production refuses to start without the link key (decision 0087).
          LINK_SECRET: randomBytes(36).toString('base64url'),
          HOST: '127.0.0.1',
          PORT: String(port),
          DATA_DIR: dir,
          DATABASE_URL: '',
          REDIS_URL: '',
          LOG_LEVEL: 'warn',
          // No scheduled backup at start (a pg_dump on PostgreSQL since decision 0091) competing with what is measured.
          BACKUP_EVERY_HOURS: '0',
          ADMIN_EMAIL: email,
          ADMIN_PASSWORD: password,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      pid = server.pid;
    }
    await waitFor(`${base}/api/health/ready`, 20_000);

    const idleLogin = await staffSession(base, email, password, process.env.ADMIN_TOTP_SECRET);
    const idleRss = pid ? rssMb(pid).rss : undefined;
    const peakReset = pid ? resetPeak(pid) : false;

    // Memory, every 50 ms, while the burst runs.
    let sampledPeak = idleRss ?? 0;
    let rssSamples = 0;
    const sampler = pid
      ? setInterval(() => {
          sampledPeak = Math.max(sampledPeak, rssMb(pid).rss);
          rssSamples += 1;
        }, 50)
      : undefined;

    const burstStart = performance.now();
    const submissions = plan(corpus).map((files) => submit(base, idleLogin.token, files));
    let burstDone = false;
    const all = Promise.all(submissions).finally(() => (burstDone = true));
    // Logins one after another while the uploads are in flight (the first once they are under way).
    const logins = [];
    await new Promise((r) => setTimeout(r, 150));
    do {
      logins.push(await login(base, email, password));
    } while (!burstDone && logins.length < 20);
    const results = await all;
    const burstMs = Math.round(performance.now() - burstStart);
    if (sampler) clearInterval(sampler);
    const peak = pid ? rssMb(pid) : undefined;

    // Then each file on its own, one after another: every one is taken or refused as expected, and the
    // server still takes an ordinary 12-megapixel photo at the end.
    const perFile = {};
    const unexpectedOutcomes = [];
    for (const file of corpus) {
      const r = await submit(base, idleLogin.token, [file]);
      perFile[file.name] = r.status === 201 ? 201 : `${r.status} ${r.message}`;
      if ((file.kind === 'refused' ? 400 : 201) !== r.status)
        unexpectedOutcomes.push({ file: file.name, expected: file.kind, got: perFile[file.name] });
    }
    const after = await submit(base, idleLogin.token, [
      { name: 'after.jpg', data: await solid(4000, 3000).jpeg().toBuffer() },
    ]);

    const statuses = {};
    const refusals = {};
    for (const r of results) {
      statuses[r.status] = (statuses[r.status] ?? 0) + 1;
      if (r.message) refusals[r.message] = (refusals[r.message] ?? 0) + 1;
    }
    const unexpected = results.filter((r) => r.status === 0 || (r.status >= 500 && r.status !== 503));
    const busy = results.filter((r) => r.status === 503);
    // Anything but taken, refused for the image or busy is a refusal of the request itself (403 "Set up two-step
    // login", 401, 429): the upload was never measured.
    const refused = results.filter((r) => r.status >= 400 && r.status < 500 && r.status !== 400);
    const taken = results.filter((r) => r.status === 201).length;
    const peakRssMb = Math.round(peakReset && peak ? Math.max(peak.hwm, sampledPeak) : sampledPeak);
    const maxLoginMs = Math.max(...logins.map((l) => l.ms));
    const summary = {
      corpus: {
        ...(process.env.KEEP_CORPUS ? { dir } : {}),
        files: corpus.length,
        kinds: Object.fromEntries(
          ['heavy', 'taken', 'refused'].map((k) => [k, corpus.filter((c) => c.kind === k).length]),
        ),
      },
      requests: results.length,
      secondFactor: idleLogin.secondFactor,
      statuses,
      taken,
      processed: results.length - refused.length - unexpected.length,
      refused: refused.length,
      busy503: { count: busy.length, allWithRetryAfter: busy.every((r) => r.retryAfter !== null) },
      refusals,
      unexpected5xx: unexpected,
      rssMb: pid
        ? {
            idle: Math.round(idleRss),
            peak: peakRssMb,
            peakFrom: peakReset ? 'VmHWM (reset before the burst) and 50 ms samples' : '50 ms samples',
            afterBurst: Math.round(peak.rss),
            samples: rssSamples,
          }
        : 'not sampled (set SERVER_PID)',
      loginMs: {
        idle: idleLogin.ms,
        duringBurst: logins.map((l) => l.ms),
        max: maxLoginMs,
        statuses: [...new Set(logins.map((l) => l.status))],
      },
      burstMs,
      perFile,
      unexpectedOutcomes,
      allocator: `glibc, MALLOC_ARENA_MAX=${process.env.MALLOC_ARENA_MAX ?? '1'}`,
      afterBurst: { ordinaryPhoto: after.status },
      totalMs: Math.round(performance.now() - started),
      targets: {
        peakRss: pid ? peakRssMb <= TARGETS.peakRssMb : null,
        no5xx: unexpected.length === 0,
        loginUnder1s: maxLoginMs < TARGETS.loginMs,
        loginsAnswered: logins.every((l) => l.status === 200),
        noSubmissionRefused: refused.length === 0,
        uploadsTakenInTheBurst: taken > 0,
        ordinaryPhotoTaken: after.status === 201,
        everyFileAsExpected: unexpectedOutcomes.length === 0,
      },
    };
    console.log(JSON.stringify(summary, null, 2));
    process.exitCode = Object.values(summary.targets).every((v) => v !== false) ? 0 : 1;
  } finally {
    clearTimeout(killer);
    if (server) {
      server.kill('SIGTERM');
      await new Promise((r) => server.once('exit', r));
    }
    if (process.env.KEEP_CORPUS) console.error(`hostile-images: corpus kept in ${dir}`);
    else fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
