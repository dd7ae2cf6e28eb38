import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MAX_IMAGES } from '@marketplace/shared';
import type { Db } from '../../db/database.js';
import { registerErrorHandler } from '../../plugins/errors.js';
import { createTestApp, type TestApp } from '../../test/app.js';
import { createTestDb, engines, type TestDb } from '../../test/databases.js';
import { sell, sellForm } from '../seller-requests/testing.js';
import { MAX_DECODE_BYTES } from './decode-cost.js';
import { MAX_PAGES } from './normalize.js';
import { BUSY, DecodeQueue } from './queue.js';
import { storeImages } from './repository.js';
import { interlaced16BitPng, jpegWithMetadata, manyFrameGif, multipartBody, plainPng, pngBomb } from './testing.js';
import { admittedBytes, MAX_IMAGE_BYTES, readMultipart, uploadQueue } from './upload.js';

/** Holds every turn and place in line of a queue until the returned function is called. */
function fill(queue: DecodeQueue): () => Promise<void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const jobs = Array.from({ length: queue.limits.active + queue.limits.waiting }, () => queue.run(() => held));
  return async () => {
    release();
    await Promise.all(jobs);
  };
}

/** How long a test waits for the queue and the files to reach a state, and how often it looks. */
const SETTLED = { timeout: 10_000, interval: 5 };

/** A PNG of noise: it does not compress, so it is as large as its pixels (200 x 200: ~120 KB). */
const noisyPng = (side = 200) =>
  sharp({
    create: {
      width: side,
      height: side,
      channels: 3,
      background: '#888',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();

/**
 * A route as later issues will write one: read the submission, then store everything in one transaction.
 * Its uploads go through `queue` and wait in `tmpDir`; /upload-tight also lowers the decode budget to 1 MiB.
 */
async function uploadApp(db: Db, queue: DecodeQueue, tmpDir?: string): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  // The limits app.ts registers.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: {
      files: MAX_IMAGES,
      fileSize: MAX_IMAGE_BYTES,
      fields: 30,
      fieldSize: 100 * 1024,
      parts: 40,
      headerPairs: 200,
    },
  });
  for (const [url, limits] of [
    ['/upload', {}],
    ['/upload-tight', { maxDecodeBytes: 1024 * 1024 }],
  ] as const) {
    app.post(url, async (request) => {
      const { fields, arrays, images } = await readMultipart(request, { queue, limits, tmpDir });
      const stored = await db.kysely.transaction().execute((trx) => storeImages(trx, images));
      return { fields: { ...fields }, arrays: { ...arrays }, stored, sizes: images.map((i) => [i.width, i.height]) };
    });
  }
  await app.ready();
  return app;
}

describe.each(engines)('readMultipart on %s', (engine) => {
  let tdb: TestDb;
  let app: FastifyInstance;
  let png: Buffer;
  const queue = new DecodeQueue({ active: 1, waiting: 1, memoryBytes: MAX_DECODE_BYTES });
  let tmp: string;

  const imageCount = async () =>
    Number(
      (
        await tdb.db.kysely
          .selectFrom('images')
          .select(({ fn }) => fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const post = async (entries: Parameters<typeof multipartBody>[0]) => {
    const { payload, headers } = await multipartBody(entries);
    return app.inject({ method: 'POST', url: '/upload', payload, headers });
  };
  const postTo = async (url: string, entries: Parameters<typeof multipartBody>[0]) => {
    const { payload, headers } = await multipartBody(entries);
    return app.inject({ method: 'POST', url, payload, headers });
  };

  beforeAll(async () => {
    tdb = await createTestDb(engine);
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'upload-test-'));
    app = await uploadApp(tdb.db, queue, tmp);
    png = await plainPng(320, 200);
  });
  afterAll(async () => {
    await app?.close();
    await tdb?.dispose();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });
  // Whatever the answer, taken or refused, nothing of the submission is left: no file, no place, no bytes.
  afterEach(async () => {
    expect(await fs.readdir(tmp)).toEqual([]);
    expect(queue.held).toEqual({ places: 0, uploadBytes: 0 });
  });

  it('accepts up to 3 images with text fields, normalized and stored', async () => {
    const before = await imageCount();
    const res = await post([
      ['name', 'Samsung A15'],
      ['images', png, 'a.png', 'image/png'],
      ['existingImages[]', 'aaa.webp'],
      ['images', await jpegWithMetadata(2000, 1000), 'b.jpg', 'image/jpeg'],
      ['existingImages[]', 'bbb.webp'],
      // Declared as text with a misleading name: the bytes decide.
      ['images', png, 'notes.txt', 'text/plain'],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.fields).toEqual({ name: 'Samsung A15', existingImages: 'aaa.webp' });
    expect(body.arrays).toEqual({ name: ['Samsung A15'], existingImages: ['aaa.webp', 'bbb.webp'] });
    expect(body.sizes).toEqual([
      [320, 200],
      [1600, 800],
      [320, 200],
    ]);
    expect(body.stored).toHaveLength(3);
    expect(await imageCount()).toBe(before + 3);
    const stored = await tdb.db.kysely
      .selectFrom('images')
      .select(['data', 'content_type'])
      .where('id', '=', body.stored[1].id)
      .executeTakeFirstOrThrow();
    const meta = await sharp(stored.data).metadata();
    expect([stored.content_type, meta.format, meta.exif, meta.icc]).toEqual([
      'image/webp',
      'webp',
      undefined,
      undefined,
    ]);
  });

  it('refuses 4 files whole: 400 and nothing stored', async () => {
    const before = await imageCount();
    const res = await post([
      ['name', 'x'],
      ['images', png, '1.png'],
      ['images', png, '2.png'],
      ['images', png, '3.png'],
      ['images', png, '4.png'],
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, message: 'At most 3 images are allowed' });
    expect(await imageCount()).toBe(before);

    const many = await post(
      Array.from({ length: 8 }, (_, i) => ['images', png, `${i}.png`] as [string, Buffer, string]),
    );
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe('At most 3 images are allowed');
    expect(await imageCount()).toBe(before);
  });

  it('refuses a file under another field name', async () => {
    const before = await imageCount();
    const res = await post([
      ['images', png, '1.png'],
      ['avatar', png, 'me.png'],
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Images must be sent in the field images');
    expect(await imageCount()).toBe(before);
  });

  it('refuses a text file named x.jpg, and the good file sent with it', async () => {
    const before = await imageCount();
    const res = await post([
      ['images', png, 'good.png', 'image/png'],
      ['images', Buffer.from('this is not a picture\n'.repeat(20)), 'x.jpg', 'image/jpeg'],
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, message: 'File is not a supported image' });
    expect(await imageCount()).toBe(before);
  });

  it('refuses a file over the size limit with 413', async () => {
    const before = await imageCount();
    const big = Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES)]);
    const res = await post([
      ['images', big, 'big.png', 'image/png'],
      ['images', png, 'after.png', 'image/png'],
      ['name', 'after the big file'],
    ]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 413, message: 'Each image must be at most 10 MB' });
    expect(await imageCount()).toBe(before);
  });

  it('refuses a 20000 x 20000 PNG bomb with a clear 400 and bounded memory', async () => {
    const before = await imageCount();
    const bomb = await pngBomb(20_000);
    const rssBefore = process.memoryUsage().rss;
    const res = await post([['images', bomb, 'bomb.png', 'image/png']]);
    const grew = process.memoryUsage().rss - rssBefore;
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Image is too large (max 50 megapixels)');
    expect(grew).toBeLessThan(200 * 1024 * 1024);
    expect(await imageCount()).toBe(before);
  });

  it('treats an empty file input as no file', async () => {
    const res = await post([
      ['name', 'no picture'],
      ['images', Buffer.alloc(0), ''],
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().stored).toEqual([]);
  });

  it('refuses a request that is not multipart', async () => {
    const res = await app.inject({ method: 'POST', url: '/upload', payload: { name: 'x' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Expected multipart/form-data');
  });

  it('refuses a malformed multipart body with a 400', async () => {
    const { payload, headers } = await multipartBody([['images', png, 'a.png']]);
    const res = await app.inject({
      method: 'POST',
      url: '/upload',
      payload: payload.subarray(0, payload.length - 200),
      headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The form data could not be read');
  });

  it('answers a refused upload over a real socket (the rest of the body is drained, not left hanging)', async () => {
    // Closed with the app in afterAll.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const refused: Array<Parameters<typeof multipartBody>[0]> = [
      [
        ['images', Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES + 1024)]), 'big.png'],
        ['images', png, 'next.png'],
        ['name', 'x'],
      ],
      Array.from({ length: 5 }, (_, i) => ['images', png, `${i}.png`] as [string, Buffer, string]),
      [
        ['avatar', png, 'a.png'],
        ['images', png, 'b.png'],
      ],
    ];
    for (const entries of refused) {
      const { payload, headers } = await multipartBody(entries);
      const res = await fetch(`${address}/upload`, {
        method: 'POST',
        body: new Uint8Array(payload),
        headers,
        signal: AbortSignal.timeout(10_000),
      });
      expect([400, 413]).toContain(res.status);
      expect(((await res.json()) as { message: string }).message).toMatch(/at most|field images/i);
    }
  });

  it('refuses a text field over the field size limit', async () => {
    const res = await post([['description', 'x'.repeat(100 * 1024 + 1)]]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The field description is too long');
  });

  it('refuses an image too costly to decode with a clear 400, before decoding it', async () => {
    const before = await imageCount();
    // An interlaced 16-bit RGBA PNG: ~2 MiB to decode against this route's 1 MiB budget.
    const res = await postTo('/upload-tight', [['images', await interlaced16BitPng(400), 'hostile.png', 'image/png']]);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(res.json()).toMatchObject({
      status: 400,
      message: 'Image is too large to process (max 1 MB when decoded). Please send a smaller photo.',
    });
    expect(await imageCount()).toBe(before);
  });

  it('refuses a GIF of many frames', async () => {
    const res = await post([['images', manyFrameGif(10_000), 'anim.gif', 'image/gif']]);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Image has too many frames (max ${MAX_PAGES})`);
  });

  it('answers 503 with Retry-After while the decode queue is full, keeps nothing, and takes the photo once it moves', async () => {
    const before = await imageCount();
    const entries: Parameters<typeof multipartBody>[0] = [
      ['name', 'busy'],
      ['images', png, 'a.png', 'image/png'],
    ];
    const release = fill(queue);
    try {
      expect(queue.full).toBe(true);
      const res = await post(entries);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json()).toMatchObject({ status: 503, title: 'Service Unavailable', message: BUSY, detail: BUSY });
      expect(await imageCount()).toBe(before);

      // A submission without files has nothing to decode: it is not turned away.
      const textOnly = await post([['name', 'no photo']]);
      expect(textOnly.statusCode, textOnly.body).toBe(200);
    } finally {
      await release();
    }
    const res = await post(entries);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['retry-after']).toBeUndefined();
    expect(await imageCount()).toBe(before + 1);
  });
});

describe('admittedBytes', () => {
  it('is what the request says it holds, at most what its files may hold', () => {
    const request = (length?: string) => ({ headers: length === undefined ? {} : { 'content-length': length } });
    expect(admittedBytes(request('12345'), 3)).toBe(12345);
    expect(admittedBytes(request(String(50 * 1024 * 1024)), 3)).toBe(3 * MAX_IMAGE_BYTES);
    expect(admittedBytes(request(String(50 * 1024 * 1024)), 1)).toBe(MAX_IMAGE_BYTES);
    // A body without a length (chunked) may hold as much as the files may.
    expect(admittedBytes(request(), 3)).toBe(3 * MAX_IMAGE_BYTES);
    expect(admittedBytes(request('-1'), 3)).toBe(3 * MAX_IMAGE_BYTES);
    expect(admittedBytes(request('lots'), 3)).toBe(3 * MAX_IMAGE_BYTES);
  });
});

describe.each(engines)('what uploads hold on %s', (engine) => {
  let tdb: TestDb;
  let app: FastifyInstance;
  let tmp: string;
  // One turn, four places, 256 KiB of uploads held at once.
  const queue = new DecodeQueue({ active: 1, waiting: 3, memoryBytes: MAX_DECODE_BYTES, uploadBytes: 256 * 1024 });
  const imageCount = async () =>
    Number(
      (
        await tdb.db.kysely
          .selectFrom('images')
          .select(({ fn }) => fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const files = async () => fs.readdir(tmp);
  const post = async (entries: Parameters<typeof multipartBody>[0]) => {
    const { payload, headers } = await multipartBody(entries);
    return app.inject({ method: 'POST', url: '/upload', payload, headers });
  };

  beforeAll(async () => {
    tdb = await createTestDb(engine);
    tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'upload-test-'));
    app = await uploadApp(tdb.db, queue, tmp);
  });
  afterAll(async () => {
    await app?.close();
    await tdb?.dispose();
    if (tmp) await fs.rm(tmp, { recursive: true, force: true });
  });
  afterEach(async () => {
    expect(await files()).toEqual([]);
    expect(queue.held).toEqual({ places: 0, uploadBytes: 0 });
  });

  it('keeps the files of a waiting submission in a private temporary folder, not in memory, and removes them once answered', async () => {
    let release!: () => void;
    const turnTaken = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const photo = await jpegWithMetadata(800, 600);
    const png = await plainPng(64, 48);
    const answer = post([
      ['name', 'waits its turn'],
      ['images', photo, 'a.jpg', 'image/jpeg'],
      ['images', png, '../../b.png', 'image/png'],
    ]);
    await vi.waitFor(() => expect(queue.stats.waiting).toBe(1), SETTLED); // arrived, and in line for the turn

    const [folder, ...others] = await files();
    expect(others).toEqual([]);
    expect(folder).toMatch(/^marketplace-upload-/);
    const dir = path.join(tmp, folder!);
    expect((await fs.stat(dir)).mode & 0o777).toBe(0o700);
    // Named by position: the sender's names never reach the file system.
    expect((await fs.readdir(dir)).sort()).toEqual(['0', '1']);
    expect((await fs.readFile(path.join(dir, '0'))).equals(photo)).toBe(true);
    expect((await fs.readFile(path.join(dir, '1'))).equals(png)).toBe(true);
    expect((await fs.stat(path.join(dir, '0'))).mode & 0o777).toBe(0o600);
    // The place holds what the files took, not the whole body it was admitted with.
    expect(queue.held).toEqual({ places: 2, uploadBytes: photo.length + png.length });

    release();
    await turnTaken;
    const res = await answer;
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sizes).toEqual([
      [800, 600],
      [64, 48],
    ]);
  });

  it('turns away a submission whose size does not fit beside the uploads held: 503 with Retry-After, nothing kept', async () => {
    const before = await imageCount();
    const noisy = await noisyPng(); // ~120 KB
    const arriving = queue.admit(200 * 1024)!; // another sender's 200 KiB still arriving
    try {
      const res = await post([
        ['name', 'too much at once'],
        ['images', noisy, 'noise.png', 'image/png'],
      ]);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ status: 503, message: BUSY });
      expect(await files()).toEqual([]);
      expect(queue.held).toEqual({ places: 1, uploadBytes: 200 * 1024 });

      // What fits beside it is taken, and a submission without files is never turned away.
      const small = await post([['images', await plainPng(32, 32), 'small.png', 'image/png']]);
      expect(small.statusCode, small.body).toBe(200);
      const textOnly = await post([['name', 'no photo']]);
      expect(textOnly.statusCode, textOnly.body).toBe(200);
      expect(await imageCount()).toBe(before + 1);
    } finally {
      arriving.release();
    }
    const res = await post([['images', noisy, 'noise.png', 'image/png']]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await imageCount()).toBe(before + 2);
  });

  it('gives back the place and the files of a refused submission: a bad file, one file too many, one too large', async () => {
    const png = await plainPng(40, 30);
    const refused: Array<[number, Parameters<typeof multipartBody>[0]]> = [
      [
        400,
        [
          ['images', png, 'a.png'],
          ['images', Buffer.from('not a picture at all'.repeat(10)), 'b.jpg'],
        ],
      ],
      [400, Array.from({ length: 4 }, (_, i) => ['images', png, `${i}.png`] as [string, Buffer, string])],
      [
        413,
        [
          ['images', png, 'a.png'],
          ['images', Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES)]), 'big.png'],
        ],
      ],
    ];
    for (const [status, entries] of refused) {
      const res = await post(entries);
      expect(res.statusCode).toBe(status);
      expect(await files()).toEqual([]);
      expect(queue.held).toEqual({ places: 0, uploadBytes: 0 });
    }
  });

  it('gives back the place and the files of a sender who goes away in the middle of a file', async () => {
    const address = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
    const { payload, headers } = await multipartBody([['images', await noisyPng(), 'noise.png', 'image/png']]);
    const socket = net.connect(Number(address.port), address.hostname);
    socket.on('error', () => {});
    socket.write(
      `POST /upload HTTP/1.1\r\nHost: ${address.host}\r\nContent-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
    );
    socket.write(payload.subarray(0, Math.floor(payload.length / 2)));
    await vi.waitFor(async () => {
      expect(queue.held.places).toBe(1);
      expect(await files()).toHaveLength(1);
    }, SETTLED);
    socket.destroy();
    await vi.waitFor(async () => {
      expect(queue.held.places).toBe(0);
      expect(await files()).toHaveLength(0);
    }, SETTLED);
  });
});

describe.each(engines)('the upload queue in the app on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a seller sending photos while every turn is taken gets the busy 503 with Retry-After; nothing is saved', async () => {
    const requests = async () =>
      Number(
        (
          await t.db.kysely
            .selectFrom('seller_requests')
            .select(({ fn }) => fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const photo = await plainPng(60, 40);
    const form = [...sellForm(), ['images', photo, 'phone.png', 'image/png']] as Parameters<typeof sell>[1];
    // The other test here saves requests too: count from what is there now.
    const before = await requests();
    const release = fill(uploadQueue);
    try {
      const res = await sell(t.app, form);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({
        status: 503,
        message: 'The server is busy processing photos. Please try again in a moment.',
      });
      expect(await requests()).toBe(before);
    } finally {
      await release();
    }
    const res = await sell(t.app, form);
    expect(res.statusCode, res.body).toBe(201);
    expect(await requests()).toBe(before + 1);
  });

  it('takes ten sellers sending photos at once: none is turned away, and nothing is held afterwards', async () => {
    const photo = await plainPng(600, 400);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        sell(t.app, [...sellForm(), ['images', photo, 'phone.png', 'image/png']] as Parameters<typeof sell>[1]),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 10 }, () => 201));
    expect(uploadQueue.held).toEqual({ places: 0, uploadBytes: 0 });
  });
});
