import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../plugins/errors.js';
import { MAX_DECODE_BYTES } from './decode-cost.js';
import {
  inspectImage,
  MAX_INPUT_PIXELS,
  MAX_PAGES,
  MAX_STORED_SIDE,
  normalizeImage,
  tooCostlyMessage,
  type ImageInput,
  type ImageLimits,
} from './normalize.js';
import {
  interlaced16BitPng,
  jpegWithMetadata,
  manyFrameGif,
  phonePhoto,
  plainPng,
  pngBomb,
  sidewaysJpeg,
} from './testing.js';

async function refusal(input: ImageInput, limits?: ImageLimits): Promise<HttpError> {
  const error = await normalizeImage(input, limits).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

/** The refusal of inspectImage, which reads the header only: what it refuses is never decoded. */
async function headerRefusal(input: ImageInput, limits?: ImageLimits): Promise<HttpError> {
  const error = await inspectImage(input, limits).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(HttpError);
  return error as HttpError;
}

describe('normalizeImage', () => {
  it('re-encodes to WebP and drops EXIF (GPS included), XMP and ICC', async () => {
    const input = await jpegWithMetadata();
    const before = await sharp(input).metadata();
    expect(before.exif).toBeDefined();
    expect(before.exif?.includes(Buffer.from('TestCam'))).toBe(true);
    expect(before.xmp).toBeDefined();
    expect(before.icc).toBeDefined();

    const out = await normalizeImage(input);
    expect(out.contentType).toBe('image/webp');
    const after = await sharp(out.data).metadata();
    expect(after.format).toBe('webp');
    expect([after.width, after.height]).toEqual([640, 480]);
    expect([out.width, out.height]).toEqual([640, 480]);
    expect(after.exif).toBeUndefined();
    expect(after.icc).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.iptc).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    // Belt and braces: no trace of the camera or the EXIF block in the bytes.
    expect(out.data.includes(Buffer.from('TestCam'))).toBe(false);
    expect(out.data.includes(Buffer.from('EXIF'))).toBe(false);
  });

  it('applies the EXIF orientation to the pixels', async () => {
    const out = await normalizeImage(await sidewaysJpeg(300, 100));
    expect([out.width, out.height]).toEqual([100, 300]);
    const meta = await sharp(out.data).metadata();
    expect([meta.width, meta.height]).toEqual([100, 300]);
    expect(meta.orientation).toBeUndefined();
  });

  it('bounds the largest side and never enlarges', async () => {
    const big = await normalizeImage(await plainPng(3200, 1000));
    expect([big.width, big.height]).toEqual([MAX_STORED_SIDE, 500]);
    const small = await normalizeImage(await plainPng(120, 80));
    expect([small.width, small.height]).toEqual([120, 80]);
  });

  it('decides by the bytes: text, a truncated JPEG, SVG and empty input are refused', async () => {
    for (const input of [
      Buffer.from('just some text, named x.jpg by its sender\n'),
      Buffer.alloc(0),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0]),
    ]) {
      const error = await refusal(input);
      expect(error.status).toBe(400);
      expect(error.message).toBe('File is not a supported image');
    }
  });

  it('refuses a 20000 x 20000 PNG bomb from its header, without decoding it', async () => {
    const bomb = await pngBomb(20_000);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const rssBefore = process.memoryUsage().rss;
    const error = await headerRefusal(bomb);
    expect(error.status).toBe(400);
    expect(error.message).toBe(`Image is too large (max ${MAX_INPUT_PIXELS / 1_000_000} megapixels)`);
    expect((await refusal(bomb)).message).toBe(error.message);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
  });

  it('draws the line at the pixel count, and the bomb maker makes real PNGs', async () => {
    const justOver = await refusal(await pngBomb(7072)); // 50.01 megapixels
    expect(justOver.message).toMatch(/too large/);
    const fine = await normalizeImage(await pngBomb(2000));
    expect([fine.width, fine.height]).toEqual([MAX_STORED_SIDE, MAX_STORED_SIDE]);
  });

  it('refuses an interlaced 16-bit RGBA PNG over the decode budget from its header: bytes count, not pixels', async () => {
    // The reported file is 7000 x 7000 (~600 MiB by the estimate, see decode-cost.test.ts); the same kind
    // of file at 400 x 400 (~2 MiB) against a budget lowered to 1 MiB takes the same path, quickly.
    const png = await interlaced16BitPng(400);
    const limits = { maxDecodeBytes: 1024 * 1024 };
    expect(400 * 400).toBeLessThan(MAX_INPUT_PIXELS);
    const error = await headerRefusal(png, limits);
    expect(error.status).toBe(400);
    expect(error.message).toBe('Image is too large to process (max 1 MB when decoded). Please send a smaller photo.');
    expect((await refusal(png, limits)).message).toBe(error.message);
    // Within the budget the same file decodes, flattened to 8 bits.
    const out = await normalizeImage(png);
    expect([out.width, out.height]).toEqual([400, 400]);
    expect((await sharp(out.data).metadata()).depth).toBe('uchar');
  });

  it('names the default budget in the refusal', () => {
    expect(tooCostlyMessage(MAX_DECODE_BYTES)).toBe(
      'Image is too large to process (max 72 MB when decoded). Please send a smaller photo.',
    );
  });

  it('refuses an image listing more frames than a photo would, and decodes only the first frame of the rest', async () => {
    const many = manyFrameGif(MAX_PAGES + 1, 64);
    const error = await refusal(many);
    expect(error.status).toBe(400);
    expect(error.message).toBe(`Image has too many frames (max ${MAX_PAGES})`);
    expect((await refusal(manyFrameGif(400_000, 64))).message).toBe(error.message);

    const out = await normalizeImage(manyFrameGif(3, 64));
    const meta = await sharp(out.data).metadata();
    expect([meta.format, meta.width, meta.height, meta.pages]).toEqual(['webp', 64, 64, undefined]);
  });

  it('still takes an ordinary 12-megapixel phone photo, well within the budget', async () => {
    const photo = await phonePhoto(4000, 3000);
    const { decodeBytes } = await inspectImage(photo);
    expect(decodeBytes).toBeLessThanOrEqual(MAX_DECODE_BYTES / 2); // two can decode side by side
    const out = await normalizeImage(photo);
    expect([out.width, out.height]).toEqual([MAX_STORED_SIDE, 1200]);
  });
});

describe('normalizeImage from a file (an upload waiting on disk)', () => {
  let dir: string | undefined;
  const write = async (name: string, bytes: Buffer) => {
    dir ??= await fs.mkdtemp(path.join(os.tmpdir(), 'normalize-test-'));
    const file = path.join(dir, name);
    await fs.writeFile(file, bytes);
    return file;
  };
  afterAll(async () => {
    if (dir) await fs.rm(dir, { recursive: true, force: true });
  });

  it('gives the same image as from the bytes', async () => {
    const input = await jpegWithMetadata(2000, 1000);
    const fromFile = await normalizeImage(await write('photo', input));
    const fromBytes = await normalizeImage(input);
    expect([fromFile.width, fromFile.height, fromFile.contentType]).toEqual([1600, 800, 'image/webp']);
    expect(fromFile.data.equals(fromBytes.data)).toBe(true);
    expect((await sharp(fromFile.data).metadata()).exif).toBeUndefined();
    expect((await inspectImage(await write('sideways', await sidewaysJpeg(300, 100)))).meta.orientation).toBe(6);
  });

  it('refuses by the bytes in the file: text, empty, SVG, a truncated JPEG', async () => {
    const photo = await jpegWithMetadata(640, 480);
    for (const [name, bytes] of [
      ['text', Buffer.from('just some text, named x.jpg by its sender\n')],
      ['empty', Buffer.alloc(0)],
      ['svg', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
      ['truncated', photo.subarray(0, Math.floor(photo.length * 0.6))],
    ] as const) {
      const error = await refusal(await write(name, bytes));
      expect([name, error.status, error.message]).toEqual([name, 400, 'File is not a supported image']);
    }
  });

  it('refuses a PNG bomb and an image over the decode budget from the file header', async () => {
    expect((await headerRefusal(await write('bomb', await pngBomb(20_000)))).message).toBe(
      `Image is too large (max ${MAX_INPUT_PIXELS / 1_000_000} megapixels)`,
    );
    const costly = await headerRefusal(await write('costly', await interlaced16BitPng(400)), {
      maxDecodeBytes: 1024 * 1024,
    });
    expect(costly.message).toBe(tooCostlyMessage(1024 * 1024));
  });
});
