import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fetch-mock';
import { aRequest, openDetail } from '../test/seller-requests';

afterEach(() => vi.restoreAllMocks());

const card = () => within(screen.getByRole('form', { name: 'Condition' }));

describe('seller request detail: condition', () => {
  it('shows the grade the seller chose, with the definitions, and saves a correction', async () => {
    const user = userEvent.setup();
    const fetchSpy = await openDetail(aRequest({ condition: 'good' }), [
      [/^PUT \/api\/admin\/seller-requests\/12\/condition$/, () => json(aRequest({ condition: 'fair' }))],
    ]);
    expect(card().getByRole('radio', { name: 'Good' })).toBeChecked();
    expect(card().getByRole('radio', { name: 'Fair' })).toHaveAccessibleDescription(
      'Clear signs of use such as scratches or dents; everything works.',
    );
    expect(card().getByRole('radio', { name: 'Not graded' })).toBeInTheDocument();
    const save = card().getByRole('button', { name: 'Save condition' });
    expect(save).toBeDisabled();

    await user.click(card().getByRole('radio', { name: 'Fair' }));
    await user.click(save);
    expect(await screen.findByText('Condition saved')).toBeInTheDocument();
    const put = fetchSpy.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ condition: 'fair' });
    await waitFor(() => expect(card().getByRole('radio', { name: 'Fair' })).toBeChecked());
    expect(card().getByRole('button', { name: 'Save condition' })).toBeDisabled();
  });

  it('sets a grade on a request sent without one, and can clear it again', async () => {
    const user = userEvent.setup();
    const fetchSpy = await openDetail(aRequest({ condition: null }), [
      [
        /^PUT \/api\/admin\/seller-requests\/12\/condition$/,
        (_url, init) => json(aRequest({ condition: JSON.parse(String(init?.body)).condition })),
      ],
    ]);
    expect(card().getByRole('radio', { name: 'Not graded' })).toBeChecked();
    await user.click(card().getByRole('radio', { name: 'Like new' }));
    await user.click(card().getByRole('button', { name: 'Save condition' }));
    await waitFor(() => expect(card().getByRole('radio', { name: 'Like new' })).toBeChecked());
    await user.click(card().getByRole('radio', { name: 'Not graded' }));
    await user.click(card().getByRole('button', { name: 'Save condition' }));
    await waitFor(() => expect(fetchSpy.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(2));
    const bodies = fetchSpy.mock.calls
      .filter(([, init]) => init?.method === 'PUT')
      .map(([, init]) => JSON.parse(String(init!.body)));
    expect(bodies).toEqual([{ condition: 'like_new' }, { condition: null }]);
  });

  it("toasts the server's refusal and keeps the choice", async () => {
    const user = userEvent.setup();
    await openDetail(aRequest({ condition: 'good' }), [
      [
        /^PUT \/api\/admin\/seller-requests\/12\/condition$/,
        () =>
          json(
            {
              message: 'condition must be one of like_new, good, fair, for_parts',
              errors: { condition: 'condition must be one of like_new, good, fair, for_parts' },
            },
            400,
          ),
      ],
    ]);
    await user.click(card().getByRole('radio', { name: 'For parts' }));
    await user.click(card().getByRole('button', { name: 'Save condition' }));
    expect(await screen.findAllByText('condition must be one of like_new, good, fair, for_parts')).not.toHaveLength(0);
    expect(card().getByRole('radio', { name: 'For parts' })).toBeChecked();
  });

  it('tells staff that a product already made keeps its own grade', async () => {
    await openDetail(aRequest({ condition: 'like_new', product_id: 40, status: 'Offer Fulfilled' }));
    expect(
      card().getByText('The product in the inventory keeps its own grade: change it on the product.'),
    ).toBeInTheDocument();
  });

  it('names the grade add to inventory gives the product', async () => {
    const user = userEvent.setup();
    await openDetail(aRequest({ condition: 'like_new', status: 'Offer Accepted by Seller' }), [
      [/^GET \/api\/admin\/shops\?/, () => json({ shops: [], total: 0, limit: 100, offset: 0 })],
      [/^GET \/api\/admin\/categories\?/, () => json({ categories: [], total: 0, limit: 100, offset: 0 })],
    ]);
    await user.click(screen.getByRole('button', { name: 'Add to Inventory' }));
    const dialog = screen.getByRole('dialog', { name: 'Add to Inventory' });
    expect(
      within(dialog).getByText(
        '“Samsung Galaxy A14” becomes a published product of the chosen shop, with its photos and the grade Like new.',
      ),
    ).toBeInTheDocument();
  });
});
