import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from '../../lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
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

  it('asks for the link without a password (its owner chooses it from the email), then says where it went', async () => {
    const user = userEvent.setup();
    const spy = mockApi([
      [VIEW_URL, () => json(aSellerView({ account: { state: 'offered', email_hint: 'c***@example.mw' } }))],
      [ACCOUNT_URL, () => json({ email_hint: 'c***@example.mw' }, 202)],
    ]);
    renderStatus();
    const account = await section();
    expect(account.getByText(/You asked for a seller account/)).toBeInTheDocument();
    expect(await account.findByText('c***@example.mw')).toBeInTheDocument();
    expect(account.getByText(/We email you a link: open it to choose your password\./)).toBeInTheDocument();
    expect(screen.queryByLabelText('Choose a password')).not.toBeInTheDocument();

    await user.click(await account.findByRole('button', { name: 'Create my account' }));
    expect(await account.findByRole('status')).toHaveTextContent(
      'We have sent a link to c***@example.mw. Open it to finish making your account. It works for 24 hours.',
    );
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({});
    // No session until the email's owner opens the link.
    expect(window.localStorage.getItem('sellerToken')).toBeNull();
  });

  it("shows the server's refusal above the button", async () => {
    const user = userEvent.setup();
    mockApi([
      [VIEW_URL, () => json(aSellerView({ account: { state: 'offered', email_hint: 'c***@example.mw' } }))],
      [ACCOUNT_URL, () => json({ message: 'This item is already in a seller account.' }, 409)],
    ]);
    renderStatus();
    const account = await section();
    await user.click(await account.findByRole('button', { name: 'Create my account' }));
    expect(await account.findByRole('alert')).toHaveTextContent('This item is already in a seller account.');
    expect(window.localStorage.getItem('sellerToken')).toBeNull();
    expect(account.getByRole('button', { name: 'Create my account' })).toBeEnabled();
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
