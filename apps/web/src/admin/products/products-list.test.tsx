import type { AdminProduct } from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { ADMIN_ME, renderAdmin, signIn } from '../test/render-admin';
import { NO_DEVICE } from '../test/devices';

afterEach(() => vi.restoreAllMocks());

function aProduct(overrides: Partial<AdminProduct>): AdminProduct {
  return {
    id: 1,
    name: 'Samsung Galaxy A14',
    shop_id: 1,
    shop_name: 'Lilongwe City Mall',
    category_id: 1,
    category_name: 'SmartPhones',
    price: 185000,
    sale_price: null,
    buying_price: null,
    floor_price: null,
    accept_price: null,
    currency: 'MWK',
    description: 'Good condition',
    location: 'Lilongwe',
    published: true,
    sold: false,
    reserved: false,
    featured: false,
    images: [],
    condition: null,
    warranty_days: null,
    battery_health: null,
    brand: null,
    storage_gb: null,
    ram_gb: null,
    device: NO_DEVICE,
    created_at: '2025-08-01T10:00:00.000Z',
    updated_at: '2025-08-01T10:00:00.000Z',
    ...overrides,
  };
}

const products = [
  aProduct({ id: 1, name: 'Samsung Galaxy A14', published: true }),
  // Sold wins over a reservation (the completed order that sold it held it until then).
  aProduct({
    id: 2,
    name: 'HP EliteBook 840',
    published: false,
    shop_id: null,
    shop_name: null,
    sold: true,
    reserved: true,
    price: 1250000,
  }),
  aProduct({ id: 3, name: 'Tecno Spark 10', reserved: true, buying_price: 60000, price: 85000 }),
  aProduct({ id: 4, name: 'Nokia 105', published: true, sold: true }),
];

describe('products list', () => {
  it('shows the columns and enables Add to Featured only for published products not sold', async () => {
    const user = userEvent.setup();
    signIn();
    const fetchSpy = mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
      [/^GET \/api\/admin\/products\?limit=50&offset=0$/, () => json({ products, total: 4, limit: 50, offset: 0 })],
      [
        /^POST \/api\/admin\/featured-products\/1$/,
        () => json({ id: 9, product_id: 1, name: 'Samsung Galaxy A14', price: 185000, is_published: true }, 201),
      ],
    ]);
    renderAdmin('/admin/products');
    const published = await screen.findByTestId('product-row-1');
    const unpublished = screen.getByTestId('product-row-2');

    expect(within(unpublished).getByText('Unknown')).toBeInTheDocument();
    expect(within(unpublished).getByText('MWK 1,250,000')).toBeInTheDocument();
    expect(within(unpublished).getByText('Sold')).toBeInTheDocument();
    expect(within(unpublished).getByText('Unpublished')).toBeInTheDocument();
    expect(within(published).getByText('Available')).toBeInTheDocument();
    expect(within(published).getByText('Published')).toBeInTheDocument();
    expect(within(screen.getByTestId('product-row-3')).getByText('Reserved')).toBeInTheDocument();
    // What we paid the seller sits under the price, only for items bought from one.
    expect(within(screen.getByTestId('product-row-3')).getByText('Bought MWK 60,000')).toBeInTheDocument();
    expect(within(published).queryByText(/^Bought/)).not.toBeInTheDocument();

    expect(within(unpublished).getByRole('button', { name: /^Add to Featured/ })).toBeDisabled();
    const sold = within(screen.getByTestId('product-row-4')).getByRole('button', { name: /^Add to Featured/ });
    expect(sold).toBeDisabled();
    expect(sold).toHaveAttribute('title', 'A sold product cannot be featured');
    const enabled = within(published).getByRole('button', { name: /^Add to Featured/ });
    expect(enabled).toBeEnabled();

    await user.click(enabled);
    expect(await screen.findByText('Product added to featured list!')).toBeInTheDocument();
    expect(
      fetchSpy.mock.calls.some(
        ([url, init]) => String(url).endsWith('/api/admin/featured-products/1') && init?.method === 'POST',
      ),
    ).toBe(true);
    await waitFor(() => expect(within(published).getByRole('button', { name: /^Featured/ })).toBeDisabled());
  });

  it('wires the search box to search= and shows publish errors', async () => {
    const user = userEvent.setup();
    signIn();
    const fetchSpy = mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
      [
        /^GET \/api\/admin\/products\?limit=50&offset=0&search=hp$/,
        () => json({ products: [products[1]], total: 1, limit: 50, offset: 0 }),
      ],
      [/^GET \/api\/admin\/products\?limit=50&offset=0$/, () => json({ products, total: 3, limit: 50, offset: 0 })],
      [
        /^PUT \/api\/admin\/products\/2\/publish$/,
        () => json({ title: 'Conflict', status: 409, detail: 'Pick a shop first', message: 'Pick a shop first' }, 409),
      ],
    ]);
    renderAdmin('/admin/products');
    await screen.findByTestId('product-row-1');
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'hp');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.queryByTestId('product-row-1')).not.toBeInTheDocument());
    expect(screen.getByTestId('location').textContent).toBe('/admin/products?search=hp');
    expect(
      fetchSpy.mock.calls.some(([url]) => String(url).endsWith('/api/admin/products?limit=50&offset=0&search=hp')),
    ).toBe(true);

    await user.click(await screen.findByRole('button', { name: 'Publish HP EliteBook 840' }));
    expect(await screen.findByText('Pick a shop first')).toBeInTheDocument();
  });
});
