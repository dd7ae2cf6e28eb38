import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from '../../lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { retype } from '../../test/typing';
import { renderWithRouter } from '../../test/render';
import { aSellerView, SELL_TOKEN } from '../../test/seller-views';
import { SellStatusPage } from './SellStatusPage';

afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

const VIEW_URL = new RegExp(`^GET /api/v1/sells/${SELL_TOKEN}$`);
const ACCOUNT_URL = new RegExp(`^POST /api/v1/sells/${SELL_TOKEN}/account$`);

function AccountProbe() {
  const state = useLocation().state as { claim?: string } | null;
  return <p>Account page, claim {state?.claim ?? 'none'}</p>;
}

function renderStatus() {
  return renderWithRouter(
    <Routes>
      <Route path="/sell/status/:token" element={<SellStatusPage />} />
      <Route path="/account" element={<AccountProbe />} />
    </Routes>,
    `/sell/status/${SELL_TOKEN}`,
  );
}

const section = async () => within(await screen.findByRole('region', { name: 'Your seller account' }));

describe('the seller account on the status page', () => {
  it('is not shown when the form did not ask for it', async () => {
    mockApi([[VIEW_URL, () => json(aSellerView())]]);
    renderStatus();
    await screen.findByTestId('seller-reference');
    expect(screen.queryByRole('region', { name: 'Your seller account' })).not.toBeInTheDocument();
  });

  it('checks the two passwords before sending, then says where the link to finish the account went', async () => {
    const user = userEvent.setup();
    const spy = mockApi([
      [VIEW_URL, () => json(aSellerView({ account: { state: 'offered', email_hint: 'c***@example.mw' } }))],
      [ACCOUNT_URL, () => json({ email_hint: 'c***@example.mw' }, 202)],
    ]);
    renderStatus();
    const account = await section();
    expect(account.getByText(/You asked for a seller account/)).toBeInTheDocument();
    await screen.findByLabelText('Choose a password');
    expect(account.getByText('c***@example.mw')).toBeInTheDocument();

    await retype(user, 'Choose a password', 'short');
    await user.click(await account.findByRole('button', { name: 'Create my account' }));
    expect(await account.findByText('Password must be at least 10 characters')).toBeInTheDocument();
    await retype(user, 'Choose a password', 'kwacha-2026-banda');
    await retype(user, 'Type it again', 'kwacha-2026-bnada');
    await user.click(await account.findByRole('button', { name: 'Create my account' }));
    expect(await account.findByText('The two passwords are not the same')).toBeInTheDocument();
    expect(spy.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);

    await retype(user, 'Type it again', 'kwacha-2026-banda');
    await user.click(await account.findByRole('button', { name: 'Create my account' }));
    expect(await account.findByRole('status')).toHaveTextContent(
      'We have sent a link to c***@example.mw. Open it to finish making your account. It works for 24 hours.',
    );
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ password: 'kwacha-2026-banda' });
    // No session until the email's owner opens the link.
    expect(window.localStorage.getItem('sellerToken')).toBeNull();
  });

  it("shows the server's refusal: a password it refused under the field, anything else above the button", async () => {
    const user = userEvent.setup();
    let answer = json(
      {
        message: 'This password is too common: it appears in lists of leaked passwords. Please choose another.',
        errors: {
          password: 'This password is too common: it appears in lists of leaked passwords. Please choose another.',
        },
      },
      400,
    );
    mockApi([
      [VIEW_URL, () => json(aSellerView({ account: { state: 'offered', email_hint: 'c***@example.mw' } }))],
      [ACCOUNT_URL, () => answer],
    ]);
    renderStatus();
    const account = await section();
    await screen.findByLabelText('Choose a password');
    await retype(user, 'Choose a password', 'kwacha-2026-banda');
    await retype(user, 'Type it again', 'kwacha-2026-banda');
    await user.click(await account.findByRole('button', { name: 'Create my account' }));
    expect(
      await account.findByText(
        'This password is too common: it appears in lists of leaked passwords. Please choose another.',
      ),
    ).toBeInTheDocument();

    answer = json({ message: 'This item is already in a seller account.' }, 409);
    await user.click(await account.findByRole('button', { name: 'Create my account' }));
    expect(await account.findByRole('alert')).toHaveTextContent('This item is already in a seller account.');
    expect(window.localStorage.getItem('sellerToken')).toBeNull();
  });

  it('sends a seller whose email has an account to log in, carrying the item to add', async () => {
    const user = userEvent.setup();
    mockApi([[VIEW_URL, () => json(aSellerView({ account: { state: 'exists', email_hint: 'c***@example.mw' } }))]]);
    renderStatus();
    const account = await section();
    expect(
      account.getByText('An account already uses c***@example.mw. Log in to add this item to it.'),
    ).toBeInTheDocument();
    await user.click(account.getByRole('link', { name: 'Log in to add this item' }));
    await waitFor(() => expect(screen.getByText(`Account page, claim ${SELL_TOKEN}`)).toBeInTheDocument());
  });

  it('links to the account when the item is in it', async () => {
    mockApi([[VIEW_URL, () => json(aSellerView({ account: { state: 'linked', email_hint: 'c***@example.mw' } }))]]);
    renderStatus();
    const account = await section();
    expect(account.getByText('This item is in your seller account.')).toBeInTheDocument();
    expect(account.getByRole('link', { name: 'See all your items' })).toHaveAttribute('href', '/account');
  });
});
