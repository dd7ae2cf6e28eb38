import { HOW_SELLERS_ARE_PAID } from '@marketplace/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInChichewa, renderWithRouter } from '../../test/render';
import { FaqPage } from './FaqPage';
import { HOW_BUYERS_PAY, HOW_ITEMS_ARE_CHECKED, HOW_REFUNDS_GO, RETURNS_WINDOW, SHOP_WARRANTY } from './policies';
import { TermsPage } from './TermsPage';

// Issue 25 item 5 (docs/decisions/0056): the terms are real, and the FAQ says the same things in the same words.
describe('the terms and the FAQ', () => {
  it('state how items are checked, how buyers pay, returns, refunds, the warranty and how sellers are paid', () => {
    renderWithRouter(<TermsPage />);
    const page = within(screen.getByRole('article'));
    expect(page.getByRole('heading', { level: 1, name: 'Terms & Conditions' })).toBeInTheDocument();
    for (const [heading, text] of [
      ['How items are checked', HOW_ITEMS_ARE_CHECKED],
      ['Payment and collection', HOW_BUYERS_PAY],
      ['Returns and refunds', RETURNS_WINDOW],
      ['Returns and refunds', HOW_REFUNDS_GO],
      ['Shop warranty', SHOP_WARRANTY],
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

  it('answers the same in the FAQ, and no longer says nothing is paid online', () => {
    renderWithRouter(<FaqPage />);
    for (const [question, answer] of [
      ['How are items checked?', HOW_ITEMS_ARE_CHECKED],
      ['Can I return an item?', RETURNS_WINDOW],
      ['How do refunds work?', HOW_REFUNDS_GO],
      ['Is there a warranty?', SHOP_WARRANTY],
      ['How and when am I paid for an item I sell?', HOW_SELLERS_ARE_PAID],
    ]) {
      const section = screen.getByRole('heading', { level: 2, name: question }).closest('section')!;
      expect(within(section).getByText(answer!)).toBeInTheDocument();
    }
    expect(screen.queryByText(/Nothing is paid online/)).not.toBeInTheDocument();
  });

  it('shows the rules in Chichewa', () => {
    renderInChichewa(<TermsPage />, {
      'Returns and refunds': 'Kubweza katundu ndi ndalama',
      [RETURNS_WINDOW]: 'Pasanathe masiku 7.',
    });
    expect(screen.getByRole('heading', { level: 2, name: 'Kubweza katundu ndi ndalama' })).toBeInTheDocument();
    expect(screen.getByText('Pasanathe masiku 7.')).toBeInTheDocument();
  });
});
