import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactPage } from './ContactPage';

afterEach(() => vi.unstubAllGlobals());

describe('ContactPage', () => {
  it('lists the shops from the API with address, hours and a call link', async () => {
    const shops = [
      { id: 1, name: 'Mzuzu Shop', address: 'M1 Road, Mzuzu', contact: 'Mon-Sat 08:30-17:00 · +265 991 345 678' },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ shops, total: 1, limit: 100, offset: 0 }), { status: 200 })),
    );
    render(<ContactPage />);
    expect(await screen.findByRole('heading', { name: 'Mzuzu Shop' })).toBeInTheDocument();
    expect(screen.getByText('M1 Road, Mzuzu')).toBeInTheDocument();
    expect(screen.getByText('Mon-Sat 08:30-17:00')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+265 991 345 678' })).toHaveAttribute('href', 'tel:+265991345678');
  });

  it('says so when the shops cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    render(<ContactPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load the shop list just now. Please try again in a moment.',
    );
  });
});
