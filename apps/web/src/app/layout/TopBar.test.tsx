import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from '../../lib/router';
import { afterEach, describe, expect, it } from 'vitest';
import { addToBasket, clearBasket } from '../../lib/basket-store';
import { saveItem } from '../../lib/saved-items';
import { aProduct } from '../../test/products';
import { renderWithRouter } from '../../test/render';
import { TopBar } from './TopBar';

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderBar(path = '/') {
  return renderWithRouter(
    <>
      <TopBar />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    path,
  );
}

afterEach(() => clearBasket());

describe('TopBar', () => {
  it('links Home, Buy and Sell an Item', () => {
    renderBar();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = Array.from(nav.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['Home', '/'],
      ['Buy', '/discover'],
      ['Sell an Item', '/sell'],
    ]);
  });

  it('search opens /discover?search=query', async () => {
    const user = userEvent.setup();
    renderBar();
    const box = screen.getByRole('combobox', { name: 'Search products' });
    await user.type(box, '  dual sim ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('where').textContent).toBe('/discover?search=dual+sim');
  });

  it('ignores an empty search', async () => {
    const user = userEvent.setup();
    renderBar('/basket');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(screen.getByTestId('where').textContent).toBe('/basket');
  });

  it('the basket badge counts the items', () => {
    renderBar();
    expect(screen.getByTestId('basket-count').textContent).toBe('0');
    act(() => {
      addToBasket({ id: 1, name: 'Phone' });
    });
    expect(screen.getByTestId('basket-count').textContent).toBe('1');
    expect(screen.getByRole('link', { name: 'Basket 1 item' })).toHaveAttribute('href', '/basket');
  });

  it('links Saved items, with a count once something is saved', () => {
    renderBar();
    expect(screen.getByRole('link', { name: 'Saved items' })).toHaveAttribute('href', '/saved');
    expect(screen.queryByTestId('saved-count')).not.toBeInTheDocument();
    act(() => {
      saveItem(aProduct({ id: 1 }));
      saveItem(aProduct({ id: 2 }));
    });
    expect(screen.getByRole('link', { name: 'Saved items 2' })).toHaveAttribute('href', '/saved');
  });

  it('the mobile menu adds Contact and closes on navigation', async () => {
    const user = userEvent.setup();
    renderBar();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    const contact = within(menu).getByRole('link', { name: 'Contact' });
    expect(contact).toHaveAttribute('href', '/contact');
    await user.click(contact);
    expect(screen.getByTestId('where').textContent).toBe('/contact');
    expect(screen.queryByRole('navigation', { name: 'Mobile' })).not.toBeInTheDocument();
  });
});
