import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderInChichewa } from '../../test/render';
import { AboutPage } from './AboutPage';
import { ContactPage } from './ContactPage';
import { FaqPage } from './FaqPage';

afterEach(() => vi.unstubAllGlobals());

describe('info pages in Chichewa', () => {
  it('keeps the links of a translated paragraph, wherever the translation puts them', () => {
    renderInChichewa(<AboutPage />, {
      'About Us': 'Za Ife',
      'Want to sell? <0>Offer us your item</0>. Want to visit? See our <1>shops and opening hours</1>.':
        'Mukufuna kugulitsa? <0>Tiuzeni za katundu wanu</0>. Mukufuna kutiyendera? Onani <1>mashopu athu ndi nthawi zotsegulira</1>.',
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Za Ife' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tiuzeni za katundu wanu' })).toHaveAttribute('href', '/sell');
    expect(screen.getByRole('link', { name: 'mashopu athu ndi nthawi zotsegulira' })).toHaveAttribute(
      'href',
      '/contact',
    );
    // A paragraph without a translation shows its English.
    expect(screen.getByText(/^We buy and sell second-hand electronics in Malawi/)).toBeInTheDocument();
  });

  it('translates the questions and answers of the FAQ table', () => {
    renderInChichewa(<FaqPage />, {
      'Do I need an account?': 'Kodi ndikufunika kukhala ndi akaunti?',
      'No. You can browse, mark interest, order and offer an item without logging in.': 'Ayi.',
    });
    expect(
      screen.getByRole('heading', { level: 2, name: 'Kodi ndikufunika kukhala ndi akaunti?' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Ayi.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'How do I buy an item?' })).toBeInTheDocument();
  });

  it('translates the shop labels and the error, but not the shops themselves', async () => {
    const shops = [
      { id: 1, name: 'Mzuzu Shop', address: 'M1 Road, Mzuzu', contact: 'Mon-Sat 08:30-17:00 · +265 991 345 678' },
    ];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ shops, total: 1, limit: 100, offset: 0 }), { status: 200 })),
    );
    const { unmount } = renderInChichewa(<ContactPage />, { 'Address:': 'Adilesi:', 'Phone:': 'Foni:' });
    expect(await screen.findByRole('heading', { name: 'Mzuzu Shop' })).toBeInTheDocument();
    expect(screen.getByText('Adilesi:')).toBeInTheDocument();
    expect(screen.getByText('Foni:')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+265 991 345 678' })).toBeInTheDocument();
    unmount();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    renderInChichewa(<ContactPage />, {
      'We could not load the shop list just now. Please try again in a moment.':
        'Sitinathe kutsegula mndandanda wa mashopu pakali pano.',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sitinathe kutsegula mndandanda wa mashopu pakali pano.',
    );
  });
});
