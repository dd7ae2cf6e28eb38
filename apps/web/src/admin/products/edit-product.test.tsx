import { WRITTEN_OFF_NOT_FOR_SALE, type AdminProduct, type ProductHistory } from '@marketplace/shared';
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
    {
      id: 2,
      name: 'Mzuzu Shop',
      address: 'Orton Chirwa Road',
      town: 'Mzuzu',
      hours: 'Mon-Sat 8-17',
      contact: 'Mon-Sat 8-17',
      phone: null,
      delivery_fee: null,
    },
  ],
  total: 2,
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

const NO_MOVES = { product_id: 5, current: null, history: [] };
const NO_HISTORY: ProductHistory = {
  product_id: 5,
  written_off_at: null,
  written_off_reason: null,
  sales: [],
  returns: [],
};

async function openEdit(product: AdminProduct, more: Parameters<typeof mockApi>[0] = []) {
  signIn();
  mockApi([
    ...more,
    [/^GET \/api\/admin\/products\/5\/moves$/, () => json(NO_MOVES)],
    [/^GET \/api\/admin\/products\/5\/history$/, () => json(NO_HISTORY)],
    [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
    [/^GET \/api\/admin\/products\/5$/, () => json(product)],
    [/^GET \/api\/admin\/shops\?/, () => json(shops)],
    // A move goes to any shop: the public list (a Shop staff's own list holds their shop only).
    [/^GET \/api\/v1\/shops\?/, () => json(shops)],
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

describe('edit product: moving it to another shop', () => {
  const move = {
    id: 3,
    state: 'in_transit' as const,
    from_shop: { id: 1, name: 'Lilongwe City Mall', town: 'Lilongwe' },
    to_shop: { id: 2, name: 'Mzuzu Shop', town: 'Mzuzu' },
    created_at: '2025-08-02T10:00:00.000Z',
    closed_at: null,
  };

  it('moves the item to a shop other than its own, then marks it received', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    await openEdit(aProduct(), [
      [
        /^POST \/api\/admin\/products\/5\/move$/,
        (_url, init) => {
          sent.push(JSON.parse(String(init?.body)));
          return json({ product_id: 5, current: move, history: [move] });
        },
      ],
      [
        /^POST \/api\/admin\/products\/5\/move\/receive$/,
        () =>
          json({ product_id: 5, current: null, history: [{ ...move, state: 'received', closed_at: move.created_at }] }),
      ],
    ]);
    const card = within(await screen.findByRole('region', { name: 'Shop moves' }));
    const select = card.getByLabelText('Destination shop');
    // The item's own shop is no destination.
    expect(within(select).queryByRole('option', { name: /Lilongwe City Mall/ })).not.toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Move to another shop' })).toBeDisabled();
    await user.selectOptions(select, 'Mzuzu Shop (Mzuzu)');
    await user.click(card.getByRole('button', { name: 'Move to another shop' }));
    expect(sent).toEqual([{ shop_id: 2 }]);
    expect(await card.findByText(/Coming to Mzuzu soon/)).toBeInTheDocument();
    expect(card.getByText('In transit')).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Mark received' }));
    expect(await card.findByLabelText('Destination shop')).toBeInTheDocument();
    expect(card.getByRole('list', { name: 'Move history' })).toHaveTextContent(
      'Lilongwe City Mall → Mzuzu Shop, Received',
    );
  });

  it('says why a reserved item cannot move', async () => {
    const user = userEvent.setup();
    await openEdit(aProduct(), [
      [
        /^POST \/api\/admin\/products\/5\/move$/,
        () => json({ message: 'An open order reserves this item: it stays at its shop until the order ends.' }, 409),
      ],
    ]);
    const card = within(await screen.findByRole('region', { name: 'Shop moves' }));
    await user.selectOptions(card.getByLabelText('Destination shop'), 'Mzuzu Shop (Mzuzu)');
    await user.click(card.getByRole('button', { name: 'Move to another shop' }));
    expect(await screen.findByText(/An open order reserves this item/)).toBeInTheDocument();
    expect(card.queryByText('In transit')).not.toBeInTheDocument();
  });
});

describe('edit product: its history after a sale (issue 38)', () => {
  const sold = {
    order_id: 41,
    order_number: 'MW-0041',
    order_status: 'Completed',
    price: 120000,
    placed_at: '2026-11-02T08:00:00.000Z',
    completed_at: '2026-11-02T10:00:00.000Z',
  };
  const refunded = {
    id: 7,
    reference: 'R-0007',
    kind: 'return' as const,
    status: 'refunded' as const,
    condition: 'fair' as const,
    refund_amount: 120000,
    created_at: '2026-11-05T09:00:00.000Z',
    decided_at: '2026-11-06T09:00:00.000Z',
  };
  const withHistory = (history: Partial<ProductHistory>) =>
    [[/^GET \/api\/admin\/products\/5\/history$/, () => json({ ...NO_HISTORY, ...history })]] as Parameters<
      typeof mockApi
    >[0];

  it('shows nothing for an item never sold nor returned', async () => {
    await openEdit(aProduct());
    await screen.findByRole('region', { name: 'Shop moves' });
    expect(screen.queryByRole('region', { name: 'History' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('after-sale-note')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Published')).toBeEnabled();
  });

  it('lists sales and returns newest first, linked to their pages, and says the item came back', async () => {
    const resold = { ...sold, order_id: 52, order_number: 'MW-0052', order_status: 'Placed', price: 0 };
    await openEdit(
      aProduct({ published: false }),
      withHistory({
        sales: [sold, { ...resold, placed_at: '2026-11-01T08:00:00.000Z' }],
        returns: [refunded],
      }),
    );
    const card = within(await screen.findByRole('region', { name: 'History' }));
    expect(card.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '5 Nov 2026: Returned: R-0007, Return, Refunded MWK 120,000, found Fair',
      '2 Nov 2026: Sold in order MW-0041 (Completed), MWK 120,000',
      '1 Nov 2026: Given in order MW-0052 (Placed) as a replacement, at no charge',
    ]);
    expect(card.getByRole('link', { name: 'R-0007' })).toHaveAttribute('href', '/admin/returns/7');
    expect(card.getByRole('link', { name: 'MW-0041' })).toHaveAttribute('href', '/admin/orders/41');
    expect(screen.getByTestId('after-sale-note')).toHaveTextContent(
      'This item came back (R-0007): check it before you publish it again.',
    );
    expect(screen.getByLabelText('Published')).toBeEnabled();
  });

  it('says nothing of coming back once the item is published again', async () => {
    await openEdit(aProduct({ published: true }), withHistory({ sales: [sold], returns: [refunded] }));
    await screen.findByRole('region', { name: 'History' });
    expect(screen.queryByTestId('after-sale-note')).not.toBeInTheDocument();
  });

  it('says nothing of coming back when its newest return was declined', async () => {
    const declined = {
      ...refunded,
      id: 8,
      reference: 'R-0008',
      status: 'declined' as const,
      refund_amount: null,
      condition: null,
      created_at: '2026-11-08T09:00:00.000Z',
    };
    await openEdit(aProduct({ published: false }), withHistory({ sales: [sold], returns: [refunded, declined] }));
    const card = within(await screen.findByRole('region', { name: 'History' }));
    expect(card.getAllByRole('listitem')[0]).toHaveTextContent(/^8 Nov 2026: Returned: R-0008, Return, Declined$/);
    expect(screen.queryByTestId('after-sale-note')).not.toBeInTheDocument();
  });

  it('says when and why a written-off item was written off, and that it cannot be published', async () => {
    const user = userEvent.setup();
    const sent: FormData[] = [];
    await openEdit(aProduct({ published: false }), [
      ...withHistory({
        written_off_at: '2026-11-20T09:00:00.000Z',
        written_off_reason: 'Water damage',
        sales: [sold],
        returns: [refunded],
      }),
      [
        /^PUT \/api\/admin\/products\/5$/,
        (_url, init) => {
          sent.push(init?.body as FormData);
          return json(aProduct({ published: false }));
        },
      ],
      [/^GET \/api\/admin\/products\?/, () => json({ products: [], total: 0, limit: 50, offset: 0 })],
    ]);
    const note = within(await screen.findByTestId('after-sale-note'));
    expect(note.getByText('Written off on 20 Nov 2026: Water damage')).toBeInTheDocument();
    expect(note.getByText('It cannot be published.')).toBeInTheDocument();
    const published = screen.getByLabelText('Published');
    expect(published).toBeDisabled();
    expect(published).toHaveAccessibleDescription(WRITTEN_OFF_NOT_FOR_SALE);

    // The rest of it can still be edited; it stays unpublished.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product updated successfully')).toBeInTheDocument();
    expect(sent[0]!.get('published')).toBe('false');
  });
});
