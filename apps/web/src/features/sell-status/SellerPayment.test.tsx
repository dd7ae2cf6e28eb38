import { HOW_SELLERS_ARE_PAID, sellerStatusText, type SellerView } from '@marketplace/shared';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from '../../lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { renderWithRouter } from '../../test/render';
import { aSellerView, SELL_TOKEN } from '../../test/seller-views';
import { SellStatusPage } from './SellStatusPage';

afterEach(() => vi.restoreAllMocks());

const PAID_AT = '2026-12-03T21:30:00.000Z';

async function showPayment(payout: Partial<SellerView['payout']>) {
  const view = aSellerView({
    status: 'Offer Fulfilled',
    status_text: sellerStatusText('Offer Fulfilled'),
    payout: { status: 'not_paid', method: null, amount: 130_000, reference: null, paid_at: null, ...payout },
  });
  mockApi([[new RegExp(`^GET /api/v1/sells/${SELL_TOKEN}$`), () => json(view)]]);
  renderWithRouter(
    <Routes>
      <Route path="/sell/status/:token" element={<SellStatusPage />} />
    </Routes>,
    `/sell/status/${SELL_TOKEN}`,
  );
  return within(await screen.findByRole('region', { name: 'Getting paid' }));
}

describe('/sell/status/{token}: getting paid', () => {
  it('says how and when sellers are paid until the payment is made', async () => {
    const section = await showPayment({});
    expect(section.getByText(HOW_SELLERS_ARE_PAID)).toBeInTheDocument();
    expect(section.queryByTestId('seller-payment')).not.toBeInTheDocument();
  });

  it('says a mobile-money payment is on its way', async () => {
    const section = await showPayment({ status: 'pending', method: 'airtel_money' });
    expect(section.getByTestId('seller-payment')).toHaveTextContent(
      'Your payment of MWK 130,000 is on its way to your Airtel Money',
    );
  });

  it('says when and how it was paid, on the day in Malawi time', async () => {
    // 21:30 UTC on 3 Dec is 23:30 on 3 Dec in Blantyre.
    const section = await showPayment({ status: 'paid', method: 'airtel_money', reference: 'AM-77', paid_at: PAID_AT });
    expect(section.getByTestId('seller-payment')).toHaveTextContent(
      'Paid MWK 130,000 on 3 Dec by Airtel Money (ref AM-77)',
    );
    expect(section.queryByText(HOW_SELLERS_ARE_PAID)).not.toBeInTheDocument();
  });

  it('says a cash payment was made at the counter', async () => {
    const section = await showPayment({ status: 'paid', method: 'cash', paid_at: '2026-12-03T22:30:00.000Z' });
    // 22:30 UTC is already 4 Dec in Blantyre.
    expect(section.getByTestId('seller-payment')).toHaveTextContent('Paid in cash at the counter on 4 Dec');
  });
});
