import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { MAX_IMAGE_BYTES, readMultipart, uploadQueue } from './upload.js';

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

/**
 * A route as later issues will write one: read the submission, then store everything in one transaction.
 * Its uploads go through `queue`; /upload-tight also lowers the decode budget to 1 MiB.
 */
async function uploadApp(db: Db, queue: DecodeQueue): Promise<FastifyInstance> {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  // The limits app.ts registers.
  await app.register(multipart, {
    throwFileSizeLimit: true,
    limits: { files: MAX_IMAGES, fileSize: MAX_IMAGE_BYTES, fields: 30, fieldSize: 100 * 1024, parts: 40, headerPairs: 200 },
  });
  for (const [url, limits] of [['/upload', {}], ['/upload-tight', { maxDecodeBytes: 1024 * 1024 }]] as const) {
    app.post(url, async (request) => {
      const { fields, arrays, images } = await readMultipart(request, { queue, limits });
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

  const imageCount = async () =>
    Number((await tdb.db.kysely.selectFrom('images').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
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
    app = await uploadApp(tdb.db, queue);
    png = await plainPng(320, 200);
  });
  afterAll(async () => {
    await app?.close();
    await tdb?.dispose();
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
    const stored = await tdb.db.kysely.selectFrom('images').select(['data', 'content_type']).where('id', '=', body.stored[1].id).executeTakeFirstOrThrow();
    const meta = await sharp(stored.data).metadata();
    expect([stored.content_type, meta.format, meta.exif, meta.icc]).toEqual(['image/webp', 'webp', undefined, undefined]);
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

    const many = await post(Array.from({ length: 8 }, (_, i) => ['images', png, `${i}.png`] as [string, Buffer, string]));
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
    const res = await app.inject({ method: 'POST', url: '/upload', payload: payload.subarray(0, payload.length - 200), headers });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The form data could not be read');
  });

  it('answers a refused upload over a real socket (the rest of the body is drained, not left hanging)', async () => {
    // Closed with the app in afterAll.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const refused: Array<Parameters<typeof multipartBody>[0]> = [
      [['images', Buffer.concat([png, Buffer.alloc(MAX_IMAGE_BYTES + 1024)]), 'big.png'], ['images', png, 'next.png'], ['name', 'x']],
      Array.from({ length: 5 }, (_, i) => ['images', png, `${i}.png`] as [string, Buffer, string]),
      [['avatar', png, 'a.png'], ['images', png, 'b.png']],
    ];
    for (const entries of refused) {
      const { payload, headers } = await multipartBody(entries);
      const res = await fetch(`${address}/upload`, { method: 'POST', body: new Uint8Array(payload), headers, signal: AbortSignal.timeout(10_000) });
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
    expect(res.json()).toMatchObject({ status: 400, message: 'Image is too large to process (max 1 MB when decoded). Please send a smaller photo.' });
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
      Number((await t.db.kysely.selectFrom('seller_requests').select(({ fn }) => fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const photo = await plainPng(60, 40);
    const form = [...sellForm(), ['images', photo, 'phone.png', 'image/png']] as Parameters<typeof sell>[1];
    const release = fill(uploadQueue);
    try {
      const res = await sell(t.app, form);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toMatchObject({ status: 503, message: 'The server is busy processing photos. Please try again in a moment.' });
      expect(await requests()).toBe(0);
    } finally {
      await release();
    }
    const res = await sell(t.app, form);
    expect(res.statusCode, res.body).toBe(201);
    expect(await requests()).toBe(1);
  });
});
