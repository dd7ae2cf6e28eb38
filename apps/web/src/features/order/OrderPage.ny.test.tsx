import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from '../../lib/router';
import { json, mockApi } from '../../test/fetch-mock';
import { anOrder } from '../../test/orders';
import { renderInChichewa } from '../../test/render';
import { OrderPage } from './OrderPage';

afterEach(() => vi.restoreAllMocks());

const TOKEN = 'T0k3n_for_the_private_link-00001';

// The Chichewa of the texts this page shows (the catalogue itself is src/i18n/locales/ny.po).
const NY: Record<string, string> = {
  Cancelled: 'Yaletsedwa',
  'This order was cancelled. The items are back on sale.': 'Odayi inaletsedwa. Katunduyo wabwerera pa malonda.',
  'Order placed': 'Oda yatumizidwa',
  'Cancelled by the shop': 'Yaletsedwa ndi shopu',
  'Reason: {reason}': 'Chifukwa: {reason}',
  'Order history': 'Mbiri ya oda',
  'Order {number}': 'Oda {number}',
  Delivery: 'Kubweretsa kunyumba',
  'Delivery fee': 'Mtengo wobweretsa',
  'Agreed on the phone': 'Mudzagwirizana pa foni',
};

describe('/order/{token} in Chichewa', () => {
  it('says the status, what it means and the history in Chichewa, and the data as it is', async () => {
    const order = anOrder({
      status: 'Cancelled',
      fulfilment: 'delivery',
      address: 'Plot 12',
      area: 'Nyambadwe',
      history: [
        {
          id: 1,
          action: 'place',
          from_status: null,
          to_status: 'Placed',
          reason: null,
          actor: null,
          by: 'buyer',
          created_at: '2025-08-14T12:30:00.000Z',
        },
        {
          id: 2,
          action: 'cancel',
          from_status: 'Placed',
          to_status: 'Cancelled',
          reason: 'Out of stock',
          actor: 'Staff',
          by: 'staff',
          created_at: '2025-08-14T13:05:00.000Z',
        },
      ],
    });
    mockApi([[new RegExp(`GET /api/v1/orders/${TOKEN}$`), () => json(order)]]);
    renderInChichewa(
      <Routes>
        <Route path="/order/:token" element={<OrderPage />} />
      </Routes>,
      NY,
      `/order/${TOKEN}`,
    );

    const status = within(await screen.findByTestId('order-status'));
    expect(status.getByText('Yaletsedwa')).toBeInTheDocument();
    expect(status.getByText('Odayi inaletsedwa. Katunduyo wabwerera pa malonda.')).toBeInTheDocument();
    const history = within(screen.getByRole('list', { name: 'Mbiri ya oda' }));
    expect(history.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Lachinayi, 14 Ogasiti 2025, 14:30Oda yatumizidwa',
      'Lachinayi, 14 Ogasiti 2025, 15:05Yaletsedwa ndi shopuChifukwa: Out of stock',
    ]);
    const receive = within(screen.getByRole('region', { name: 'Kubweretsa kunyumba' }));
    expect(receive.getByText('Plot 12, Nyambadwe')).toBeInTheDocument();
    expect(screen.getByText('Mtengo wobweretsa').nextElementSibling).toHaveTextContent('Mudzagwirizana pa foni');
    expect(document.title).toContain('Oda MW-4K7Q2');
  });
});
