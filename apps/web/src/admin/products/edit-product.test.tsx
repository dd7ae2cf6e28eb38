import type { AdminProduct } from '@marketplace/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { retype } from '../../test/typing';
import { ADMIN_ME, renderAdmin, signIn } from '../test/render-admin';
import { NO_DEVICE } from '../test/devices';

afterEach(() => vi.restoreAllMocks());

const shops = {
  shops: [
    {
      id: 1,
      name: 'Lilongwe City Mall',
      address: 'Area 3',
      town: 'Lilongwe',
      hours: 'Mon-Sat 8-17',
      contact: 'Mon-Sat 8-17',
      phone: null,
      delivery_fee: null,
    },
  ],
  total: 1,
  limit: 100,
  offset: 0,
};
const categories = {
  categories: [{ id: 1, name: 'SmartPhones', description: null, parent_id: null, parent: null }],
  total: 1,
  limit: 100,
  offset: 0,
};

function aProduct(overrides: Partial<AdminProduct> = {}): AdminProduct {
  return {
    id: 5,
    name: 'Samsung Galaxy A14',
    shop_id: 1,
    shop_name: 'Lilongwe City Mall',
    category_id: 1,
    category_name: 'SmartPhones',
    price: 210000,
    sale_price: null,
    buying_price: 160000,
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
    device: NO_DEVICE,
    created_at: '2025-08-01T10:00:00.000Z',
    updated_at: '2025-08-01T10:00:00.000Z',
    ...overrides,
  };
}

async function openEdit(product: AdminProduct) {
  signIn();
  mockApi([
    [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
    [/^GET \/api\/admin\/products\/5$/, () => json(product)],
    [/^GET \/api\/admin\/shops\?/, () => json(shops)],
    [/^GET \/api\/admin\/categories\?/, () => json(categories)],
  ]);
  renderAdmin('/admin/products/5');
  await screen.findByLabelText('Price (MWK)');
}

describe('edit product: buying price', () => {
  it('shows what we paid the seller and the margin, following the prices as typed', async () => {
    const user = userEvent.setup();
    await openEdit(aProduct());
    const box = screen.getByTestId('buying-price');
    expect(within(box).getByText('Bought from the seller for MWK 160,000')).toBeInTheDocument();
    expect(within(box).getByText('Margin: MWK 50,000')).toBeInTheDocument();

    await retype(user, 'Sale price (MWK)', '190000');
    expect(await within(box).findByText('Margin: MWK 50,000, MWK 30,000 at the sale price')).toBeInTheDocument();

    // Below what we paid reads as a loss.
    await retype(user, 'Price (MWK)', '150000');
    await retype(user, 'Sale price (MWK)', '');
    const loss = await within(box).findByText('Margin: −MWK 10,000 (below what we paid)');
    expect(loss).toHaveClass('text-red-800');

    // Not a price (yet): no margin rather than a wrong one.
    await retype(user, 'Price (MWK)', '');
    expect(within(box).queryByText(/^Margin/)).not.toBeInTheDocument();
    expect(within(box).getByText('Bought from the seller for MWK 160,000')).toBeInTheDocument();
  });

  it('says nothing about a buying price for a product not bought from a seller', async () => {
    await openEdit(aProduct({ buying_price: null }));
    expect(screen.queryByTestId('buying-price')).not.toBeInTheDocument();
    expect(screen.queryByText(/Bought from the seller/)).not.toBeInTheDocument();
  });
});
