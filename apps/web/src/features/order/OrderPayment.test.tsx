import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OrderPaymentState, PublicOrder } from '@marketplace/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from '../../lib/router';
import { json, mockApi } from '../../test/fetch-mock';
import { anOrder } from '../../test/orders';
import { renderWithRouter } from '../../test/render';
import { OrderPage } from './OrderPage';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  setVisibility('visible');
});

const TOKEN = 'T0k3n_for_the_private_link-00001';
const ORDER_URL = new RegExp(`GET /api/v1/orders/${TOKEN}$`);
const PAY_URL = new RegExp(`POST /api/v1/orders/${TOKEN}/pay$`);

const paying = (status: OrderPaymentState['status'], message: string | null = null): PublicOrder =>
  anOrder({ payment: { method: 'airtel_money', status, amount: 185000, message } });

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

function renderOrder() {
  return renderWithRouter(
    <Routes>
      <Route path="/order/:token" element={<OrderPage />} />
    </Routes>,
    `/order/${TOKEN}`,
  );
}

const looks = (spy: ReturnType<typeof mockApi>) =>
  spy.mock.calls.filter(([input, init]) => init?.method === 'GET' && String(input).endsWith(TOKEN)).length;
const payBodies = (spy: ReturnType<typeof mockApi>) =>
  spy.mock.calls
    .filter(([input, init]) => init?.method === 'POST' && String(input).endsWith('/pay'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
const paymentText = () => within(screen.getByTestId('order-payment')).getByRole('status');

describe('/order/{token} paid by mobile money', () => {
  it('asks for the PIN while pending and turns Paid by itself, looking only while the page is shown', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let answer = paying('pending');
    const spy = mockApi([[ORDER_URL, () => json(answer)]]);
    renderOrder();
    expect(await screen.findByText('Check your phone and enter your PIN to pay MWK 185,000')).toBeInTheDocument();
    expect(looks(spy)).toBe(1);

    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(looks(spy)).toBe(2);

    // Hidden: no looks at all; shown again: one at once.
    act(() => setVisibility('hidden'));
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(looks(spy)).toBe(2);
    answer = paying('paid');
    act(() => setVisibility('visible'));
    await waitFor(() => expect(paymentText()).toHaveTextContent('Paid'));
    expect(paymentText()).toHaveTextContent('MWK 185,000 paid with Airtel Money');
    expect(looks(spy)).toBe(3);

    // Paid: nothing moves any more, so nothing is asked, and there is no reservation to run out.
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(looks(spy)).toBe(3);
    expect(screen.queryByText(/We hold your items until/)).not.toBeInTheDocument();
  });

  it('after a failed attempt, says why and tries again with the same mobile money', async () => {
    const user = userEvent.setup();
    const spy = mockApi([
      [ORDER_URL, () => json(paying('failed', 'We could not reach the payment service; try again or pay at the shop'))],
      [PAY_URL, () => json(paying('pending'))],
    ]);
    renderOrder();
    expect(
      await screen.findByText('We could not reach the payment service; try again or pay at the shop'),
    ).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Check your phone and enter your PIN to pay MWK 185,000')).toBeInTheDocument();
    expect(payBodies(spy)).toEqual([{ payment: 'airtel_money' }]);
  });

  it("tries again by the network of the order's number, and offers only the shop to a number of neither", async () => {
    const user = userEvent.setup();
    let phone = '+265888123456';
    const failed = () =>
      anOrder({ phone, payment: { method: 'airtel_money', status: 'failed', amount: 185000, message: null } });
    const spy = mockApi([
      [ORDER_URL, () => json(failed())],
      [PAY_URL, () => json(paying('pending'))],
    ]);
    const view = renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await screen.findByText('Check your phone and enter your PIN to pay MWK 185,000');
    expect(payBodies(spy)).toEqual([{ payment: 'tnm_mpamba' }]);
    view.unmount();

    phone = '+265771234567';
    renderOrder();
    expect(
      await screen.findByText('Mobile money needs an Airtel or TNM number. Give one, or choose to pay at the shop.'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay at the shop instead' })).toBeEnabled();
  });

  it('says a refused attempt in place (too many tries)', async () => {
    const user = userEvent.setup();
    mockApi([
      [ORDER_URL, () => json(paying('failed'))],
      [PAY_URL, () => json({ message: 'Too many payment attempts for this order. Pay at the shop instead.' }, 429)],
    ]);
    renderOrder();
    expect(await screen.findByText('The payment did not go through. Try again or pay at the shop.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many payment attempts for this order. Pay at the shop instead.',
    );
  });

  it('switches to paying at the shop, proving the phone by SMS code when the server asks', async () => {
    const user = userEvent.setup();
    let tries = 0;
    const spy = mockApi([
      [ORDER_URL, () => json(paying('failed'))],
      [/POST \/api\/v1\/phone-codes$/, () => json({ phone: '+265999123456', expires_at: '2026-06-01T08:10:00Z' }, 202)],
      [
        PAY_URL,
        () =>
          ++tries === 1
            ? json({ message: 'Enter the 6-digit code we send by SMS.', code: 'phone_unverified' }, 403)
            : json(anOrder()),
      ],
    ]);
    renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Pay at the shop instead' }));
    const code = await screen.findByLabelText(
      'We sent a 6-digit code by SMS to +265 999 123 456. Enter it to reserve your items.',
    );
    // Trying mobile money again stays offered: it sends the code too (decision 0083).
    expect(screen.getByRole('button', { name: 'Try again' })).toBeEnabled();
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Pay at the shop instead' }));
    await waitFor(() => expect(screen.queryByTestId('order-payment')).not.toBeInTheDocument());
    expect(payBodies(spy)).toEqual([{ payment: 'on_collection' }, { payment: 'on_collection', phone_code: '123456' }]);
    expect(screen.getByText(/Pay at the counter in cash or by mobile money/)).toBeInTheDocument();
  });

  it('waits to try again until the phone may get its next PIN prompt, saying when (one per 10 minutes)', async () => {
    const user = userEvent.setup();
    const retryAt = new Date(Date.now() + 6 * 60_000);
    const message =
      'A payment prompt was sent to this phone a few minutes ago. Wait for it, try again in a few minutes, or pay at the shop.';
    const spy = mockApi([
      [ORDER_URL, () => json(paying('failed'))],
      [PAY_URL, () => json({ message, code: 'pin_prompt_too_soon', retry_at: retryAt.toISOString() }, 429)],
    ]);
    renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    const time = retryAt.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
    expect(screen.getByTestId('prompt-wait')).toHaveTextContent(`You can try again at ${time}.`);
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Pay at the shop instead' })).toBeEnabled();
    expect(payBodies(spy)).toHaveLength(1);
  });

  it('proves the phone by SMS code when trying again asks for it (an order placed before codes were asked)', async () => {
    const user = userEvent.setup();
    let tries = 0;
    const spy = mockApi([
      [ORDER_URL, () => json(paying('failed'))],
      [/POST \/api\/v1\/phone-codes$/, () => json({ phone: '+265999123456', expires_at: '2026-06-01T08:10:00Z' }, 202)],
      [
        PAY_URL,
        () =>
          ++tries === 1
            ? json({ message: 'Enter the 6-digit code we send by SMS.', code: 'phone_unverified' }, 403)
            : json(paying('pending')),
      ],
    ]);
    renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    await user.type(await screen.findByLabelText(/We sent a 6-digit code by SMS/), '123456');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Check your phone and enter your PIN to pay MWK 185,000')).toBeInTheDocument();
    expect(payBodies(spy)).toEqual([{ payment: 'airtel_money' }, { payment: 'airtel_money', phone_code: '123456' }]);
  });

  it('says the money goes back when a paid order is cancelled, then shows the refund on its way and Refunded', async () => {
    const user = userEvent.setup();
    let answer = paying('paid');
    mockApi([
      [ORDER_URL, () => json(answer)],
      [new RegExp(`POST /api/v1/orders/${TOKEN}/cancel$`), () => json({ ...paying('refunding'), status: 'Cancelled' })],
    ]);
    renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('The MWK 185,000 you paid goes back to your Airtel Money.');
    answer = { ...paying('refunded'), status: 'Cancelled' };
    await user.click(within(dialog).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('Refund on its way to your Airtel Money')).toBeInTheDocument();
    // The page goes on looking while the refund is on its way.
    expect(await screen.findByText('Refunded', {}, { timeout: 6000 })).toBeInTheDocument();
    expect(paymentText()).toHaveTextContent('MWK 185,000 went back to your Airtel Money');
  });
});
