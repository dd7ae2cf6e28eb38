import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { renderWithRouter } from '../test/render';
import { ProductGrid } from './ProductGrid';

describe('ProductGrid', () => {
  it('shows the requested number of skeleton cards while loading, and no empty state', () => {
    renderWithRouter(<ProductGrid label="Items" loading products={[]} skeletons={8} />);
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(8);
    expect(screen.getByRole('status').textContent).toBe('Loading products…');
    expect(screen.queryByText('No products available')).toBeNull();
  });

  it('shows the spec empty state when loaded with nothing', () => {
    renderWithRouter(<ProductGrid label="Items" loading={false} products={[]} skeletons={8} />);
    expect(screen.getByText('No products available')).toBeTruthy();
    expect(screen.getByText('Check back soon.')).toBeTruthy();
    expect(screen.queryByTestId('skeleton-card')).toBeNull();
  });

  it('takes other empty texts (the basket)', () => {
    renderWithRouter(<ProductGrid label="Items" loading={false} products={[]} skeletons={3} emptyTitle="Nothing" emptyMessage="Later." />);
    expect(screen.getByText('Nothing')).toBeTruthy();
    expect(screen.getByText('Later.')).toBeTruthy();
  });

  it('lists one card per product under the given label', () => {
    const products = [
      { id: 1, name: 'Phone', price: 1000 },
      { id: 2, name: 'Laptop', price: 2000 },
    ];
    renderWithRouter(<ProductGrid label="Featured Items" loading={false} products={products} skeletons={4} />);
    const list = screen.getByRole('list', { name: 'Featured Items' });
    expect(list.querySelectorAll('li')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Phone', level: 3 })).toBeTruthy();
  });

  it('says the phone seems offline when the list got no answer, with a retry instead of the empty state', () => {
    const retry = vi.fn();
    renderWithRouter(<ProductGrid label="Items" loading={false} products={[]} skeletons={4} error={new ApiError('Failed to fetch items', 0)} onRetry={retry} />);
    expect(screen.getByText('You seem to be offline. Try again.')).toBeTruthy();
    expect(screen.queryByText('No products available')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('keeps the spec empty state for a failure with an answer (spec 8)', () => {
    renderWithRouter(<ProductGrid label="Items" loading={false} products={[]} skeletons={4} error={new ApiError('Failed to fetch items', 503)} onRetry={() => {}} />);
    expect(screen.getByText('No products available')).toBeTruthy();
    expect(screen.getByText('Check back soon.')).toBeTruthy();
    expect(screen.queryByText('You seem to be offline. Try again.')).toBeNull();
  });
});
