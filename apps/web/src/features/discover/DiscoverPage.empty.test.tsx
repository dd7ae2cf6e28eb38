import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { aProduct } from '../../test/products';
import { renderWithRouter } from '../../test/render';
import { DiscoverPage } from './DiscoverPage';

// docs/product.md#search-without-dead-ends: one empty message at a time, with its ways on.
afterEach(() => vi.restoreAllMocks());

const none = (extra: object = {}) => ({ products: [], total: 0, limit: 10, offset: 0, ...extra });
const found = (name: string) => ({ products: [aProduct({ id: 7, name })], total: 1, limit: 10, offset: 0 });

describe('DiscoverPage when nothing is found', () => {
  it('offers the search the catalogue knows, and following it runs that search', async () => {
    const user = userEvent.setup();
    mockApi([
      [/products\?limit=10&offset=0&search=plestatin$/, () => json(none({ did_you_mean: 'PlayStation' }))],
      [/products\?limit=10&offset=0&search=PlayStation$/, () => json(found('PlayStation 4 Slim'))],
    ]);
    renderWithRouter(<DiscoverPage />, '/discover?search=plestatin');
    const suggestion = await screen.findByRole('link', { name: 'Did you mean PlayStation?' });
    expect(screen.getByText('No products available')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Clear filters' })).not.toBeInTheDocument();
    await user.click(suggestion);
    expect(await screen.findByRole('link', { name: 'PlayStation 4 Slim' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Results for “PlayStation”');
  });

  it('with filters on, says so once and offers to clear them, keeping the search and the order', async () => {
    const user = userEvent.setup();
    mockApi([
      [/products\?limit=10&offset=0&town=Zomba&sort=price_asc&search=tv$/, () => json(none({ did_you_mean: null }))],
      [/products\?limit=10&offset=0&sort=price_asc&search=tv$/, () => json(found('Hisense 43" Smart TV'))],
      [/products\/towns$/, () => json({ towns: ['Zomba'] })],
    ]);
    renderWithRouter(<DiscoverPage />, '/discover?search=tv&town=Zomba&sort=price_asc');
    const clear = await screen.findByRole('link', { name: 'Clear filters' });
    expect(screen.getAllByText('No items match these filters.')).toHaveLength(1);
    expect(screen.queryByText('No products available')).not.toBeInTheDocument();
    expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
    await user.click(clear);
    expect(await screen.findByRole('link', { name: 'Hisense 43" Smart TV' })).toBeInTheDocument();
    expect(screen.queryByText('No items match these filters.')).not.toBeInTheDocument();
  });

  it('without a suggestion or filters, shows the plain empty state and no ways on', async () => {
    mockApi([[/products\?limit=10&offset=0&search=xylophone$/, () => json(none({ did_you_mean: null }))]]);
    renderWithRouter(<DiscoverPage />, '/discover?search=xylophone');
    expect(await screen.findByText('No products available')).toBeInTheDocument();
    expect(screen.getByText('Check back soon.')).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows every item under All', async () => {
    const fetchMock = mockApi([[/category\/all\?limit=10&offset=0$/, () => json(found('Kindle Paperwhite'))]]);
    renderWithRouter(<DiscoverPage />, '/discover?category=all');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('All items for sale');
    expect(await screen.findByRole('link', { name: 'Kindle Paperwhite' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
