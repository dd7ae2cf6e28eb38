import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes, useLocation } from '../../../lib/router';
import { json, mockApi } from '../../../test/fetch-mock';
import { renderWithRouter } from '../../../test/render';
import { filtersFrom } from '../filters';
import { FilterBar } from './FilterBar';

// docs/decisions/0069: brand, storage and RAM filters in the discover filters.
afterEach(() => vi.restoreAllMocks());

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{pathname + search}</p>;
}

function renderBar(url: string) {
  const [, query = ''] = url.split('?');
  return renderWithRouter(
    <>
      <FilterBar base={{ category: 'SmartPhones' }} filters={filtersFrom(new URLSearchParams(query))} />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>,
    url,
  );
}
const specs = { brands: ['Apple', 'Samsung', 'Tecno'], storage_gb: [64, 128, 1024], ram_gb: [4, 8] };
const options = (name: string) =>
  Array.from((screen.getByRole('combobox', { name }) as HTMLSelectElement).options).map((o) => o.text);

describe('brand, storage and RAM filters', () => {
  it('offers the brands and sizes on sale, asked for only when opened, and puts the choice in the URL', async () => {
    const user = userEvent.setup();
    const fetchMock = mockApi([
      [/GET \/api\/v1\/products\/towns$/, () => json({ towns: [] })],
      [/GET \/api\/v1\/products\/specs$/, () => json(specs)],
    ]);
    renderBar('/discover?category=SmartPhones');
    expect(fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByText('Filters'));
    await screen.findByRole('option', { name: 'Samsung' });
    expect(options('Brand')).toEqual(['Any brand', 'Apple', 'Samsung', 'Tecno']);
    expect(options('Storage')).toEqual(['Any storage', '64 GB', '128 GB', '1 TB']);
    expect(options('RAM')).toEqual(['Any RAM', '4 GB', '8 GB']);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Brand' }), 'Samsung');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Storage' }), '128');
    await user.selectOptions(screen.getByRole('combobox', { name: 'RAM' }), '8');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(screen.getByTestId('where').textContent).toBe(
      '/discover?category=SmartPhones&brand=Samsung&storage=128&ram=8',
    );
  });

  it('shows the filters of the URL as chosen, counts them, and keeps a value no longer listed', async () => {
    const user = userEvent.setup();
    mockApi([
      [/GET \/api\/v1\/products\/towns$/, () => json({ towns: [] })],
      [/GET \/api\/v1\/products\/specs$/, () => json(specs)],
    ]);
    renderBar('/discover?category=SmartPhones&brand=samsung&storage=256&ram=8');
    expect(screen.getByText('Filters (3)')).toBeInTheDocument();
    await user.click(screen.getByText('Filters (3)'));
    await screen.findByRole('option', { name: 'Tecno' });
    expect(screen.getByRole('combobox', { name: 'Brand' })).toHaveValue('Samsung');
    expect(screen.getByRole('combobox', { name: 'Storage' })).toHaveValue('256');
    expect(options('Storage')).toEqual(['Any storage', '256 GB', '64 GB', '128 GB', '1 TB']);
    expect(screen.getByRole('combobox', { name: 'RAM' })).toHaveValue('8');
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getByTestId('where').textContent).toBe('/discover?category=SmartPhones');
  });

  it('keeps the chosen values as hidden fields of the form until the filters are opened', async () => {
    const fetchMock = mockApi([]);
    const { container } = renderBar('/discover?category=SmartPhones&brand=Tecno&ram=8');
    // The form's code is a piece of its own (FilterBar): it comes a moment after the bar.
    await waitFor(() => expect(container.querySelector('form')).not.toBeNull());
    const hidden = Array.from(container.querySelectorAll<HTMLInputElement>('form input[type="hidden"]'));
    expect(hidden.map((input) => [input.name, input.value])).toEqual([
      ['category', 'SmartPhones'],
      ['brand', 'Tecno'],
      ['ram', '8'],
    ]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('leaves out of the URL values the API would refuse', () => {
    expect(filtersFrom(new URLSearchParams('brand=%3Cb%3E&storage=0128&ram=abc'))).toEqual({});
    expect(filtersFrom(new URLSearchParams('brand=HP&storage=1024&ram=16'))).toEqual({
      brand: 'HP',
      storage: '1024',
      ram: '16',
    });
  });
});
