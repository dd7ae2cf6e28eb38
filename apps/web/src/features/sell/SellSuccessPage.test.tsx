import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from '../../lib/router';
import { describe, expect, it } from 'vitest';
import { SellSuccessPage } from './SellSuccessPage';
import { rememberSubmitted } from './submission';

const TOKEN = 'Sx7_status-link-token-0000000001';
const SPEC_TEXTS = [
  'Our team will review your submission shortly.',
  "You'll be contacted with an offer.",
  'If accepted, your items will be listed on our platforms or sold in our partner shops.',
];

function renderSuccess(state?: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/sell/success', state }]}>
      <Routes>
        <Route path="/sell/success" element={<SellSuccessPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

function expectSpecTexts() {
  expect(screen.getByRole('heading', { level: 1, name: 'Item successfully submitted!' })).toBeInTheDocument();
  for (const text of SPEC_TEXTS) expect(screen.getByText(text)).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
}

describe('/sell/success', () => {
  it('shows the reference and the private link from the navigation state, besides the four texts', async () => {
    renderSuccess({ reference: 'S-7QK2M', status_token: TOKEN });
    expectSpecTexts();
    expect(screen.getByTestId('sell-reference').textContent).toBe('S-7QK2M');
    expect(screen.getByText(/Your reference:/)).toHaveTextContent('Your reference: S-7QK2M');
    expect(screen.getByRole('link', { name: 'Keep this link to follow your item' })).toHaveAttribute(
      'href',
      `/sell/status/${TOKEN}`,
    );
    // The copy field's code comes just after the page's.
    expect(await screen.findByLabelText("Your item's private link")).toHaveValue(
      `${window.location.origin}/sell/status/${TOKEN}`,
    );
  });

  it("says when the item went into the logged-in seller's account", () => {
    renderSuccess({ reference: 'S-7QK2M', status_token: TOKEN, in_account: true });
    expect(screen.getByText(/This item is in your seller account/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all your items' })).toHaveAttribute('href', '/account');
    cleanup();
    renderSuccess({ reference: 'S-7QK2M', status_token: TOKEN });
    expect(screen.queryByText(/This item is in your seller account/)).not.toBeInTheDocument();
  });

  it('keeps them on a reload through sessionStorage', () => {
    rememberSubmitted({ reference: 'S-ABCDE', status_token: TOKEN, in_account: false });
    renderSuccess();
    expectSpecTexts();
    expect(screen.getByTestId('sell-reference').textContent).toBe('S-ABCDE');
    expect(screen.getByRole('link', { name: 'Keep this link to follow your item' })).toHaveAttribute(
      'href',
      `/sell/status/${TOKEN}`,
    );
  });

  it('opened directly shows the four texts only', () => {
    renderSuccess();
    expectSpecTexts();
    expect(screen.queryByText(/Your reference/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Keep this link to follow your item' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('ignores a state that is not a submission', () => {
    renderSuccess({ reference: 'S-7QK2M', status_token: '../admin' });
    expectSpecTexts();
    expect(screen.queryByText(/Your reference/)).not.toBeInTheDocument();
  });
});
