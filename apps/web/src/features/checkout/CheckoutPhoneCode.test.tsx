import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from '../../lib/router';
import { addToBasket, clearBasket } from '../../lib/basket-store';
import { json, mockApi } from '../../test/fetch-mock';
import { aPlacedOrder } from '../../test/orders';
import { aProduct } from '../../test/products';
import { renderWithRouter } from '../../test/render';
import { retype } from '../../test/typing';
import { CheckoutPage } from './CheckoutPage';

afterEach(() => {
  vi.restoreAllMocks();
  clearBasket();
  localStorage.clear();
  sessionStorage.clear();
});

const item = aProduct({ id: 1, name: 'Tecno Spark 10', price: 100000 });
const inTenMinutes = () => new Date(Date.now() + 10 * 60_000).toISOString();
const TOKEN = `265999123456.${Math.floor(Date.now() / 1000) + 86_400}.c2lnbmF0dXJl`;
const unverified = (message: string) =>
  json({ status: 403, title: 'Forbidden', detail: message, message, code: 'phone_unverified' }, 403);

function renderCheckout() {
  return renderWithRouter(
    <Routes>
      <Route path="/checkout" element={<CheckoutPage />} />
    </Routes>,
    '/checkout',
  );
}

const bodies = (spy: ReturnType<typeof mockApi>, path: string) =>
  spy.mock.calls
    .filter(([input, init]) => init?.method === 'POST' && String(input).endsWith(path))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

describe('/checkout proving the phone', () => {
  it('asks for the SMS code in place, keeps what was typed, sends the code, then keeps the phone token for next time', async () => {
    const user = userEvent.setup();
    addToBasket(item);
    let orders = 0;
    const spy = mockApi([
      [/GET \/api\/v1\/products\/1$/, () => json(item)],
      [/POST \/api\/v1\/phone-codes$/, () => json({ phone: '+265999123456', expires_at: '2026-06-01T08:10:00Z' }, 202)],
      [
        /POST \/api\/v1\/orders$/,
        (_url, init) => {
          orders++;
          const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
          if (orders === 1) return unverified('Enter the 6-digit code we send by SMS to reserve these items.');
          if (body.phone_code === '000000')
            return unverified('That code is not right or has expired. Check the SMS, or ask for a new code.');
          return json({ orders: [aPlacedOrder({ token: 'a'.repeat(32) })], phone_token: TOKEN }, 201);
        },
      ],
    ]);
    renderCheckout();
    await retype(user, 'Your name', 'Chikondi Banda');
    await retype(user, 'Phone', '0999 123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));

    const codeField = await screen.findByLabelText(
      'We sent a 6-digit code by SMS to +265 999 123 456. Enter it to reserve your items.',
    );
    expect(bodies(spy, '/api/v1/phone-codes')).toEqual([{ phone: '+265999123456' }]);
    expect(screen.getByLabelText('Your name')).toHaveValue('Chikondi Banda');

    // Without a code: said at once, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByText('Enter the 6-digit code from the SMS')).toBeInTheDocument();
    expect(orders).toBe(1);

    await user.type(codeField, '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    expect(
      await screen.findByText('That code is not right or has expired. Check the SMS, or ask for a new code.'),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(bodies(spy, '/api/v1/phone-codes')).toHaveLength(2));
    await user.type(codeField, '123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByRole('heading', { name: /Order placed|Your order is placed/ })).toBeInTheDocument();
    expect(bodies(spy, '/api/v1/orders').at(-1)).toMatchObject({ phone: '+265999123456', phone_code: '123456' });
    expect(JSON.parse(localStorage.getItem('phone-proofs') ?? '{}')).toEqual({ '+265999123456': TOKEN });

    // Next time: the kept token goes with the order, and no code is asked.
    cleanup();
    addToBasket(item);
    renderCheckout();
    await retype(user, 'Your name', 'Chikondi Banda');
    await retype(user, 'Phone', '+265 999 123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    await waitFor(() => expect(bodies(spy, '/api/v1/orders').at(-1)).toMatchObject({ phone_token: TOKEN }));
    expect(bodies(spy, '/api/v1/orders').at(-1)).not.toHaveProperty('phone_code');
  });

  // Decision 0083: where phones are proved, paying now needs the code too (the PIN prompt goes only to a proved phone).
  it('asks for the code when paying now too, and sends it with the mobile-money order', async () => {
    const user = userEvent.setup();
    addToBasket(item);
    const spy = mockApi([
      [/GET \/api\/v1\/products\/1$/, () => json(item)],
      [/GET \/api\/v1\/payment-options$/, () => json({ mobile_money: ['airtel_money'] })],
      [/POST \/api\/v1\/phone-codes$/, () => json({ phone: '+265999123456', expires_at: inTenMinutes() }, 202)],
      [
        /POST \/api\/v1\/orders$/,
        (_url, init) =>
          (JSON.parse(String(init?.body)) as Record<string, unknown>).phone_code
            ? json({ orders: [aPlacedOrder({ token: 'a'.repeat(32) })], phone_token: TOKEN }, 201)
            : unverified('Enter the 6-digit code we send by SMS to reserve these items.'),
      ],
    ]);
    renderCheckout();
    await user.click(await screen.findByRole('radio', { name: /Pay now with Airtel Money/ }));
    await retype(user, 'Your name', 'Chikondi Banda');
    await retype(user, 'Phone', '0999 123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    await user.type(await screen.findByLabelText(/We sent a 6-digit code by SMS to \+265 999 123 456/), '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByRole('heading', { name: /Order placed|Your order is placed/ })).toBeInTheDocument();
    expect(bodies(spy, '/api/v1/orders').at(-1)).toMatchObject({ payment: 'airtel_money', phone_code: '123456' });
  });

  it('shows the code box again after a reload while the code is live, without asking for a new code', async () => {
    const user = userEvent.setup();
    addToBasket(item);
    const spy = mockApi([
      [/GET \/api\/v1\/products\/1$/, () => json(item)],
      [/POST \/api\/v1\/phone-codes$/, () => json({ phone: '+265999123456', expires_at: inTenMinutes() }, 202)],
      [
        /POST \/api\/v1\/orders$/,
        (_url, init) =>
          (JSON.parse(String(init?.body)) as Record<string, unknown>).phone_code
            ? json({ orders: [aPlacedOrder({ token: 'a'.repeat(32) })], phone_token: TOKEN }, 201)
            : unverified('Enter the 6-digit code we send by SMS to reserve these items.'),
      ],
    ]);
    renderCheckout();
    await retype(user, 'Your name', 'Chikondi Banda');
    await retype(user, 'Phone', '0999 123 456');
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    await screen.findByLabelText(/We sent a 6-digit code by SMS/);
    expect(bodies(spy, '/api/v1/phone-codes')).toHaveLength(1);

    // The page is reloaded while the SMS is on its way: the box is there at once, and no second code is asked.
    cleanup();
    renderCheckout();
    const code = await screen.findByLabelText(/We sent a 6-digit code by SMS to \+265 999 123 456/);
    await retype(user, 'Your name', 'Chikondi Banda');
    await retype(user, 'Phone', '0999 123 456');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByRole('heading', { name: /Order placed|Your order is placed/ })).toBeInTheDocument();
    expect(bodies(spy, '/api/v1/phone-codes')).toHaveLength(1);
    expect(bodies(spy, '/api/v1/orders').at(-1)).toMatchObject({ phone_code: '123456' });

    // Used: the next checkout in this tab shows no box for it.
    cleanup();
    addToBasket(item);
    renderCheckout();
    await screen.findByLabelText('Your name');
    expect(screen.queryByTestId('phone-code-step')).not.toBeInTheDocument();
  });

  it('asks for a new code after a reload once the code has expired', async () => {
    sessionStorage.setItem(
      'phone-code-sent',
      JSON.stringify({ phone: '+265999123456', expires_at: new Date(Date.now() - 1000).toISOString() }),
    );
    addToBasket(item);
    mockApi([[/GET \/api\/v1\/products\/1$/, () => json(item)]]);
    renderCheckout();
    await screen.findByLabelText('Your name');
    expect(screen.queryByTestId('phone-code-step')).not.toBeInTheDocument();
  });
});
