import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from '../../../lib/router';
import { json, mockApi } from '../../../test/fetch-mock';
import { renderWithRouter } from '../../../test/render';
import { FilterBar } from './FilterBar';

afterEach(() => vi.restoreAllMocks());

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function renderBar(base: { search?: string; category?: string }, filters = {}) {
  return renderWithRouter(
    <>
      <FilterBar base={base} filters={filters} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    '/discover',
  );
}

const where = () => screen.getByTestId('where').textContent;

describe('FilterBar', () => {
  it('offers Best match first for a search, and changes the order through the URL', async () => {
    const user = userEvent.setup();
    renderBar({ search: 'tv' });
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(Array.from((sort as HTMLSelectElement).options).map((o) => o.text)).toEqual([
      'Best match',
      'Newest',
      'Price: low to high',
      'Price: high to low',
    ]);
    await user.selectOptions(sort, 'price_desc');
    expect(where()).toBe('/discover?search=tv&sort=price_desc');
  });

  it('applies price, town and condition, asking for the towns only when opened', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi([[/GET \/api\/v1\/products\/towns$/, () => json({ towns: ['Blantyre', 'Lilongwe'] })]]);
    renderBar({ category: 'SmartPhones' }, { sort: 'price_asc' });
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByText('Filters'));
    await user.type(await screen.findByLabelText('From'), '50,000');
    await user.type(screen.getByLabelText('To'), '400000');
    await user.selectOptions(
      await screen.findByRole('combobox', { name: 'Town' }),
      await screen.findByRole('option', { name: 'Blantyre' }),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: /Condition/ }), 'good');
    expect(screen.getByText('Light signs of use such as small scratches; everything works.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(where()).toBe(
      '/discover?category=SmartPhones&min_price=50000&max_price=400000&town=Blantyre&condition=good&sort=price_asc',
    );
  });

  it('refuses a price range the wrong way round or a price that is not digits', async () => {
    const user = userEvent.setup();
    mockApi([[/towns/, () => json({ towns: [] })]]);
    renderBar({ category: 'TVs' });
    await user.click(screen.getByText('Filters'));
    await user.type(await screen.findByLabelText('From'), '900');
    await user.type(screen.getByLabelText('To'), '100');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/^Price from must not be more than price to$/);
    expect(where()).toBe('/discover');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), 'lots');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/^Enter a price in kwacha, digits only$/);
  });

  it('shows how many filters are on and clears them, keeping the order', async () => {
    const user = userEvent.setup();
    mockApi([[/towns/, () => json({ towns: ['Zomba'] })]]);
    renderBar({ category: 'TVs' }, { min_price: '1', max_price: '5', condition: 'fair', sort: 'newest' });
    await user.click(screen.getByText('Filters (2)'));
    await user.click(await screen.findByRole('button', { name: 'Clear filters' }));
    expect(where()).toBe('/discover?category=TVs&sort=newest');
  });
});
