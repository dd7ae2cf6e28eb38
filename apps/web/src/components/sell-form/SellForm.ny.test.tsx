import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInChichewa } from '../../test/render';
import { SellForm, type SellFormProps } from './SellForm';
import type { SellFormWording } from './types';

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:test/1');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

const NY: Record<string, string> = {
  'Item name': 'Dzina la katundu',
  'Photos of your item': 'Zithunzi za katundu wanu',
  'I accept the terms and conditions': 'Ndikuvomereza malamulo ndi zikhalidwe',
  Description: 'Kufotokozera',
  'Whole kwacha, digits only.': 'Makwacha athunthu, manambala okha.',
  'Create a seller account for me': 'Ndipangireni akaunti ya wogulitsa',
  'You must accept the terms': 'Muyenera kuvomereza malamulo',
};

function renderForm(props: Partial<SellFormProps> = {}) {
  return renderInChichewa(
    <SellForm variant="public" onSubmit={vi.fn()} submitLabel="Tumizani katundu" {...props} />,
    NY,
  );
}

describe('the sell form in Chichewa', () => {
  it("shows a visitor's labels, hints and the terms message in Chichewa", async () => {
    const user = userEvent.setup();
    renderForm();
    expect(screen.getByLabelText('Dzina la katundu')).toBeInTheDocument();
    expect(screen.getByLabelText('Kufotokozera')).toBeInTheDocument();
    expect(screen.getByText('Makwacha athunthu, manambala okha.')).toBeInTheDocument();
    expect(screen.getByLabelText('Ndipangireni akaunti ya wogulitsa')).not.toBeChecked();
    await user.click(screen.getByLabelText('Ndikuvomereza malamulo ndi zikhalidwe'));
    await user.click(screen.getByRole('button', { name: 'Tumizani katundu' }));
    expect(await screen.findByText('Muyenera kuvomereza malamulo')).toBeInTheDocument();
    expect(screen.getByLabelText('Ndikuvomereza malamulo ndi zikhalidwe')).toHaveAccessibleDescription(
      'Muyenera kuvomereza malamulo',
    );
  });

  it('shows words given by the caller exactly as given', () => {
    const given: SellFormWording = {
      photos: 'Photos of the item',
      item: 'Item Name',
      price: 'Price or Value (MWK)',
      name: 'Seller Name',
      phone: 'Seller Phone Number',
      email: 'Seller Email Address',
      notify: 'Notify the seller when an offer is made',
      terms: 'The seller accepts the terms and conditions',
      condition: "The item's condition",
    };
    renderForm({ variant: 'admin', wording: given });
    expect(screen.getByLabelText('Item Name')).toBeInTheDocument();
    expect(screen.getByLabelText('The seller accepts the terms and conditions')).toBeInTheDocument();
    expect(screen.queryByLabelText('Ndipangireni akaunti ya wogulitsa')).not.toBeInTheDocument();
  });
});
