import type { SellerPayout } from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { ADMIN_ME, renderAdmin, signIn } from '../test/render-admin';
import { aRequest, noEstimates, noneCameBack, openDetail } from '../test/seller-requests';

afterEach(() => vi.restoreAllMocks());

const NOT_PAID: SellerPayout = {
  status: 'not_paid',
  method: null,
  amount: 130_000,
  reference: null,
  paid_at: null,
  paid_by: null,
};
const inStock = (payout: Partial<SellerPayout> = {}) =>
  aRequest({ status: 'Offer Fulfilled', product_id: 40, payout: { ...NOT_PAID, ...payout } });
const options = (mobile: string[]) =>
  [/^GET \/api\/v1\/payment-options$/, () => json({ mobile_money: mobile })] as [RegExp, () => Response];
const panel = () => within(screen.getByRole('region', { name: /^Pay the seller/ }));

describe('seller request detail: paying the seller', () => {
  it('is not shown before the item is in stock', async () => {
    await openDetail(aRequest());
    expect(screen.queryByRole('region', { name: /^Pay the seller/ })).not.toBeInTheDocument();
  });

  it('lets an Admin pay by Airtel Money with a reference, through the confirm dialog', async () => {
    const user = userEvent.setup();
    const fetchSpy = await openDetail(inStock(), [
      options(['airtel_money', 'tnm_mpamba']),
      [
        /^POST \/api\/admin\/seller-requests\/12\/pay$/,
        () => json(inStock({ status: 'pending', method: 'airtel_money', paid_by: 'Chikondi' })),
      ],
    ]);
    expect(screen.getByRole('heading', { name: 'Pay the seller MWK 130,000' })).toBeInTheDocument();
    expect(panel().getByTestId('payout-state')).toHaveTextContent('Not paid yet.');
    await user.click(panel().getByRole('button', { name: 'Pay the seller' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay the seller MWK 130,000' });
    // The seller's 0999 number is Airtel's: chosen for them once the options arrive.
    await waitFor(() => expect(within(dialog).getByLabelText('How')).toHaveValue('airtel_money'));
    // Nothing chosen: the shared schema's message.
    await user.selectOptions(within(dialog).getByLabelText('How'), 'Choose how to pay');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Choose how the seller is paid')).toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('How'), 'Airtel Money');
    await user.type(within(dialog).getByLabelText('Reference (optional)'), ' AM-1 ');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The payout is on its way to the seller')).toBeInTheDocument();
    const post = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ method: 'airtel_money', reference: 'AM-1' });
    expect(panel().getByTestId('payout-state')).toHaveTextContent(
      "MWK 130,000 is on its way to the seller's Airtel Money; sent by Chikondi.",
    );
    expect(panel().queryByRole('button')).not.toBeInTheDocument();
  });

  it("asks staff to vouch for a number moved to another network, and shows the server's refusal under How", async () => {
    const user = userEvent.setup();
    const refusal =
      "The seller's number is an Airtel number: choose Airtel Money, or tick “Number moved to another network” if the seller moved it.";
    let refuse = true;
    const fetchSpy = await openDetail(inStock(), [
      options(['airtel_money', 'tnm_mpamba']),
      [
        /^POST \/api\/admin\/seller-requests\/12\/pay$/,
        () =>
          refuse
            ? json({ message: refusal, errors: { method: refusal } }, 422)
            : json(inStock({ status: 'pending', method: 'tnm_mpamba', paid_by: 'Chikondi' })),
      ],
    ]);
    await user.click(panel().getByRole('button', { name: 'Pay the seller' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByLabelText('How')).toHaveValue('airtel_money'));
    expect(within(dialog).queryByLabelText('Number moved to another network')).not.toBeInTheDocument();
    await user.selectOptions(within(dialog).getByLabelText('How'), 'TNM Mpamba');
    expect(within(dialog).getByText(refusal)).toBeInTheDocument();
    // Not ticked: the server refuses, and says so under How.
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(within(dialog).getAllByText(refusal)).toHaveLength(2));
    refuse = false;
    await user.click(within(dialog).getByLabelText('Number moved to another network'));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The payout is on its way to the seller')).toBeInTheDocument();
    const posts = fetchSpy.mock.calls.filter(([, init]) => init?.method === 'POST');
    expect(posts.map(([, init]) => JSON.parse(String(init!.body)))).toEqual([
      { method: 'tnm_mpamba' },
      { method: 'tnm_mpamba', ported: true },
    ]);
  });

  it('says a payout the gateway cannot send waits for an Admin on the Money screen', async () => {
    await openDetail(inStock({ status: 'pending', method: 'tnm_mpamba', paid_by: 'Chikondi', by_hand: true }));
    expect(panel().getByTestId('payout-state')).toHaveTextContent(
      'MWK 130,000 cannot be sent to TNM Mpamba by the payment service: an Admin records how it was paid on the Money screen (Airtel Money to another number, or cash). The seller was told by SMS.',
    );
    expect(panel().queryByRole('button')).not.toBeInTheDocument();
  });

  it('offers only cash when mobile money is not set up, and shows who paid', async () => {
    const user = userEvent.setup();
    const fetchSpy = await openDetail(inStock(), [
      options([]),
      [
        /^POST \/api\/admin\/seller-requests\/12\/pay$/,
        () =>
          json(
            inStock({
              status: 'paid',
              method: 'cash',
              paid_by: 'Chikondi',
              paid_at: '2026-12-03T09:00:00.000Z',
            }),
          ),
      ],
    ]);
    await user.click(panel().getByRole('button', { name: 'Pay the seller' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Mobile money is not set up: pay in cash.')).toBeInTheDocument();
    expect(within(dialog).getByRole('option', { name: 'TNM Mpamba' })).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('How'), 'Paid in cash at the counter');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('The seller is paid')).toBeInTheDocument();
    const post = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ method: 'cash' });
    expect(panel().getByTestId('payout-state')).toHaveTextContent(
      /MWK 130,000 paid in cash at the counter on .*3 Dec.* by Chikondi\./,
    );
  });

  it('shows a failed payout with a retry', async () => {
    await openDetail(inStock({ status: 'failed', method: 'tnm_mpamba' }), [options(['airtel_money', 'tnm_mpamba'])]);
    expect(panel().getByTestId('payout-state')).toHaveTextContent(
      'The payout of MWK 130,000 by TNM Mpamba did not go through. Try again, or pay in cash.',
    );
    expect(panel().getByRole('button', { name: 'Try the payout again' })).toBeInTheDocument();
  });

  it('shows a Moderator where it stands, without the button', async () => {
    signIn();
    mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json({ ...ADMIN_ME, role: 'Moderator' })],
      [/^GET \/api\/admin\/seller-requests\/12$/, () => json(inStock())],
      noEstimates,
      noneCameBack,
    ]);
    renderAdmin('/admin/seller-requests/12');
    expect(await screen.findByText('Only an Admin can pay the seller.')).toBeInTheDocument();
    expect(panel().queryByRole('button')).not.toBeInTheDocument();
  });
});
