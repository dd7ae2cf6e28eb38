import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from '../../lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addToBasket, BASKET_KEY, clearBasket } from '../../lib/basket-store';
import { rememberOrders } from '../../lib/placed-orders';
import { json, list, mockApi } from '../../test/fetch-mock';
import { aProduct, aShop } from '../../test/products';
import { renderWithRouter } from '../../test/render';
import { BasketPage } from './BasketPage';

afterEach(() => {
  vi.restoreAllMocks();
  clearBasket();
});

describe('BasketPage', () => {
  it('shows the empty state and a product grid', async () => {
    mockApi([
      [
        /GET \/api\/v1\/products\?limit=4&offset=0&available=true$/,
        () => json(list([aProduct({ id: 30, name: 'Suggested' })])),
      ],
    ]);
    renderWithRouter(<BasketPage />, '/basket');
    expect(screen.getByRole('heading', { level: 1, name: 'Your Basket' })).toBeInTheDocument();
    expect(screen.getByText('You have not added anything to your Basket.')).toBeInTheDocument();
    expect(screen.getByText('Items in you Basket will appear here after you add them.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Suggested' })).toBeInTheDocument();
  });

  it('lists items, marks sold or unlisted ones unavailable and totals the rest', async () => {
    addToBasket({ id: 1, name: 'Phone', price: 100000 });
    addToBasket({ id: 2, name: 'Laptop', price: 250000 });
    addToBasket({ id: 3, name: 'TV', price: 400000 });
    mockApi([
      [/GET \/api\/v1\/products\/1$/, () => json(aProduct({ id: 1, name: 'Phone', price: 90000 }))],
      [/GET \/api\/v1\/products\/2$/, () => json(aProduct({ id: 2, name: 'Laptop', sold: true }))],
      [/GET \/api\/v1\/products\/3$/, () => json({ message: 'Product not found' }, 404)],
      [/GET \/api\/v1\/products\?/, () => json(list([]))],
    ]);
    renderWithRouter(<BasketPage />, '/basket');
    expect(screen.getAllByTestId('basket-line')).toHaveLength(3);
    expect(await screen.findAllByText('Unavailable: sold or no longer listed')).toHaveLength(2);
    // The current price of the listing wins over the price when added.
    expect(screen.getByTestId('basket-total').textContent).toBe('MWK 90,000');
    expect(screen.getByText('Unavailable items are not counted in the total.')).toBeInTheDocument();
  });

  it('removes an item, and shows the empty state when the last goes', async () => {
    const user = userEvent.setup();
    addToBasket({ id: 1, name: 'Phone', price: 100000 });
    mockApi([
      [/GET \/api\/v1\/products\/1$/, () => json(aProduct({ id: 1, name: 'Phone', price: 100000 }))],
      [/GET \/api\/v1\/products\?/, () => json(list([]))],
    ]);
    renderWithRouter(<BasketPage />, '/basket');
    expect(await screen.findByText('MWK 100,000', { selector: '[data-testid="basket-total"]' })).toBeInTheDocument();
    const line = screen.getByTestId('basket-line');
    await user.click(within(line).getByRole('button', { name: 'Remove Phone from basket' }));
    expect(screen.getByText('You have not added anything to your Basket.')).toBeInTheDocument();
  });

  it('follows changes made in another tab', async () => {
    mockApi([
      [/GET \/api\/v1\/products\/5$/, () => json(aProduct({ id: 5, name: 'From the other tab' }))],
      [/GET \/api\/v1\/products\?/, () => json(list([]))],
    ]);
    renderWithRouter(<BasketPage />, '/basket');
    act(() => {
      window.localStorage.setItem(BASKET_KEY, JSON.stringify([{ id: 5, name: 'From the other tab', price: 5000 }]));
      window.dispatchEvent(new StorageEvent('storage', { key: BASKET_KEY }));
    });
    expect(await screen.findByRole('link', { name: 'From the other tab' })).toBeInTheDocument();
  });

  it('marks a reserved item "Reserved by another buyer" and leaves it out of the total', async () => {
    addToBasket({ id: 1, name: 'Phone', price: 100000 });
    addToBasket({ id: 2, name: 'Laptop', price: 250000 });
    mockApi([
      [/GET \/api\/v1\/products\/1$/, () => json(aProduct({ id: 1, name: 'Phone', price: 100000 }))],
      [/GET \/api\/v1\/products\/2$/, () => json(aProduct({ id: 2, name: 'Laptop', price: 250000, reserved: true }))],
      [/GET \/api\/v1\/products\?/, () => json(list([]))],
    ]);
    renderWithRouter(<BasketPage />, '/basket');
    const [phone, laptop] = screen.getAllByTestId('basket-line');
    expect(await within(laptop!).findByText('Reserved by another buyer')).toBeInTheDocument();
    expect(within(phone!).queryByText('Reserved by another buyer')).not.toBeInTheDocument();
    expect(screen.getByTestId('basket-total').textContent).toBe('MWK 100,000');
    expect(screen.getByText('Total (1 item)')).toBeInTheDocument();
    expect(screen.getByText('Unavailable items are not counted in the total.')).toBeInTheDocument();
  });

  it('marks an item on its way to another shop "Coming to {town} soon" and leaves it out of the total', async () => {
    addToBasket({ id: 1, name: 'Phone', price: 100000 });
    addToBasket({ id: 2, name: 'Laptop', price: 250000 });
    mockApi([
      [/GET \/api\/v1\/products\/1$/, () => json(aProduct({ id: 1, name: 'Phone', price: 100000 }))],
      [
        /GET \/api\/v1\/products\/2$/,
        () => json(aProduct({ id: 2, name: 'Laptop', price: 250000, in_transit: true, transit_town: 'Mzuzu' })),
      ],
      [/GET \/api\/v1\/products\?/, () => json(list([]))],
    ]);
    renderWithRouter(<BasketPage />, '/basket');
    const [, laptop] = screen.getAllByTestId('basket-line');
    expect(await within(laptop!).findByText('Coming to Mzuzu soon')).toBeInTheDocument();
    expect(screen.getByTestId('basket-total').textContent).toBe('MWK 100,000');
  });

  it("shows each line's shop, from the listing or else from the snapshot", async () => {
    addToBasket({ id: 1, name: 'Phone', price: 100000, shop: { id: 9, name: 'Old Shop', town: 'Zomba' } });
    addToBasket({ id: 2, name: 'Laptop', price: 250000, shop: { id: 3, name: 'Mzuzu Tech', town: 'Mzuzu' } });
    mockApi([
      [
        /GET \/api\/v1\/products\/1$/,
        () => json(aProduct({ id: 1, name: 'Phone', shop: aShop({ name: 'Area 3 Electronics', town: 'Lilongwe' }) })),
      ],
      [/GET \/api\/v1\/products\/2$/, () => json({ message: 'boom' }, 500)],
      [/GET \/api\/v1\/products\?/, () => json(list([]))],
    ]);
    renderWithRouter(<BasketPage />, '/basket');
    const shops = () => screen.getAllByTestId('basket-line-shop').map((el) => el.textContent);
    expect(shops()).toEqual(['Old Shop, Zomba', 'Mzuzu Tech, Mzuzu']);
    expect(await screen.findByText('Area 3 Electronics, Lilongwe')).toBeInTheDocument();
    // A failed check says nothing about the item: it stays orderable.
    expect(shops()).toEqual(['Area 3 Electronics, Lilongwe', 'Mzuzu Tech, Mzuzu']);
    expect(screen.queryByText('Reserved by another buyer')).not.toBeInTheDocument();
  });

  it('Place order opens the checkout, and is disabled when nothing can be bought', async () => {
    const user = userEvent.setup();
    addToBasket({ id: 1, name: 'Phone', price: 100000 });
    mockApi([
      [/GET \/api\/v1\/products\/1$/, () => json(aProduct({ id: 1, name: 'Phone', sold: true }))],
      [/GET \/api\/v1\/products\?/, () => json(list([]))],
    ]);
    renderWithRouter(
      <Routes>
        <Route path="/basket" element={<BasketPage />} />
        <Route path="/checkout" element={<h1>Checkout page</h1>} />
      </Routes>,
      '/basket',
    );
    expect(screen.queryByText(/Online ordering is coming soon/)).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Place order' });
    expect(button).toBeEnabled();
    await screen.findByText('Unavailable: sold or no longer listed');
    expect(button).toBeDisabled();

    act(() => {
      addToBasket({ id: 2, name: 'Laptop', price: 250000 });
    });
    vi.restoreAllMocks();
    mockApi([
      [/GET \/api\/v1\/products\/1$/, () => json(aProduct({ id: 1, name: 'Phone', sold: true }))],
      [/GET \/api\/v1\/products\/2$/, () => json(aProduct({ id: 2, name: 'Laptop' }))],
    ]);
    await screen.findByText('Total (1 item)');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    expect(await screen.findByRole('heading', { name: 'Checkout page' })).toBeInTheDocument();
  });

  it('lists the orders placed from this phone, linking to their pages', async () => {
    // Links are kept 14 days (lib/placed-orders.ts): read a day after this order was placed.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-08-15T12:30:00.000Z'));
    mockApi([[/GET \/api\/v1\/products\?/, () => json(list([]))]]);
    rememberOrders([
      {
        number: 'MW-4K7Q2',
        token: 'a'.repeat(32),
        shop_name: 'Chichiri Electronics',
        created_at: '2025-08-14T12:30:00.000Z',
      },
    ]);
    renderWithRouter(<BasketPage />, '/basket');
    const orders = within(screen.getByRole('region', { name: 'Your orders' }));
    const link = orders.getByRole('link', { name: /MW-4K7Q2/ });
    expect(link).toHaveAttribute('href', `/order/${'a'.repeat(32)}`);
    expect(link).toHaveTextContent('Chichiri Electronics · Thu, 14 Aug 2025, 2:30 pm');
    await screen.findByText('No products available');
    vi.useRealTimers();
  });

  it('has no orders list when nothing was ordered here', async () => {
    mockApi([[/GET \/api\/v1\/products\?/, () => json(list([]))]]);
    renderWithRouter(<BasketPage />, '/basket');
    expect(screen.queryByRole('region', { name: 'Your orders' })).not.toBeInTheDocument();
    await screen.findByText('No products available');
  });
});
