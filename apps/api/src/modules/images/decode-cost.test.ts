import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { decodeCost, jpegShrinkOnLoad, MAX_DECODE_BYTES } from './decode-cost.js';
import { MAX_STORED_SIDE } from './normalize.js';
import { interlaced16BitPng, manyFrameGif } from './testing.js';

const cost = (meta: Parameters<typeof decodeCost>[0]) => decodeCost(meta, MAX_STORED_SIDE);

describe('decodeCost', () => {
  it('counts bytes, not pixels: the reported 7000 x 7000 interlaced 16-bit RGBA PNG is ~600 MiB, far over budget', () => {
    const meta = {
      format: 'png',
      width: 7000,
      height: 7000,
      channels: 4,
      depth: 'ushort',
      isProgressive: true,
    } as const;
    expect(7000 * 7000).toBeLessThan(50_000_000); // under the pixel cap: the pixel cap alone let it through
    expect(cost(meta)).toBe(Math.ceil(7000 * 7000 * 4 * 2 * 1.6));
    expect(cost(meta)).toBeGreaterThan(8 * MAX_DECODE_BYTES);
    // The same pixels at 8 bits, not interlaced: a fifth of that, still over budget.
    expect(cost({ ...meta, depth: 'uchar', isProgressive: false })).toBe(7000 * 7000 * 4);
  });

  it('reads what sharp reports for a generated interlaced 16-bit PNG', async () => {
    const meta = await sharp(await interlaced16BitPng(300)).metadata();
    expect([meta.format, meta.depth, meta.channels, meta.isProgressive]).toEqual(['png', 'ushort', 4, true]);
    expect(cost(meta)).toBe(Math.ceil(300 * 300 * 8 * 1.6));
  });

  it('charges a GIF its RGBA canvas for the first frame only, however many frames it lists', async () => {
    const meta = await sharp(manyFrameGif(500, 64)).metadata();
    expect([meta.format, meta.pages, meta.width]).toEqual(['gif', 500, 64]);
    expect(cost(meta)).toBe(Math.ceil(64 * 64 * 4 * 1.6));
  });

  it('follows sharp: JPEGs are decoded at 1/2, 1/4 or 1/8 scale when the stored side allows', () => {
    expect(jpegShrinkOnLoad(1600, 1600)).toBe(1);
    expect(jpegShrinkOnLoad(4000, 1600)).toBe(1); // 2.5: libjpeg's rounding would undershoot at 1/2
    expect(jpegShrinkOnLoad(5184, 1600)).toBe(2);
    expect(jpegShrinkOnLoad(8160, 1600)).toBe(4);
    expect(jpegShrinkOnLoad(16_000, 1600)).toBe(8);
    // A 50-megapixel phone photo costs ~9 MiB, a 12-megapixel one 34 MiB: both fit, side by side.
    const photo50 = {
      format: 'jpeg',
      width: 8160,
      height: 6120,
      channels: 3,
      depth: 'uchar',
      isProgressive: false,
    } as const;
    expect(cost(photo50)).toBe(2040 * 1530 * 3);
    const photo12 = { ...photo50, width: 4000, height: 3000 };
    expect(2 * cost(photo12)).toBeLessThanOrEqual(MAX_DECODE_BYTES);
  });

  it('adds the full-size coefficients a progressive JPEG keeps, by chroma subsampling', () => {
    const base = {
      format: 'jpeg',
      width: 8160,
      height: 6120,
      channels: 3,
      depth: 'uchar',
      isProgressive: true,
    } as const;
    const pixels = 2040 * 1530 * 3;
    expect(cost({ ...base, chromaSubsampling: '4:2:0' })).toBe(pixels + 2 * 8160 * 6120 * 1.5);
    expect(cost({ ...base, chromaSubsampling: '4:4:4' })).toBe(pixels + 2 * 8160 * 6120 * 3);
    expect(cost({ ...base, chromaSubsampling: undefined })).toBe(pixels + 2 * 8160 * 6120 * 3); // unknown: full planes
    expect(cost({ ...base, chromaSubsampling: '4:2:0' })).toBeGreaterThan(MAX_DECODE_BYTES);
  });

  it('charges AVIF/HEIF six times the decoded size, as measured', () => {
    expect(cost({ format: 'heif', width: 2000, height: 2000, channels: 3, depth: 'uchar' })).toBe(2000 * 2000 * 3 * 6);
  });
});
