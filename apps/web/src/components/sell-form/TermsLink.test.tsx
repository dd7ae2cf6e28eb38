import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderInChichewa, renderWithRouter } from '../../test/render';
import { SellForm } from './SellForm';

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:test/1');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

const form = <SellForm variant="public" onSubmit={vi.fn()} submitLabel="Submit item" />;

// The terms box links to the terms (docs/product.md#sell): in a new tab, so the form and its photos stay.
describe('the terms box on /sell', () => {
  it('stays ticked by default and links to /terms in a new tab without a handle on the form', async () => {
    const user = userEvent.setup();
    renderWithRouter(form, '/sell');
    const box = screen.getByRole('checkbox', { name: 'I accept the terms and conditions' });
    expect(box).toBeChecked();
    const link = screen.getByRole('link', { name: 'Read the terms and conditions (opens in a new tab)' });
    expect(link).toHaveAttribute('href', '/terms');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
    // Following the link leaves the box as it was (the link is not part of the box's label).
    link.addEventListener('click', (event) => event.preventDefault());
    await user.click(link);
    expect(box).toBeChecked();
  });

  it('says it in Chichewa', () => {
    renderInChichewa(form, {
      'Read the terms and conditions': 'Werengani malamulo ndi zikhalidwe',
      '(opens in a new tab)': '(imatsegulidwa pa tabu yatsopano)',
    });
    expect(
      screen.getByRole('link', { name: 'Werengani malamulo ndi zikhalidwe (imatsegulidwa pa tabu yatsopano)' }),
    ).toHaveAttribute('href', '/terms');
  });
});
