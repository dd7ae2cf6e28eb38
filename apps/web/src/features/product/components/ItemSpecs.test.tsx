import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ItemSpecs } from './ItemSpecs';

// docs/decisions/0069: brand, storage and RAM on the product page, each when stated.
const rows = () =>
  within(screen.getByTestId('item-specs'))
    .getAllByRole('term')
    .map((term) => [term.textContent, term.nextElementSibling?.textContent]);

describe('ItemSpecs on the product page', () => {
  it('shows brand, storage and RAM, a terabyte as TB', () => {
    render(<ItemSpecs product={{ brand: 'Lenovo', storage_gb: 1024, ram_gb: 16 }} />);
    expect(rows()).toEqual([
      ['Brand', 'Lenovo'],
      ['Storage', '1 TB'],
      ['RAM', '16 GB'],
    ]);
  });

  it('shows only what is stated, and nothing for an answer from before they existed', () => {
    const { rerender } = render(<ItemSpecs product={{ brand: null, storage_gb: 128, ram_gb: null }} />);
    expect(rows()).toEqual([['Storage', '128 GB']]);
    rerender(<ItemSpecs product={{ brand: null, storage_gb: null, ram_gb: null }} />);
    expect(screen.queryByTestId('item-specs')).toBeNull();
    rerender(<ItemSpecs product={{}} />);
    expect(screen.queryByTestId('item-specs')).toBeNull();
  });
});
