import type { SellerRequest } from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fetch-mock';
import { aRequest, openDetail } from '../test/seller-requests';

afterEach(() => vi.restoreAllMocks());

// Issue 25 item 3: dialogs that cannot give money away. Amounts open empty, with what to go by beside them.
const estimates = (category: string | null) => ({
  offer: { low: 120_000, high: 150_000, count: 5, basis: '5 offers sellers accepted in the last 180 days' },
  sale: category
    ? { low: 180_000, high: 210_000, count: 4, basis: '4 sales of completed orders in the last 180 days' }
    : { count: 0 },
});
const estimatesRoute: [RegExp, (url: URL) => Response] = [
  /^GET \/api\/admin\/seller-requests\/12\/estimates/,
  (url) => json(estimates(url.searchParams.get('category_id'))),
];
const accepted: SellerRequest['offers'][number] = {
  id: 3,
  kind: 'offer',
  amount: 160_000,
  reason: null,
  actor: 'Chikondi',
  created_at: '2025-08-11T10:00:00.000Z',
  answer: 'accepted',
  answered_at: '2025-08-12T10:00:00.000Z',
  answer_reason: null,
};
const page = (items: unknown[], key: string) => ({ [key]: items, total: items.length, limit: 100, offset: 0 });
const options: [RegExp, () => Response][] = [
  [
    /^GET \/api\/admin\/shops\?/,
    () =>
      json(
        page(
          [{ id: 3, name: 'Mzuzu Shop', address: 'M1', town: 'Mzuzu', hours: '', contact: '', phone: null }],
          'shops',
        ),
      ),
  ],
  [
    /^GET \/api\/admin\/categories\?/,
    () => json(page([{ id: 6, name: 'SmartPhones', description: null, parent_id: null, parent: null }], 'categories')),
  ],
];

describe('staff dialogs that cannot give money away', () => {
  it('shows the estimate beside the asking price on the request', async () => {
    await openDetail(aRequest(), [estimatesRoute]);
    const item = screen.getByRole('region', { name: 'Item' });
    expect(await within(item).findByText(/MWK 120,000 - 150,000/)).toHaveTextContent(
      'Sellers were paid: MWK 120,000 - 150,000 (5 accepted offers)',
    );
  });

  it.each([
    ['Make Offer', 'Offer amount (MWK)', 'Approved'],
    ['Counter offer', 'Counter-offer amount (MWK)', 'Pending'],
  ])('opens %s with the amount empty, the asking price and the estimate beside it', async (title, label, status) => {
    const user = userEvent.setup();
    await openDetail(aRequest({ status }), [estimatesRoute]);
    await user.click(screen.getByRole('button', { name: title }));
    const dialog = screen.getByRole('dialog', { name: title });
    expect(within(dialog).getByLabelText(label)).toHaveValue('');
    expect(dialog).toHaveTextContent('Asking price: MWK 185,000');
    await waitFor(() =>
      expect(within(dialog).getByTestId('offer-estimate')).toHaveTextContent(
        'Sellers were paid: MWK 120,000 - 150,000 (5 accepted offers)',
      ),
    );
    // Confirm straight away offers nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(dialog).getByLabelText(label)).toHaveAttribute('aria-invalid', 'true'));
  });

  it('opens Add to Inventory with the selling price empty and warns at or below the buying price', async () => {
    const user = userEvent.setup();
    await openDetail(aRequest({ status: 'Offer Accepted by Seller', offers: [accepted] }), [
      estimatesRoute,
      ...options,
    ]);
    await user.click(screen.getByRole('button', { name: 'Add to Inventory' }));
    const dialog = screen.getByRole('dialog', { name: 'Add to Inventory' });
    const price = within(dialog).getByLabelText('Selling price (MWK)');
    expect(price).toHaveValue('');
    expect(dialog).toHaveTextContent('Buying price: MWK 160,000');
    expect(await within(dialog).findByTestId('sale-estimate')).toHaveTextContent(
      'Buyers paid: No estimate: fewer than 3 completed sales of comparable items in 180 days',
    );
    // Choosing the category narrows the selling estimate to it.
    await waitFor(() => expect(within(dialog).getAllByRole('option').length).toBeGreaterThan(2));
    await user.selectOptions(within(dialog).getByLabelText('Category'), '6');
    await waitFor(() =>
      expect(within(dialog).getByTestId('sale-estimate')).toHaveTextContent(
        'Buyers paid: MWK 180,000 - 210,000 (4 completed sales)',
      ),
    );
    const warning = 'This selling price is not above the buying price of MWK 160,000: the shop would lose money.';
    await user.type(price, '160000');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(warning);
    await user.clear(price);
    await user.type(price, '90000');
    expect(within(dialog).getByRole('alert')).toHaveTextContent(warning);
    await user.clear(price);
    await user.type(price, '195000');
    expect(within(dialog).queryByText(warning)).not.toBeInTheDocument();
  });

  it('prefills brand, storage and RAM from what the seller wrote, and sends what staff confirm (decision 0069)', async () => {
    const user = userEvent.setup();
    const request = aRequest({
      status: 'Offer Accepted by Seller',
      offers: [accepted],
      item_name: 'Tecno Camon 20 256GB',
      description: '8GB RAM, charger included',
    });
    const fetchSpy = await openDetail(request, [
      estimatesRoute,
      ...options,
      [/^POST \/api\/admin\/seller-requests\/12\/add-to-inventory$/, () => json({ ...request, status: 'Added' })],
    ]);
    await user.click(screen.getByRole('button', { name: 'Add to Inventory' }));
    const dialog = screen.getByRole('dialog', { name: 'Add to Inventory' });
    expect(within(dialog).getByLabelText('Brand')).toHaveValue('Tecno');
    expect(within(dialog).getByLabelText('Storage (GB)')).toHaveValue('256');
    expect(within(dialog).getByLabelText('RAM (GB)')).toHaveValue('8');
    await user.clear(within(dialog).getByLabelText('RAM (GB)'));
    await waitFor(() => expect(within(dialog).getAllByRole('option').length).toBeGreaterThan(2));
    await user.selectOptions(within(dialog).getByLabelText('Shop'), '3');
    await user.selectOptions(within(dialog).getByLabelText('Category'), '6');
    await user.type(within(dialog).getByLabelText('Selling price (MWK)'), '250000');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toMatchObject({ brand: 'Tecno', storage_gb: 256, ram_gb: null });
  });

  it('says that deleting removes the whole request and its photos', async () => {
    const user = userEvent.setup();
    await openDetail(aRequest(), [estimatesRoute]);
    await user.click(screen.getByRole('button', { name: 'Delete offer' }));
    expect(screen.getByRole('dialog', { name: 'Delete offer' }).textContent ?? '').toMatch(
      /whole request .* with its photos/,
    );
  });
});
