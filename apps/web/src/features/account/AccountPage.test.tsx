import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountItem, AccountItems } from '@marketplace/shared';
import { MemoryRouter, Route, Routes } from '../../lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { retype } from '../../test/typing';
import { AccountPage, ITEM_ADDED } from './AccountPage';

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

const TOKEN = 'seller-session-token-000000000001';
const LINK = 'Sx7_status-link-token-0000000001';
const ITEMS_URL = /^GET \/api\/v1\/account\/items$/;
const CLAIM_URL = /^POST \/api\/v1\/account\/items$/;
const LOGIN_URL = /^POST \/api\/v1\/auth\/login$/;

function anItem(over: Partial<AccountItem> = {}): AccountItem {
  return {
    reference: 'S-7QK2M',
    item_name: 'Samsung Galaxy A14',
    price: 250000,
    status: 'Pending',
    status_text: 'We received your item and will review it shortly.',
    open_offer: null,
    image: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp',
    created_at: '2025-08-14T12:30:00.000Z',
    status_token: LINK,
    ...over,
  };
}
const itemsOf = (items: AccountItem[], total = items.length): AccountItems => ({
  display_name: 'Chikondi Banda',
  email: 'chikondi@example.mw',
  items,
  total,
});

function renderAccount(state?: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/account', state }]}>
      <Routes>
        <Route path="/account" element={<AccountPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

const authOf = (spy: ReturnType<typeof mockApi>, i: number) =>
  new Headers(spy.mock.calls[i]![1]!.headers).get('Authorization');

describe('/account', () => {
  it('asks a visitor to log in, then lists their items with the session', async () => {
    const user = userEvent.setup();
    const spy = mockApi([
      [LOGIN_URL, () => json({ token: TOKEN, display_name: 'Chikondi Banda', role: 'User' })],
      [
        ITEMS_URL,
        () =>
          json(
            itemsOf([
              anItem({ status: 'Accepted - Offer Pending', status_text: 'We made you an offer.', open_offer: 230000 }),
              anItem({ reference: 'S-ABCDE', item_name: 'Nokia 105', image: null }),
            ]),
          ),
      ],
    ]);
    renderAccount();
    expect(screen.getByRole('heading', { level: 1, name: 'Your seller account' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(spy).not.toHaveBeenCalled();

    await retype(user, 'Email', 'chikondi@example.mw');
    await retype(user, 'Password', 'kwacha-2026-banda');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    // The loading state has a heading of the same name, which the loaded page replaces: wait for the
    // loaded page before looking at it (on Node 24 the answer lands between a find and its check).
    expect(await screen.findByText('Logged in as Chikondi Banda (chikondi@example.mw)')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Your items' })).toBeInTheDocument();
    expect(JSON.parse(String(spy.mock.calls[0]![1]!.body))).toEqual({
      email: 'chikondi@example.mw',
      password: 'kwacha-2026-banda',
    });
    expect(window.localStorage.getItem('sellerToken')).toBe(TOKEN);
    expect(authOf(spy, 1)).toBe(`Bearer ${TOKEN}`);

    const [offered, waiting] = within(screen.getByRole('list', { name: 'Your items' })).getAllByRole('listitem');
    expect(within(offered!).getByText('Our offer: MWK 230,000, waiting for your answer')).toBeInTheDocument();
    expect(within(offered!).getByRole('link', { name: 'Answer the offer' })).toHaveAttribute(
      'href',
      `/sell/status/${LINK}`,
    );
    expect(within(waiting!).getByRole('heading', { name: 'Nokia 105' })).toBeInTheDocument();
    expect(within(waiting!).getByText(/S-ABCDE/)).toBeInTheDocument();
    expect(within(waiting!).getByRole('img', { name: 'Nokia 105: no photo' })).toBeInTheDocument();
    expect(within(waiting!).getByRole('link', { name: 'Follow this item' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a login", async () => {
    const user = userEvent.setup();
    mockApi([[LOGIN_URL, () => json({ message: 'Invalid email or password' }, 401)]]);
    renderAccount();
    await screen.findByLabelText('Email');
    await retype(user, 'Email', 'chikondi@example.mw');
    await retype(user, 'Password', 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(window.localStorage.getItem('sellerToken')).toBeNull();
  });

  it('says when the list is empty or cut to the newest items', async () => {
    window.localStorage.setItem('sellerToken', TOKEN);
    let answer = itemsOf([]);
    mockApi([[ITEMS_URL, () => json(answer)]]);
    const { unmount } = renderAccount();
    expect(await screen.findByText('No items yet')).toBeInTheDocument();
    unmount();
    answer = itemsOf([anItem()], 130);
    renderAccount();
    expect(await screen.findByText('Showing your newest 1 of 130 items.')).toBeInTheDocument();
  });

  it('adds the item the seller came to add, once logged in', async () => {
    window.localStorage.setItem('sellerToken', TOKEN);
    const spy = mockApi([[CLAIM_URL, () => json(itemsOf([anItem()]))]]);
    renderAccount({ claim: LINK });
    expect(await screen.findByRole('status')).toHaveTextContent(ITEM_ADDED);
    expect(JSON.parse(String(spy.mock.calls[0]![1]!.body))).toEqual({ status_token: LINK });
    expect(authOf(spy, 0)).toBe(`Bearer ${TOKEN}`);
  });

  it("says why an item could not be added, and still lists the seller's items", async () => {
    window.localStorage.setItem('sellerToken', TOKEN);
    mockApi([
      [CLAIM_URL, () => json({ message: 'This item is already in a seller account.' }, 409)],
      [ITEMS_URL, () => json(itemsOf([anItem()]))],
    ]);
    renderAccount({ claim: LINK });
    expect(await screen.findByRole('status')).toHaveTextContent('This item is already in a seller account.');
    expect(screen.getByRole('heading', { name: 'Samsung Galaxy A14' })).toBeInTheDocument();
  });

  it('goes back to the login when the session has ended, and logs out', async () => {
    const user = userEvent.setup();
    window.localStorage.setItem('sellerToken', 'expired-session-token-00000000001');
    let items = json({ message: 'Please log in to continue.' }, 401);
    const spy = mockApi([
      [ITEMS_URL, () => items],
      [LOGIN_URL, () => json({ token: TOKEN, display_name: 'Chikondi Banda', role: 'User' })],
      [/^POST \/api\/v1\/auth\/logout$/, () => new Response(null, { status: 204 })],
    ]);
    renderAccount();
    expect(await screen.findByRole('alert')).toHaveTextContent('Your session has ended. Please log in again.');
    expect(window.localStorage.getItem('sellerToken')).toBeNull();

    items = json(itemsOf([anItem()]));
    await screen.findByLabelText('Email');
    await retype(user, 'Email', 'chikondi@example.mw');
    await retype(user, 'Password', 'kwacha-2026-banda');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Your seller account' })).toBeInTheDocument();
    expect(window.localStorage.getItem('sellerToken')).toBeNull();
    await waitFor(() => expect(spy.mock.calls.some(([url]) => String(url).endsWith('/v1/auth/logout'))).toBe(true));
    const logoutCall = spy.mock.calls.findIndex(([url]) => String(url).endsWith('/v1/auth/logout'));
    expect(authOf(spy, logoutCall)).toBe(`Bearer ${TOKEN}`);
  });
});
