import { describe, expect, it } from 'vitest';
import { cardImageFile, imageUrl } from './images';

describe('image URLs', () => {
  it('encodes the stored name and asks for an allowed size', () => {
    expect(imageUrl('a b.webp', { w: 700, h: 500, fit: 'contain' })).toBe(
      '/api/images/a%20b.webp?w=700&h=500&fit=contain&q=80',
    );
    expect(imageUrl('data/x.webp')).toBe('/api/images/x.webp');
  });

  it('chooses the card image: cover, else first gallery, else first images entry', () => {
    expect(cardImageFile({ cover_image_url: 'c', image_gallery: ['g'], images: ['i'] })).toBe('c');
    expect(cardImageFile({ cover_image_url: null, image_gallery: ['g'], images: ['i'] })).toBe('g');
    expect(cardImageFile({ cover_image_url: null, image_gallery: [], images: ['i'] })).toBe('i');
    expect(cardImageFile({ cover_image_url: null })).toBeNull();
  });
});
