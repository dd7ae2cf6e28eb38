import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PAYMENT_UNCONFIRMED } from '@marketplace/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from '../../lib/router';
import { addToBasket, clearBasket } from '../../lib/basket-store';
import { json, mockApi } from '../../test/fetch-mock';
import { aPlacedOrder, anOrder } from '../../test/orders';
import { aProduct } from '../../test/products';
import { renderWithRouter } from '../../test/render';
import { retype } from '../../test/typing';
import { CheckoutPage } from './CheckoutPage';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  clearBasket();
  localStorage.clear();
  sessionStorage.clear();
});

const item = aProduct({ id: 1, name: 'Tecno Spark 10', price: 100000 });
const pending = { method: 'airtel_money' as const, status: 'pending' as const, amount: 185000, message: null };

function renderCheckout() {
  return renderWithRouter(
    <Routes>
      <Route path="/checkout" element={<CheckoutPage />} />
    </Routes>,
    '/checkout',
  );
}

const orderBodies = (spy: ReturnType<typeof mockApi>) =>
  spy.mock.calls
    .filter(([input, init]) => init?.method === 'POST' && String(input).endsWith('/api/v1/orders'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

describe('/checkout paying now', () => {
  it('offers the mobile money the server takes, and places a pay-now order with no code where the server asks none', async () => {
    const user = userEvent.setup();
    addToBasket(item);
    const spy = mockApi([
      [/GET \/api\/v1\/products\/1$/, () => json(item)],
      [/GET \/api\/v1\/payment-options$/, () => json({ mobile_money: ['airtel_money', 'tnm_mpamba'] })],
      [/POST \/api\/v1\/orders$/, () => json({ orders: [aPlacedOrder({ payment: pending })] }, 201)],
    ]);
    renderCheckout();
    // The form shows before the options arrive; then the choices appear, paying at the shop chosen.
    expect(screen.getByLabelText('Your name')).toBeInTheDocument();
    const atShop = await screen.findByRole('radio', { name: /Pay at the shop \/ on delivery/ });
    expect(atShop).toBeChecked();
    expect(screen.getByRole('radio', { name: /Pay now with TNM Mpamba/ })).not.toBeChecked();
    expect(screen.getByText('Nothing to pay now. The shop holds your items for you.')).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: /Pay now with Airtel Money/ }));
    expect(screen.queryByText('Nothing to pay now. The shop holds your items for you.')).not.toBeInTheDocument();
    await retype(user, 'Your name', 'Chikondi Banda');
    await retype(user, 'Phone', '0999 123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));

    expect(await screen.findByRole('heading', { name: 'Thank you! Your order is placed' })).toBeInTheDocument();
    expect(screen.getByText('Your items are held while you pay. This page follows the payment.')).toBeInTheDocument();
    expect(within(screen.getByTestId('order-payment')).getByRole('status')).toHaveTextContent(
      'Check your phone and enter your PIN to pay MWK 185,000',
    );
    expect(screen.queryByText(/We hold your items until/)).not.toBeInTheDocument();
    expect(orderBodies(spy)).toEqual([expect.objectContaining({ payment: 'airtel_money', phone: '+265999123456' })]);
    expect(orderBodies(spy)[0]).not.toHaveProperty('phone_code');
    expect(spy.mock.calls.some(([input]) => String(input).includes('/phone-codes'))).toBe(false);
  });

  it('follows the number’s network and refuses mobile money for a number of neither', async () => {
    const user = userEvent.setup();
    addToBasket(item);
    const spy = mockApi([
      [/GET \/api\/v1\/products\/1$/, () => json(item)],
      [/GET \/api\/v1\/payment-options$/, () => json({ mobile_money: ['airtel_money', 'tnm_mpamba'] })],
    ]);
    renderCheckout();
    await user.click(await screen.findByRole('radio', { name: /Pay now with Airtel Money/ }));
    await retype(user, 'Your name', 'Chikondi Banda');

    // A TNM number: TNM Mpamba is chosen for it, Airtel Money is not for it.
    await retype(user, 'Phone', '0888 123 456');
    expect(screen.getByRole('radio', { name: /Pay now with TNM Mpamba/ })).toBeChecked();
    const airtel = screen.getByRole('radio', { name: /Pay now with Airtel Money/ });
    expect(airtel).toBeDisabled();
    expect(airtel.closest('label')).toHaveTextContent('This is a TNM number: choose TNM Mpamba, or pay at the shop.');

    // An Access number has no mobile money: the payment field says so and nothing is sent.
    await retype(user, 'Phone', '0771 234 567');
    const why = 'Mobile money needs an Airtel or TNM number. Give one, or choose to pay at the shop.';
    expect(screen.getByRole('group', { name: 'How to pay' })).toHaveTextContent(why);
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByText('Please correct the marked fields.')).toBeInTheDocument();
    expect(orderBodies(spy)).toEqual([]);
  });

  it("shows the server's refusal of the payment in the payment field", async () => {
    const user = userEvent.setup();
    addToBasket(item);
    const tnmPending = { ...pending, method: 'tnm_mpamba' as const };
    let refuse = true;
    const refusal = 'This is a TNM number: choose TNM Mpamba, or pay at the shop.';
    const spy = mockApi([
      [/GET \/api\/v1\/products\/1$/, () => json(item)],
      [/GET \/api\/v1\/payment-options$/, () => json({ mobile_money: ['airtel_money', 'tnm_mpamba'] })],
      [
        /POST \/api\/v1\/orders$/,
        () =>
          refuse
            ? json({ message: refusal, errors: { payment: refusal } }, 422)
            : json({ orders: [aPlacedOrder({ payment: tnmPending })] }, 201),
      ],
    ]);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderCheckout();
    await user.click(await screen.findByRole('radio', { name: /Pay now with TNM Mpamba/ }));
    await retype(user, 'Your name', 'Chikondi Banda');
    await retype(user, 'Phone', '0888 123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    await waitFor(() => expect(screen.getByRole('group', { name: 'How to pay' })).toHaveTextContent(refusal));
    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByRole('heading', { name: 'Thank you! Your order is placed' })).toBeInTheDocument();
    expect(orderBodies(spy).map((b) => [b.payment, b.phone])).toEqual([
      ['tnm_mpamba', '+265888123456'],
      ['tnm_mpamba', '+265888123456'],
    ]);
  });

  it('offers only paying at the shop when no mobile money is taken', async () => {
    addToBasket(item);
    const spy = mockApi([
      [/GET \/api\/v1\/products\/1$/, () => json(item)],
      [/GET \/api\/v1\/payment-options$/, () => json({ mobile_money: [] })],
    ]);
    renderCheckout();
    await waitFor(() =>
      expect(spy.mock.calls.some(([input]) => String(input).endsWith('/api/v1/payment-options'))).toBe(true),
    );
    expect(await screen.findByText('Nothing to pay now. The shop holds your items for you.')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'How to pay' })).not.toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: /Pay now/ })).not.toBeInTheDocument();
  });
});

describe('/checkout thank-you page after paying now', () => {
  const ORDER_URL = /GET \/api\/v1\/orders\/T0k3n_for_the_private_link-00001$/;
  const paymentStatus = () => within(screen.getByTestId('order-payment')).getByRole('status');

  async function placePayNow(user: ReturnType<typeof userEvent.setup>) {
    await user.click(await screen.findByRole('radio', { name: /Pay now with Airtel Money/ }));
    await retype(user, 'Your name', 'Chikondi Banda');
    await retype(user, 'Phone', '0999 123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByRole('heading', { name: 'Thank you! Your order is placed' })).toBeInTheDocument();
  }

  it('follows the payment live: waiting for the PIN, then Paid, and stops looking', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    addToBasket(item);
    let answer = anOrder({ payment: pending });
    const spy = mockApi([
      [/GET \/api\/v1\/products\/1$/, () => json(item)],
      [/GET \/api\/v1\/payment-options$/, () => json({ mobile_money: ['airtel_money'] })],
      [/POST \/api\/v1\/orders$/, () => json({ orders: [aPlacedOrder({ payment: pending })] }, 201)],
      [ORDER_URL, () => json(answer)],
    ]);
    const looks = () => spy.mock.calls.filter(([input]) => ORDER_URL.test(`GET ${String(input)}`)).length;
    renderCheckout();
    await placePayNow(user);
    expect(paymentStatus()).toHaveTextContent('Check your phone and enter your PIN to pay MWK 185,000');

    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(looks()).toBe(1);
    expect(paymentStatus()).toHaveTextContent('Check your phone');

    answer = anOrder({ payment: { ...pending, status: 'paid' } });
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(paymentStatus()).toHaveTextContent('PaidMWK 185,000 paid with Airtel Money');
    expect(screen.queryByText(/Check your phone/)).not.toBeInTheDocument();
    const seen = looks();
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(looks()).toBe(seen);
  });

  it('says what to do next when the payment failed: try again, or pay at the shop', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    addToBasket(item);
    const unconfirmed = anOrder({ payment: { ...pending, status: 'failed', message: PAYMENT_UNCONFIRMED } });
    const spy = mockApi([
      [/GET \/api\/v1\/products\/1$/, () => json(item)],
      [/GET \/api\/v1\/payment-options$/, () => json({ mobile_money: ['airtel_money'] })],
      [/POST \/api\/v1\/orders$/, () => json({ orders: [aPlacedOrder({ payment: pending })] }, 201)],
      [ORDER_URL, () => json(unconfirmed)],
      [/POST \/api\/v1\/orders\/T0k3n_for_the_private_link-00001\/pay$/, () => json(anOrder({ payment: pending }))],
    ]);
    renderCheckout();
    await placePayNow(user);
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(paymentStatus()).toHaveTextContent(PAYMENT_UNCONFIRMED);
    expect(screen.getByRole('button', { name: 'Pay at the shop instead' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() =>
      expect(paymentStatus()).toHaveTextContent('Check your phone and enter your PIN to pay MWK 185,000'),
    );
    const tried = spy.mock.calls.filter(([input, init]) => init?.method === 'POST' && String(input).endsWith('/pay'));
    expect(tried.map(([, init]) => JSON.parse(String(init?.body)) as unknown)).toEqual([{ payment: 'airtel_money' }]);
  });
});
