import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS } from '@marketplace/shared';
import { imageVariantQuerySchema, renderVariant, variantKey } from './variants.js';

describe('imageVariantQuerySchema', () => {
  it('takes the allowed values as text and gives numbers', () => {
    expect(imageVariantQuerySchema.parse({ w: '400', h: '500', fit: 'contain', q: '80' })).toEqual({
      w: 400,
      h: 500,
      fit: 'contain',
      q: 80,
    });
    expect(imageVariantQuerySchema.parse({})).toEqual({});
  });

  it.each([
    [{ w: '333' }, 'w must be one of 200, 400, 700, 1200'],
    [{ w: '400.0' }, 'w must be one of 200, 400, 700, 1200'],
    [{ w: ['400', '700'] }, 'w must be one of 200, 400, 700, 1200'],
    [{ h: '300' }, 'h must be one of 250, 500, 630, 875'],
    [{ q: '100' }, 'q must be one of 80'],
    [{ fit: 'fill' }, 'fit must be one of cover, contain'],
  ])('refuses %j naming the allowed values', (query, message) => {
    const result = imageVariantQuerySchema.safeParse(query);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

describe('variantKey', () => {
  const key = (q: Record<string, string>) => variantKey(imageVariantQuerySchema.parse(q));
  it('names each distinct rendering once', () => {
    expect(key({})).toBeNull();
    expect(key({ fit: 'contain' })).toBeNull();
    expect(key({ w: '400', h: '500' })).toBe('w400-h500-cover-q80');
    expect(key({ w: '400', h: '500', fit: 'cover', q: '80' })).toBe('w400-h500-cover-q80');
    expect(key({ w: '1200', h: '500', fit: 'contain' })).toBe('w1200-h500-contain-q80');
    expect(key({ w: '400' })).toBe('w400-q80');
    expect(key({ w: '400', fit: 'contain' })).toBe('w400-q80');
    expect(key({ h: '500' })).toBe('h500-q80');
    expect(key({ q: '80' })).toBe('q80');
  });
});

describe('renderVariant', () => {
  it('renders exactly the asked size as WebP', async () => {
    const original = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#abc' } })
      .webp()
      .toBuffer();
    for (const w of IMAGE_WIDTHS) {
      const meta = await sharp(await renderVariant(original, { w })).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(w);
    }
    for (const fit of ['cover', 'contain'] as const) {
      const meta = await sharp(await renderVariant(original, { w: 400, h: 500, fit })).metadata();
      expect([meta.width, meta.height]).toEqual([400, 500]);
    }
    const tall = await sharp(await renderVariant(original, { h: 500 })).metadata();
    expect([tall.width, tall.height]).toEqual([750, 500]);
  });
});
