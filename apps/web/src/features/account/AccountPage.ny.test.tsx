import { screen, within } from '@testing-library/react';
import type { AccountItem } from '@marketplace/shared';
import { Route, Routes } from '../../lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { renderInChichewa } from '../../test/render';
import { AccountPage } from './AccountPage';

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

const ITEMS_URL = /^GET \/api\/v1\/account\/items$/;

const NY: Record<string, string> = {
  'Your items': 'Katundu wanu',
  'Logged in as {name} ({email})': 'Mwalowa ngati {name} ({email})',
  '<0>{reference}</0> · sent <1>{date}</1> · your price {price}':
    '<0>{reference}</0> · munatumiza <1>{date}</1> · mtengo wanu {price}',
  'We made you an offer. Accept it or decline it below.': 'Takupatsani mtengo. Muuvomereze kapena muukane m’munsimu.',
  'Our offer: {amount}, waiting for your answer': 'Mtengo womwe tikupereka: {amount}, tikuyembekezera yankho lanu',
  'Answer the offer': 'Yankhani mtengowu',
  'Showing your newest {shown} of {total} items.': 'Tikuonetsa katundu wanu watsopano {shown} mwa {total}.',
};

const anItem: AccountItem = {
  reference: 'S-7QK2M',
  item_name: 'Samsung Galaxy A14',
  price: 250000,
  status: 'Accepted - Offer Pending',
  status_text: 'We made you an offer. Accept it or decline it below.',
  open_offer: 230000,
  image: null,
  created_at: '2025-08-14T12:30:00.000Z',
  status_token: 'Sx7_status-link-token-0000000001',
};

describe('/account in Chichewa', () => {
  it("lists the seller's items in Chichewa: the reference and date in their places, the status text, the count", async () => {
    window.localStorage.setItem('sellerToken', 'seller-session-token-000000000001');
    mockApi([
      [
        ITEMS_URL,
        () => json({ display_name: 'Chikondi Banda', email: 'chikondi@example.mw', items: [anItem], total: 130 }),
      ],
    ]);
    renderInChichewa(
      <Routes>
        <Route path="/account" element={<AccountPage />} />
      </Routes>,
      NY,
      '/account',
    );
    expect(await screen.findByText('Mwalowa ngati Chikondi Banda (chikondi@example.mw)')).toBeInTheDocument();
    const item = within(within(screen.getByRole('list', { name: 'Katundu wanu' })).getByRole('listitem'));
    const line = item.getByText('S-7QK2M').closest('p')!;
    expect(line).toHaveTextContent('S-7QK2M · munatumiza Lachinayi, 14 Ogasiti 2025, 14:30 · mtengo wanu MWK 250,000');
    expect(line.querySelector('time')).toHaveAttribute('dateTime', '2025-08-14T12:30:00.000Z');
    expect(item.getByText(NY[anItem.status_text]!)).toBeInTheDocument();
    expect(item.getByText('Mtengo womwe tikupereka: MWK 230,000, tikuyembekezera yankho lanu')).toBeInTheDocument();
    expect(item.getByRole('link', { name: 'Yankhani mtengowu' })).toHaveAttribute(
      'href',
      `/sell/status/${anItem.status_token}`,
    );
    expect(screen.getByText('Tikuonetsa katundu wanu watsopano 1 mwa 130.')).toBeInTheDocument();
  });
});
