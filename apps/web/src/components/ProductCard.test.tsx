import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { getBasket } from '../lib/basket-store';
import { renderInChichewa, renderWithRouter } from '../test/render';
import { ProductCard } from './ProductCard';

const base = { id: 5, name: 'HP EliteBook 840' };

function priceShown(price: number | string | null | undefined): string {
  renderWithRouter(<ProductCard product={{ ...base, price }} />);
  return screen.getByTestId('card-price').textContent ?? '';
}

describe('ProductCard money', () => {
  it('shows a number as MWK with en-MW grouping', () => {
    expect(priceShown(12000)).toBe('MWK 12,000');
  });
  it('strips non-digits from a text price', () => {
    expect(priceShown('12,000')).toBe('MWK 12,000');
  });
  it('shows 0 when the price is missing', () => {
    expect(priceShown(undefined)).toBe('MWK 0');
  });
  it('shows 0 for null', () => {
    expect(priceShown(null)).toBe('MWK 0');
  });
  it('shows 0 for text without digits', () => {
    expect(priceShown('free')).toBe('MWK 0');
  });
});

describe('ProductCard image', () => {
  function imgSrc(product: Parameters<typeof ProductCard>[0]['product']): string | null {
    renderWithRouter(<ProductCard product={product} />);
    return screen.queryByRole('img', { name: base.name })?.getAttribute('src') ?? null;
  }

  it('uses cover_image_url first, at card size through the image endpoint', () => {
    expect(imgSrc({ ...base, cover_image_url: 'cover.webp', image_gallery: ['g.webp'], images: ['i.webp'] })).toBe(
      '/api/images/cover.webp?w=400&h=500&fit=cover&q=80',
    );
  });
  it('falls back to the first gallery entry', () => {
    expect(
      imgSrc({ ...base, cover_image_url: null, image_gallery: ['g1.webp', 'g2.webp'], images: ['i.webp'] }),
    ).toContain('/api/images/g1.webp?');
  });
  it('falls back to the first images entry, stripping a data/ path', () => {
    expect(imgSrc({ ...base, cover_image_url: '', image_gallery: [], images: ['data/i1.webp'] })).toContain(
      '/api/images/i1.webp?',
    );
  });
  it('shows a labelled placeholder when there is no image', () => {
    renderWithRouter(<ProductCard product={base} />);
    expect(screen.getByRole('img', { name: `${base.name}: no photo` }).tagName).toBe('DIV');
  });
  it('loads lazily with a fixed size so the grid does not shift', () => {
    renderWithRouter(<ProductCard product={{ ...base, cover_image_url: 'c.webp' }} />);
    const img = screen.getByRole('img', { name: base.name });
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '400');
    expect(img).toHaveAttribute('height', '500');
  });
});

describe('ProductCard links and basket', () => {
  it('links to the product page and shows the location, defaulting to Lilongwe', () => {
    renderWithRouter(<ProductCard product={base} />);
    expect(screen.getByRole('link', { name: base.name })).toHaveAttribute('href', '/product/5');
    expect(screen.getByText('Lilongwe')).toBeInTheDocument();
  });
  it('adds the item to the basket once, then offers the basket', async () => {
    const user = userEvent.setup();
    renderWithRouter(<ProductCard product={{ ...base, price: 300000 }} />);
    await user.click(screen.getByRole('button', { name: `Add to basket ${base.name}` }));
    expect(getBasket().map((item) => item.id)).toEqual([5]);
    expect(screen.queryByRole('button', { name: /Add to basket/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /In basket / })).toHaveAttribute('href', '/basket');
  });
  it('cannot add a sold item', () => {
    renderWithRouter(<ProductCard product={{ ...base, sold: true }} />);
    expect(screen.queryByRole('button', { name: /Add to basket/ })).not.toBeInTheDocument();
    expect(screen.getAllByText('Sold').length).toBeGreaterThan(0);
  });
  it('marks a reserved item and cannot add it, even when it is already in the basket', () => {
    renderWithRouter(<ProductCard product={{ ...base, reserved: true }} />);
    expect(screen.getAllByText('Reserved')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Add to basket/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /In basket/ })).not.toBeInTheDocument();
  });
  it('says an item on its way to another shop is coming to that town, and cannot add it', () => {
    renderWithRouter(<ProductCard product={{ ...base, in_transit: true, transit_town: 'Mzuzu' }} />);
    expect(screen.getAllByText('Coming to Mzuzu soon')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: /Add to basket/ })).not.toBeInTheDocument();
  });
  it('says it in Chichewa too', () => {
    renderInChichewa(<ProductCard product={{ ...base, in_transit: true, transit_town: 'Mzuzu' }} />, {
      'Coming to {town} soon': 'Ikubwera ku {town} posachedwa',
    });
    expect(screen.getAllByText('Ikubwera ku Mzuzu posachedwa')).toHaveLength(2);
  });
  it('shows no badge on an item for sale', () => {
    renderWithRouter(<ProductCard product={{ ...base, sold: false, reserved: false }} />);
    expect(screen.queryByText('Reserved')).not.toBeInTheDocument();
    expect(screen.queryByText('Sold')).not.toBeInTheDocument();
  });
  it('shows the real watcher count when asked', () => {
    renderWithRouter(<ProductCard product={{ ...base, watchers: 12 }} showWatchers />);
    expect(screen.getByText('12 watching')).toBeInTheDocument();
  });
});
