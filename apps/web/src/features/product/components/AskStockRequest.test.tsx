import { STOCK_REQUEST_RECEIVED } from '@marketplace/shared';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../test/fetch-mock';
import { aProduct, aShop } from '../../../test/products';
import { AskStockRequest } from './AskStockRequest';

afterEach(() => vi.restoreAllMocks());

const ASK = /POST \/api\/v1\/products\/7\/transfer-requests$/;
const here = aShop({ id: 1, name: 'Area 3 Shop', town: 'Lilongwe' });
const shops = [here, aShop({ id: 2, name: 'Mzuzu Shop', town: 'Mzuzu' })];

describe('Not in {town}? Ask for it at your shop', () => {
  it('offers the other shops, checks the fields before sending, then confirms', async () => {
    const user = userEvent.setup();
    const fetchSpy = mockApi([
      [/GET \/api\/v1\/shops\?/, () => json({ shops, total: 2, limit: 100, offset: 0 })],
      [ASK, () => json({ message: STOCK_REQUEST_RECEIVED }, 202)],
    ]);
    render(<AskStockRequest product={aProduct({ id: 7, shop: here })} />);
    await user.click(screen.getByRole('button', { name: 'Not in Lilongwe? Ask for it at your shop' }));
    await screen.findByRole('dialog', { name: 'Bring it to my town' });
    const select = screen.getByRole('combobox', { name: 'Shop nearest you' });
    await screen.findByRole('option', { name: 'Mzuzu Shop, Mzuzu' });
    // The item's own shop is not a destination.
    expect(screen.queryByRole('option', { name: 'Area 3 Shop, Lilongwe' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Your name is required');
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Kondwani Phiri');
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '0991234567');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose a shop');
    expect(fetchSpy.mock.calls.some(([url]) => String(url).includes('transfer-requests'))).toBe(false);

    await user.selectOptions(select, 'Mzuzu Shop, Mzuzu');
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('status')).toHaveTextContent(STOCK_REQUEST_RECEIVED);
    const sent = fetchSpy.mock.calls.find(([url]) => String(url).includes('transfer-requests'));
    expect(JSON.parse(String(sent![1]!.body))).toEqual({
      buyer_name: 'Kondwani Phiri',
      phone: '+265991234567',
      shop_id: 2,
    });
  });

  it('is not offered for an item that cannot be ordered now', () => {
    for (const over of [
      { sold: true },
      { reserved: true },
      { in_transit: true, transit_town: 'Mzuzu' },
      { shop: null },
    ]) {
      const { unmount } = render(<AskStockRequest product={aProduct({ id: 7, shop: here, ...over })} />);
      expect(screen.queryByRole('button')).not.toBeInTheDocument();
      unmount();
    }
  });
});
