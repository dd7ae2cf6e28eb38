import { HOW_SELLERS_ARE_PAID } from '@marketplace/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterSaleRoute, mockApi } from '../../test/fetch-mock';
import { renderInChichewa, renderWithRouter } from '../../test/render';
import { FaqPage } from './FaqPage';
import { HOW_BUYERS_PAY, HOW_ITEMS_ARE_CHECKED, HOW_REFUNDS_GO, RETURNS_WINDOW, SHOP_WARRANTY } from './policies';
import { TermsPage } from './TermsPage';

// Issue 25 item 5 (docs/decisions/0056): the terms are real, and the FAQ says the same things in the same words.
// The return window and the default warranty are the server's (issue 38 part 5): 7 and 30 days unless it says more.
const RETURNS_IN_7 = RETURNS_WINDOW.replace('{days}', '7');
const WARRANTY_OF_30 = SHOP_WARRANTY.replaceAll('{days}', '30');

afterEach(() => vi.restoreAllMocks());

describe('the terms and the FAQ', () => {
  it('state how items are checked, how buyers pay, returns, refunds, the warranty and how sellers are paid', async () => {
    mockApi([afterSaleRoute()]);
    renderWithRouter(<TermsPage />);
    await screen.findByText(RETURNS_IN_7);
    const page = within(screen.getByRole('article'));
    expect(page.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeInTheDocument();
    for (const [heading, text] of [
      ['How items are checked', HOW_ITEMS_ARE_CHECKED],
      ['Payment and collection', HOW_BUYERS_PAY],
      ['Returns and refunds', RETURNS_IN_7],
      ['Returns and refunds', HOW_REFUNDS_GO],
      ['Shop warranty', WARRANTY_OF_30],
      ['Getting paid for your item', HOW_SELLERS_ARE_PAID],
    ]) {
      expect(page.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
      expect(page.getByText(text!)).toBeInTheDocument();
    }
    // The rules in figures a buyer can hold us to.
    expect(page.getByText(/^Within 7 days of collecting or receiving an item/)).toBeInTheDocument();
    expect(page.getByText(/phones, tablets and laptops have 30 days\./)).toBeInTheDocument();
    expect(page.getByText(/pay when you order by Airtel Money or TNM Mpamba\.$/)).toBeInTheDocument();
    expect(page.getByText(/refunded to that number automatically\.$/)).toBeInTheDocument();
  });

  it('state the return window and the default warranty the server is set to', async () => {
    mockApi([afterSaleRoute(14, 90)]);
    renderWithRouter(<TermsPage />);
    expect(await screen.findByText(/^Within 14 days of collecting or receiving an item/)).toBeInTheDocument();
    expect(
      screen.getByText(/for example "90-day shop warranty"\. .* phones, tablets and laptops have 90 days\./),
    ).toBeInTheDocument();
  });

  it('answers the same in the FAQ, and no longer says nothing is paid online', async () => {
    mockApi([afterSaleRoute()]);
    renderWithRouter(<FaqPage />);
    await screen.findByText(RETURNS_IN_7);
    for (const [question, answer] of [
      ['How are items checked?', HOW_ITEMS_ARE_CHECKED],
      ['Can I return an item?', RETURNS_IN_7],
      ['How do refunds work?', HOW_REFUNDS_GO],
      ['Is there a warranty?', WARRANTY_OF_30],
      ['How and when am I paid for an item I sell?', HOW_SELLERS_ARE_PAID],
    ]) {
      const section = screen.getByRole('heading', { level: 2, name: question }).closest('section')!;
      expect(within(section).getByText(answer!)).toBeInTheDocument();
    }
    expect(screen.queryByText(/Nothing is paid online/)).not.toBeInTheDocument();
  });

  it('shows the rules in Chichewa', async () => {
    mockApi([afterSaleRoute()]);
    renderInChichewa(<TermsPage />, {
      'Returns and refunds': 'Kubweza katundu ndi ndalama',
      [RETURNS_WINDOW]: 'Pasanathe masiku {days}.',
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Kubweza katundu ndi ndalama' })).toBeInTheDocument();
    expect(await screen.findByText('Pasanathe masiku 7.')).toBeInTheDocument();
  });
});
