import { act, screen, waitFor, within } from '@testing-library/react';
import { CATEGORY_SHORTCUTS } from '@marketplace/shared';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductCard } from '../../components/ProductCard';
import { json, mockApi } from '../../test/fetch-mock';
import { Route, Routes } from '../../lib/router';
import { aProduct } from '../../test/products';
import { renderWithRouter } from '../../test/render';
import { PublicLayout } from './PublicLayout';

const product = aProduct({ name: 'Tecno Spark 10' });

function renderShop() {
  return renderWithRouter(
    <Routes>
      <Route element={<PublicLayout />}>
        <Route path="/" element={<ProductCard product={product} />} />
      </Route>
    </Routes>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  document.cookie = 'data_saver=; Path=/; Max-Age=0';
});

describe('the data-saver switch in the footer', () => {
  it('is off by default; on, cards show a tap-to-show placeholder instead of the photo; a tap shows it', async () => {
    renderShop();
    const card = screen.getByRole('article');
    expect(within(card).getByRole('img', { name: product.name })).toBeInTheDocument();

    const toggle = await screen.findByRole('switch', { name: 'Data saver' });
    expect(toggle).toHaveAttribute('aria-checked', 'false');
    expect(toggle).toHaveAccessibleDescription('Product photos load only when you tap them.');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    expect(within(card).queryByRole('img')).toBeNull();
    expect(localStorage.getItem('data-saver')).toBe('on');

    await userEvent.click(within(card).getByRole('button', { name: `Tap to show photo of ${product.name}` }));
    expect(within(card).getByRole('img', { name: product.name })).toBeInTheDocument();
  });

  it('starts on when the visitor chose it before', async () => {
    localStorage.setItem('data-saver', 'on');
    renderShop();
    expect(await screen.findByRole('switch', { name: 'Data saver' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('button', { name: `Tap to show photo of ${product.name}` })).toBeInTheDocument();
  });
});

describe('the offline line', () => {
  it('says the shop is showing saved pages while the phone is offline, in a status region', () => {
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    renderShop();
    const status = screen.getAllByRole('status').find((region) => region.closest('main') === null);
    expect(status).toBeEmptyDOMElement();

    onLine.mockReturnValue(false);
    act(() => void dispatchEvent(new Event('offline')));
    expect(status).toHaveTextContent(/^You are offline: showing saved pages$/);

    onLine.mockReturnValue(true);
    act(() => void dispatchEvent(new Event('online')));
    expect(status).toBeEmptyDOMElement();
  });
});

describe('the category row and menu', () => {
  const six = CATEGORY_SHORTCUTS;

  it("shows All, the spec's six in its order, then the other categories with items, in the row and the menu", async () => {
    const user = userEvent.setup();
    mockApi([
      [
        /GET \/api\/v1\/categories$/,
        () =>
          json({
            categories: [
              { id: 9, name: 'other' },
              { id: 3, name: 'SmartPhones' },
              { id: 12, name: 'Tablets & E-readers' },
              { id: 14, name: 'Cameras' },
            ],
            total: 4,
          }),
      ],
    ]);
    renderShop();
    const row = screen.getByRole('navigation', { name: 'Categories' });
    const expected = ['All', ...six, 'Tablets & E-readers', 'Cameras'];
    await waitFor(() =>
      expect(
        within(row)
          .getAllByRole('link')
          .map((l) => l.textContent),
      ).toEqual(expected),
    );
    expect(within(row).getByRole('link', { name: 'All' })).toHaveAttribute('href', '/discover?category=all');
    expect(within(row).getByRole('link', { name: 'Tablets & E-readers' })).toHaveAttribute(
      'href',
      '/discover?category=Tablets%20%26%20E-readers',
    );

    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = within(screen.getByRole('navigation', { name: 'Mobile' })).getByRole('list', { name: 'Categories' });
    expect(
      within(menu)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(expected);
  });

  it("keeps the spec's six when the list cannot be read", async () => {
    mockApi([[/GET \/api\/v1\/categories$/, () => json({ message: 'down' }, 503)]]);
    renderShop();
    const row = screen.getByRole('navigation', { name: 'Categories' });
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(
      within(row)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['All', ...six]);
  });
});
