import type { SellerRequestList } from './api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { retype } from '../../test/typing';
import { renderAdmin, signIn } from '../test/render-admin';
import { me } from '../test/seller-requests';

afterEach(() => vi.restoreAllMocks());

const row = (id: number, status: string) => ({
  id,
  reference: `S-${String(id).padStart(5, 'A')}`,
  seller_name: `Seller ${id}`,
  email: `s${id}@example.mw`,
  item_name: `Item ${id}`,
  price: 12000 + id,
  status,
  created_at: '2025-08-10T09:30:00.000Z',
  archived_at: null as string | null,
});
const page = (rows: ReturnType<typeof row>[], total = rows.length, offset = 0): Response =>
  json({ seller_requests: rows, total, limit: 5, offset } satisfies SellerRequestList);

/** The query of every list request, in order. */
function listQueries(fetchSpy: ReturnType<typeof mockApi>): string[] {
  return fetchSpy.mock.calls
    .map(([url]) => new URL(String(url), 'http://localhost'))
    .filter((url) => url.pathname === '/api/admin/seller-requests')
    .map((url) => url.search);
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Search by reference, phone or email' });
async function searchFor(user: UserEvent, text: string) {
  await retype(user, searchBox(), text);
  await user.click(screen.getByRole('button', { name: 'Search' }));
}

describe('seller requests list', () => {
  it('pages 5 at a time over the server total, reference first, with coloured statuses and View links', async () => {
    const user = userEvent.setup();
    signIn();
    const fetchSpy = mockApi([
      me,
      [
        /^GET \/api\/admin\/seller-requests\?limit=5&offset=0$/,
        () =>
          page(
            [
              row(1, 'Approved'),
              row(2, 'Rejected'),
              row(3, 'Offer Accepted by Seller'),
              row(4, 'Offer Declined by Seller'),
              row(5, 'Offer Expired'),
            ],
            12,
          ),
      ],
      [/^GET \/api\/admin\/seller-requests\?limit=5&offset=5$/, () => page([row(6, 'Pending')], 12, 5)],
    ]);
    renderAdmin('/admin/seller-requests');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Reference', 'Name', 'Email', 'Item Name', 'Price', 'Status', 'View']);
    expect(within(table).getAllByRole('row')).toHaveLength(6);
    const first = within(screen.getByTestId('request-row-1'));
    expect(first.getAllByRole('cell')[0]!.textContent).toBe('S-AAAA1');
    expect(first.getByText('MWK 12,001')).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByText('Approved')).toHaveClass('bg-green-100');
    expect(screen.getByText('Rejected')).toHaveClass('bg-red-100');
    // The seller's answers take their colours from the shared flow module too.
    expect(screen.getByText('Offer Accepted by Seller')).toHaveClass('bg-green-100');
    expect(screen.getByText('Offer Declined by Seller')).toHaveClass('bg-red-100');
    expect(screen.getByText('Offer Expired')).toHaveClass('bg-amber-100');
    expect(screen.getByRole('link', { name: 'View Item 1 from Seller 1 (S-AAAA1)' })).toHaveAttribute(
      'href',
      '/admin/seller-requests/1',
    );
    expect(screen.getByRole('link', { name: 'Create seller offer' })).toHaveAttribute(
      'href',
      '/admin/create-seller-request',
    );

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Seller 6')).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/admin/seller-requests?page=2');
    expect(listQueries(fetchSpy)).toEqual(['?limit=5&offset=0', '?limit=5&offset=5']);
  });

  it('searches by reference, phone or email: sent as search=, kept in the URL, back to page 1', async () => {
    const user = userEvent.setup();
    signIn();
    const fetchSpy = mockApi([
      me,
      [/^GET \/api\/admin\/seller-requests\?limit=5&offset=5$/, () => page([row(6, 'Pending')], 12, 5)],
      [
        /^GET \/api\/admin\/seller-requests\?limit=5&offset=0&search=s-7qk2m$/,
        () => page([{ ...row(7, 'Pending'), reference: 'S-7QK2M' }]),
      ],
      [/^GET \/api\/admin\/seller-requests\?limit=5&offset=0$/, () => page([row(1, 'Pending')], 12)],
    ]);
    renderAdmin('/admin/seller-requests?page=2');
    expect(await screen.findByText('Seller 6')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear' })).not.toBeInTheDocument();

    // Typed with spaces and in lower case: trimmed here, matched in any case by the server.
    await searchFor(user, '  s-7qk2m ');
    expect(await screen.findByText('S-7QK2M')).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/admin/seller-requests?search=s-7qk2m');
    expect(screen.getByText('1 seller request matching “s-7qk2m”')).toBeInTheDocument();
    expect(searchBox()).toHaveValue('s-7qk2m');
    expect(listQueries(fetchSpy)).toEqual(['?limit=5&offset=5', '?limit=5&offset=0&search=s-7qk2m']);

    // Clear goes back to the whole list.
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('Seller 1')).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/admin/seller-requests');
    expect(searchBox()).toHaveValue('');
    expect(listQueries(fetchSpy).at(-1)).toBe('?limit=5&offset=0');
  });

  it('reads the search from the URL, says when nothing matches, and an emptied box lists them all', async () => {
    const user = userEvent.setup();
    signIn();
    const fetchSpy = mockApi([
      me,
      [/^GET \/api\/admin\/seller-requests\?limit=5&offset=0&search=0999123456$/, () => page([])],
      [/^GET \/api\/admin\/seller-requests\?limit=5&offset=0$/, () => page([row(1, 'Pending')])],
    ]);
    renderAdmin('/admin/seller-requests?search=0999123456');
    expect(await screen.findByText('No seller requests match “0999123456”.')).toBeInTheDocument();
    expect(searchBox()).toHaveValue('0999123456');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await searchFor(user, '   ');
    expect(await screen.findByText('Seller 1')).toBeInTheDocument();
    expect(screen.getByTestId('location').textContent).toBe('/admin/seller-requests');
    expect(listQueries(fetchSpy)).toEqual(['?limit=5&offset=0&search=0999123456', '?limit=5&offset=0']);
  });

  it("says 'No seller requests yet.' when there are none at all", async () => {
    signIn();
    mockApi([me, [/^GET \/api\/admin\/seller-requests\?limit=5&offset=0$/, () => page([])]]);
    renderAdmin('/admin/seller-requests');
    expect(await screen.findByText('No seller requests yet.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/match/)).not.toBeInTheDocument());
  });
});
