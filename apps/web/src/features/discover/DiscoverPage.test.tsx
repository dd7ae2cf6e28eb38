import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { aProduct } from '../../test/products';
import { renderWithRouter } from '../../test/render';
import { DiscoverPage } from './DiscoverPage';

afterEach(() => vi.restoreAllMocks());

const page = (from: number, count: number, total: number) => ({
  products: Array.from({ length: count }, (_, i) => aProduct({ id: from + i, name: `Item ${from + i}` })),
  total,
  limit: 10,
  offset: from - 1,
});

describe('DiscoverPage', () => {
  it("defaults to SmartPhones, shows 8 skeletons, then the category's first page", async () => {
    const fetchMock = mockApi([
      [/GET \/api\/v1\/products\/category\/SmartPhones\?limit=10&offset=0$/, () => json(page(1, 3, 3))],
    ]);
    renderWithRouter(<DiscoverPage />, '/discover');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Discover SmartPhones');
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(8);
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('encodes the category and pages by 10 with Show more', async () => {
    const user = userEvent.setup();
    mockApi([
      [/category\/Laptops%20and%20Computers\?limit=10&offset=0$/, () => json(page(1, 10, 12))],
      [/category\/Laptops%20and%20Computers\?limit=10&offset=10$/, () => json(page(11, 2, 12))],
    ]);
    renderWithRouter(<DiscoverPage />, '/discover?category=Laptops%20and%20Computers');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Discover Laptops and Computers');
    expect(await screen.findAllByRole('article')).toHaveLength(10);
    expect(screen.getByText('12 items')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('link', { name: 'Item 12' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(12);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
  });

  it("continues from the API's next_cursor when it gives one, so a deep page costs what the first does", async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi([
      [/category\/Tablets\?limit=10&offset=0$/, () => json({ ...page(1, 10, 25), next_cursor: 'c-10' })],
      [/category\/Tablets\?limit=10&cursor=c-10$/, () => json({ ...page(11, 10, 25), next_cursor: 'c-20' })],
      [/category\/Tablets\?limit=10&cursor=c-20$/, () => json({ ...page(21, 5, 25), next_cursor: null })],
    ]);
    renderWithRouter(<DiscoverPage />, '/discover?category=Tablets');
    expect(await screen.findAllByRole('article')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('link', { name: 'Item 20' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('link', { name: 'Item 25' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('shows the empty state for a category without products', async () => {
    mockApi([[/category\/Drones/, () => json({ products: [], total: 0, limit: 10, offset: 0 })]]);
    renderWithRouter(<DiscoverPage />, '/discover?category=Drones');
    expect(await screen.findByText('No products available')).toBeInTheDocument();
    expect(screen.getByText('Check back soon.')).toBeInTheDocument();
  });

  it('searches the product list and names the search in the heading', async () => {
    const fetchMock = mockApi([
      [/GET \/api\/v1\/products\?limit=10&offset=0&search=dual%20sim$/, () => json(page(1, 1, 1))],
    ]);
    renderWithRouter(<DiscoverPage />, '/discover?search=dual%20sim');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Results for “dual sim”');
    expect(await screen.findByRole('link', { name: 'Item 1' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('a search whose total is capped shows no count and goes on offering more while pages are full', async () => {
    const user = userEvent.setup();
    mockApi([
      [
        /GET \/api\/v1\/products\?limit=10&offset=0&search=samsung$/,
        () => json({ ...page(1, 10, 200), total_capped: true }),
      ],
      [
        /GET \/api\/v1\/products\?limit=10&offset=10&search=samsung$/,
        () => json({ ...page(11, 10, 200), total_capped: true }),
      ],
    ]);
    renderWithRouter(<DiscoverPage />, '/discover?search=samsung');
    expect(await screen.findByRole('link', { name: 'Item 10' })).toBeInTheDocument();
    expect(screen.queryByText('200 items')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(await screen.findByRole('link', { name: 'Item 20' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show more' })).toBeInTheDocument();
  });

  it('logs a failure and shows the empty state', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockApi([[/category/, () => json({ message: 'down' }, 503)]]);
    renderWithRouter(<DiscoverPage />, '/discover?category=Other');
    expect(await screen.findByText('No products available')).toBeInTheDocument();
    // The failure is logged from an effect after the empty state renders.
    await waitFor(() => expect(logged).toHaveBeenCalled());
  });

  it('offline, says so instead of the empty state, and Try again loads the search', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let online = false;
    mockApi([
      [
        /GET \/api\/v1\/products\?limit=10&offset=0&search=tecno$/,
        () => {
          if (!online) throw new TypeError('Failed to fetch');
          return json(page(1, 2, 2));
        },
      ],
    ]);
    renderWithRouter(<DiscoverPage />, '/discover?search=tecno');
    expect(await screen.findByText('You seem to be offline. Try again.')).toBeInTheDocument();
    expect(screen.queryByText('No products available')).not.toBeInTheDocument();
    online = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(screen.getByText('2 items')).toBeInTheDocument();
  });
});
