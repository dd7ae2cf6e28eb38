import { describe, expect, it } from 'vitest';
import { fitWithin, jpegName, PHOTO_LONG_SIDE } from './photo-size';

describe('fitWithin', () => {
  it('scales the longer side down to the limit and keeps the shape', () => {
    expect(fitWithin(4000, 3000, PHOTO_LONG_SIDE)).toEqual({ width: 1600, height: 1200 });
    // A portrait photo turned upright: its height is the long side.
    expect(fitWithin(3000, 4000, PHOTO_LONG_SIDE)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(4032, 1816, PHOTO_LONG_SIDE)).toEqual({ width: 1600, height: 721 });
  });

  it('never enlarges and never gives a side of 0', () => {
    expect(fitWithin(800, 600, PHOTO_LONG_SIDE)).toEqual({ width: 800, height: 600 });
    expect(fitWithin(1600, 1600, PHOTO_LONG_SIDE)).toEqual({ width: 1600, height: 1600 });
    expect(fitWithin(20000, 2, PHOTO_LONG_SIDE)).toEqual({ width: 1600, height: 1 });
  });
});

describe('jpegName', () => {
  it('ends the name in .jpg, as the photo is re-encoded to JPEG', () => {
    expect(jpegName('IMG_2041.HEIC')).toBe('IMG_2041.jpg');
    expect(jpegName('front.png')).toBe('front.jpg');
    expect(jpegName('my.phone.jpeg')).toBe('my.phone.jpg');
    expect(jpegName('noext')).toBe('noext.jpg');
    expect(jpegName('.png')).toBe('photo.jpg');
  });
});
