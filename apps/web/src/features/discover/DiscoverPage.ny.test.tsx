import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { aProduct } from '../../test/products';
import { renderInChichewa } from '../../test/render';
import { DiscoverPage } from './DiscoverPage';

afterEach(() => vi.restoreAllMocks());

const MESSAGES = {
  'Discover {category}': 'Onani {category}',
  'Results for “{search}”': 'Zotsatira za “{search}”',
  SmartPhones: "Mafoni a m'manja",
  '1 item': 'Katundu 1',
  '{count} items': 'Katundu {count}',
};

const renderAt = (path: string) => renderInChichewa(<DiscoverPage />, MESSAGES, path);

const page = (count: number) => ({
  products: Array.from({ length: count }, (_, i) => aProduct({ id: i + 1, name: `Item ${i + 1}` })),
  total: count,
  limit: 10,
  offset: 0,
});

describe('DiscoverPage in Chichewa', () => {
  it('names a fixed category in Chichewa and counts one item', async () => {
    mockApi([[/category\/SmartPhones\?limit=10&offset=0$/, () => json(page(1))]]);
    renderAt('/discover');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent("Onani Mafoni a m'manja");
    expect(await screen.findByText('Katundu 1')).toBeInTheDocument();
    expect(document.title).toBe("Onani Mafoni a m'manja | Marketplace Malawi");
  });

  it('keeps a category the catalogue does not know, and what was searched for, as they came', async () => {
    mockApi([[/category\/Tablets\?limit=10&offset=0$/, () => json(page(3))]]);
    const { unmount } = renderAt('/discover?category=Tablets');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Onani Tablets');
    expect(await screen.findByText('Katundu 3')).toBeInTheDocument();
    unmount();

    mockApi([[/products\?limit=10&offset=0&search=/, () => json(page(2))]]);
    renderAt('/discover?search=%7Bname%7D%20phone');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Zotsatira za “{name} phone”');
    expect(await screen.findByText('Katundu 2')).toBeInTheDocument();
  });
});
