import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { renderWithRouter } from '../test/render';
import { ProductGrid } from './ProductGrid';

describe('ProductGrid', () => {
  it('shows the requested number of skeleton cards while loading, and no empty state', () => {
    renderWithRouter(<ProductGrid label="Items" loading products={[]} skeletons={8} />);
    expect(screen.getAllByTestId('skeleton-card')).toHaveLength(8);
    expect(screen.getByRole('status')).toHaveTextContent('Loading products…');
    expect(screen.queryByText('No products available')).not.toBeInTheDocument();
  });

  it('shows the empty state when loaded with nothing', () => {
    renderWithRouter(<ProductGrid label="Items" loading={false} products={[]} skeletons={8} />);
    expect(screen.getByText('No products available')).toBeInTheDocument();
    expect(screen.getByText('Check back soon.')).toBeInTheDocument();
    expect(screen.queryByTestId('skeleton-card')).not.toBeInTheDocument();
  });

  it('takes other empty texts (the basket)', () => {
    renderWithRouter(
      <ProductGrid
        label="Items"
        loading={false}
        products={[]}
        skeletons={3}
        emptyTitle="Nothing"
        emptyMessage="Later."
      />,
    );
    expect(screen.getByText('Nothing')).toBeInTheDocument();
    expect(screen.getByText('Later.')).toBeInTheDocument();
  });

  it('lists one card per product under the given label', () => {
    const products = [
      { id: 1, name: 'Phone', price: 1000 },
      { id: 2, name: 'Laptop', price: 2000 },
    ];
    renderWithRouter(<ProductGrid label="Featured Items" loading={false} products={products} skeletons={4} />);
    const list = screen.getByRole('list', { name: 'Featured Items' });
    expect(list.querySelectorAll('li')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Phone', level: 3 })).toBeInTheDocument();
  });

  it('says the phone seems offline when the list got no answer, with a retry instead of the empty state', async () => {
    const user = userEvent.setup();
    const retry = vi.fn();
    renderWithRouter(
      <ProductGrid
        label="Items"
        loading={false}
        products={[]}
        skeletons={4}
        error={new ApiError('Failed to fetch items', 0)}
        onRetry={retry}
      />,
    );
    expect(screen.getByText('You seem to be offline. Try again.')).toBeInTheDocument();
    expect(screen.queryByText('No products available')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('keeps the empty state for a failure with an answer', () => {
    renderWithRouter(
      <ProductGrid
        label="Items"
        loading={false}
        products={[]}
        skeletons={4}
        error={new ApiError('Failed to fetch items', 503)}
        onRetry={() => {}}
      />,
    );
    expect(screen.getByText('No products available')).toBeInTheDocument();
    expect(screen.getByText('Check back soon.')).toBeInTheDocument();
    expect(screen.queryByText('You seem to be offline. Try again.')).not.toBeInTheDocument();
  });
});
