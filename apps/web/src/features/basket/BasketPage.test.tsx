import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addToBasket, BASKET_KEY, clearBasket } from '../../lib/basket-store';
import { json, list, mockApi } from '../../test/fetch-mock';
import { aProduct } from '../../test/products';
import { renderWithRouter } from '../../test/render';
import { BasketPage } from './BasketPage';

afterEach(() => {
  vi.restoreAllMocks();
  clearBasket();
});

describe('BasketPage', () => {
  it('shows the spec empty state and a product grid', async () => {
    mockApi([[/GET \/api\/v1\/products\?limit=4&offset=0$/, () => json(list([aProduct({ id: 30, name: 'Suggested' })]))]]);
    renderWithRouter(<BasketPage />, '/basket');
    expect(screen.getByRole('heading', { level: 1, name: 'Your Basket' })).toBeTruthy();
    expect(screen.getByText('You have not added anything to your Basket.')).toBeTruthy();
    expect(screen.getByText('Items in you Basket will appear here after you add them.')).toBeTruthy();
    expect(await screen.findByRole('link', { name: 'Suggested' })).toBeTruthy();
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
    expect(screen.getByText('Unavailable items are not counted in the total.')).toBeTruthy();
  });

  it('removes an item, and shows the empty state when the last goes', async () => {
    addToBasket({ id: 1, name: 'Phone', price: 100000 });
    mockApi([
      [/GET \/api\/v1\/products\/1$/, () => json(aProduct({ id: 1, name: 'Phone', price: 100000 }))],
      [/GET \/api\/v1\/products\?/, () => json(list([]))],
    ]);
    renderWithRouter(<BasketPage />, '/basket');
    expect(await screen.findByText('MWK 100,000', { selector: '[data-testid="basket-total"]' })).toBeTruthy();
    const line = screen.getByTestId('basket-line');
    fireEvent.click(within(line).getByRole('button', { name: 'Remove Phone from basket' }));
    expect(screen.getByText('You have not added anything to your Basket.')).toBeTruthy();
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
    expect(await screen.findByRole('link', { name: 'From the other tab' })).toBeTruthy();
  });
});
