import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PublicOrder } from '@marketplace/shared';
import { Route, Routes } from '../../lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { anOrder } from '../../test/orders';
import { renderWithRouter } from '../../test/render';
import { PLACED_ORDERS_KEY, rememberOrders } from '../../lib/placed-orders';
import { OrderPage } from './OrderPage';

afterEach(() => vi.restoreAllMocks());

const TOKEN = 'T0k3n_for_the_private_link-00001';
const ORDER_URL = new RegExp(`GET /api/v1/orders/${TOKEN}$`);
const CANCEL_URL = new RegExp(`POST /api/v1/orders/${TOKEN}/cancel$`);

function renderOrder(token = TOKEN) {
  return renderWithRouter(
    <Routes>
      <Route path="/order/:token" element={<OrderPage />} />
    </Routes>,
    `/order/${token}`,
  );
}

const event = (
  id: number,
  to_status: string,
  by: 'buyer' | 'staff' | 'system',
  created_at: string,
  reason: string | null = null,
) => ({
  id,
  action: to_status,
  from_status: null,
  to_status,
  reason,
  actor: by === 'staff' ? 'Staff Member' : null,
  by,
  created_at,
});

describe('/order/{token}', () => {
  it('shows the number, status, shop, items, totals, how it is received and the history', async () => {
    const order = anOrder({
      status: 'Confirmed',
      fulfilment: 'delivery',
      address: 'Plot 12',
      area: 'Nyambadwe',
      email: 'chikondi@example.mw',
      delivery_fee: 5000,
      total: 190000,
      history: [
        event(1, 'Placed', 'buyer', '2025-08-14T12:30:00.000Z'),
        event(2, 'Confirmed', 'staff', '2025-08-14T13:05:00.000Z'),
      ],
    });
    mockApi([[ORDER_URL, () => json(order)]]);
    renderOrder();
    expect(await screen.findByTestId('order-number')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Order numberMW-4K7Q2');
    const status = within(screen.getByTestId('order-status'));
    expect(status.getByText('Confirmed')).toBeInTheDocument();
    expect(status.getByText('The shop has confirmed your order and will arrange the delivery.')).toBeInTheDocument();
    expect(screen.getByText('Pay the driver in cash or by mobile money when the item arrives.')).toBeInTheDocument();
    expect(
      screen.getByText(
        (_, el) => el?.tagName === 'P' && el.textContent === 'We hold your items until Sat, 16 Aug 2025, 2:30 pm',
      ),
    ).toBeInTheDocument();

    const shop = within(screen.getByRole('region', { name: 'Delivered by' }));
    expect(shop.getByTestId('shop-name')).toHaveTextContent('Chichiri Electronics');
    expect(shop.getByRole('link', { name: /^Call the shop/ })).toHaveAttribute('href', 'tel:+265888234567');
    expect(shop.getByRole('link', { name: /^Chat on WhatsApp/ })).toHaveAttribute(
      'href',
      `https://wa.me/265888234567?text=${encodeURIComponent('Hello, about my order MW-4K7Q2')}`,
    );

    const items = within(screen.getByRole('region', { name: 'Items' }));
    expect(items.getByText('Samsung Galaxy A14')).toBeInTheDocument();
    expect(items.getByText('MWK 5,000')).toBeInTheDocument();
    expect(items.getByTestId('order-total').textContent).toBe('MWK 190,000');

    const receive = within(screen.getByRole('region', { name: 'Delivery' }));
    expect(receive.getByText('Plot 12, Nyambadwe')).toBeInTheDocument();
    expect(receive.getByText('+265 999 123 456')).toBeInTheDocument();
    expect(receive.getByText('chikondi@example.mw')).toBeInTheDocument();

    const history = within(screen.getByRole('list', { name: 'Order history' }));
    expect(history.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Thu, 14 Aug 2025, 2:30 pmOrder placed',
      'Thu, 14 Aug 2025, 3:05 pmConfirmed by the shop',
    ]);
    expect(screen.queryByText(/Staff Member/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel order' })).toBeInTheDocument();
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  it.each([
    ['Placed', 'collect', 'Your items are reserved. The shop will call you to confirm.', true],
    ['Ready for collection', 'collect', 'Your order is ready. Collect it at the shop and pay at the counter.', true],
    ['Out for delivery', 'delivery', 'Your order is on its way. Pay when it is delivered.', true],
    ['Completed', 'collect', 'Collected and paid. Thank you for buying with us!', false],
    ['Cancelled', 'collect', 'This order was cancelled. The items are back on sale.', false],
    ['Expired', 'collect', 'This reservation expired because the order was not collected in time.', false],
  ] as const)('%s (%s) says "%s"', async (status, fulfilment, text, cancellable) => {
    mockApi([[ORDER_URL, () => json(anOrder({ status, fulfilment }))]]);
    renderOrder();
    const block = within(await screen.findByTestId('order-status'));
    expect(block.getByText(status)).toBeInTheDocument();
    expect(block.getByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' }) !== null).toBe(cancellable);
    // The hold time only while the reservation can still run out (not once it is out for delivery or over).
    expect(screen.queryByText(/We hold your items until/) !== null).toBe(
      status === 'Placed' || status === 'Ready for collection',
    );
  });

  it('cancels behind a confirmation with an optional reason, then shows the cancelled order', async () => {
    const user = userEvent.setup();
    const cancelled: PublicOrder = anOrder({
      status: 'Cancelled',
      history: [
        event(1, 'Placed', 'buyer', '2025-08-14T12:30:00.000Z'),
        event(2, 'Cancelled', 'buyer', '2025-08-14T14:00:00.000Z', 'Found one cheaper'),
      ],
    });
    const spy = mockApi([
      [ORDER_URL, () => json(anOrder())],
      [CANCEL_URL, () => json(cancelled)],
    ]);
    renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Cancel order MW-4K7Q2?' }));
    await user.click(dialog.getByRole('button', { name: 'Keep the order' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(spy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const again = within(screen.getByRole('dialog'));
    await user.type(again.getByLabelText('Reason (optional)'), '  Found one cheaper ');
    await user.click(again.getByRole('button', { name: 'Cancel order' }));

    await waitFor(() => expect(within(screen.getByTestId('order-status')).getByText('Cancelled')).toBeInTheDocument());
    expect(screen.getByText('This order was cancelled. The items are back on sale.')).toBeInTheDocument();
    // Focus moves in an effect after the status renders: wait for it rather than race it.
    await waitFor(() => expect(screen.getByTestId('order-status')).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
    expect(screen.getByText('Cancelled by you')).toBeInTheDocument();
    expect(screen.getByText('Reason: Found one cheaper')).toBeInTheDocument();
    const post = spy.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ reason: 'Found one cheaper' });
  });

  it('keeps the dialog and the reason when the cancel call fails, and explains a refusal', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    let current = anOrder({ status: 'Ready for collection' });
    mockApi([
      [ORDER_URL, () => json(current)],
      [
        CANCEL_URL,
        () => {
          attempt += 1;
          if (attempt === 1) throw new TypeError('Failed to fetch');
          current = anOrder({ status: 'Completed' });
          return json({ message: 'The order is already completed.' }, 409);
        },
      ],
    ]);
    renderOrder();
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.type(dialog.getByLabelText('Reason (optional)'), 'Changed my mind');
    await user.click(dialog.getByRole('button', { name: 'Cancel order' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'We could not reach the shop. Check your connection and try again.',
    );
    expect(dialog.getByLabelText('Reason (optional)')).toHaveValue('Changed my mind');

    await user.click(dialog.getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The order is already completed.');
    await waitFor(() => expect(within(screen.getByTestId('order-status')).getByText('Completed')).toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).not.toBeInTheDocument();
  });

  it('shows the collection code while the order is open, with who to tell it to, and not once it is closed', async () => {
    mockApi([[ORDER_URL, () => json(anOrder({ status: 'Ready for collection', collection_code: '048291' }))]]);
    const { unmount } = renderOrder();
    const code = await screen.findByTestId('collection-code');
    expect(code).toHaveTextContent('Your collection code048291');
    expect(code).toHaveTextContent('Say it at the counter when you have your items. Never tell it to anyone before.');
    unmount();
    mockApi([[ORDER_URL, () => json(anOrder({ status: 'Completed', collection_code: '048291' }))]]);
    renderOrder();
    expect(await screen.findByTestId('order-number')).toBeInTheDocument();
    expect(screen.queryByTestId('collection-code')).not.toBeInTheDocument();
  });

  it("says 'Order not found' for a 404", async () => {
    mockApi([[/GET \/api\/v1\/orders\/nope$/, () => json({ message: 'Order not found' }, 404)]]);
    renderOrder('nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order not found' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it("offers 'Lost your order link?' on an unknown link: the number and phone go to the server as typed", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    mockApi([
      [/GET \/api\/v1\/orders\/nope$/, () => json({ message: 'Order not found' }, 404)],
      [
        /POST \/api\/v1\/orders\/resend$/,
        (_url, init) => {
          sent.push(JSON.parse(String(init?.body)));
          return json({ message: 'If the number and phone match an order, its link is on its way by SMS.' }, 202);
        },
      ],
    ]);
    renderOrder('nope');
    const form = await screen.findByRole('region', { name: 'Lost your order link?' });
    await user.type(within(form).getByLabelText('Order number'), 'MW-4K7Q2');
    await user.type(within(form).getByLabelText('Phone number'), '0999 123 456');
    await user.click(within(form).getByRole('button', { name: 'Send me the link' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('its link is on its way by SMS');
    expect(sent).toEqual([{ number: 'MW-4K7Q2', phone: '0999 123 456' }]);
  });

  it('offers a retry for any other failure', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    mockApi([[ORDER_URL, () => (++attempt === 1 ? json({ message: 'Internal Server Error' }, 500) : json(anOrder()))]]);
    renderOrder();
    expect(await screen.findByRole('heading', { level: 1, name: 'Could not load your order' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('order-number')).toBeInTheDocument();
  });
});

describe('the order link kept on this phone', () => {
  const ref = (token: string, number: string) => ({
    number,
    token,
    shop_name: 'Lilongwe City Centre Shop',
    created_at: new Date().toISOString(),
  });
  const kept = () =>
    (JSON.parse(window.localStorage.getItem(PLACED_ORDERS_KEY) ?? '[]') as { token: string }[]).map((o) => o.token);
  const OTHER = 'Other_order_link_token_000000002';

  it('is forgotten with "Forget this order on this phone", which leaves the page', async () => {
    const user = userEvent.setup();
    rememberOrders([ref(TOKEN, 'MW-4K7Q2'), ref(OTHER, 'MW-5K7Q2')]);
    mockApi([[ORDER_URL, () => json(anOrder({ status: 'Placed' }))]]);
    renderWithRouter(
      <Routes>
        <Route path="/order/:token" element={<OrderPage />} />
        <Route path="/basket" element={<h1>Basket page</h1>} />
      </Routes>,
      `/order/${TOKEN}`,
    );
    expect(kept()).toEqual([TOKEN, OTHER]);
    await user.click(await screen.findByRole('button', { name: 'Forget this order on this phone' }));
    expect(await screen.findByRole('heading', { name: 'Basket page' })).toBeInTheDocument();
    expect(kept()).toEqual([OTHER]);
  });

  it.each(['Completed', 'Cancelled', 'Expired'] as const)('is forgotten once the order is %s', async (status) => {
    rememberOrders([ref(TOKEN, 'MW-4K7Q2'), ref(OTHER, 'MW-5K7Q2')]);
    mockApi([[ORDER_URL, () => json(anOrder({ status }))]]);
    renderOrder();
    await waitFor(() => expect(kept()).toEqual([OTHER]));
  });

  it('is kept while the order is open', async () => {
    rememberOrders([ref(TOKEN, 'MW-4K7Q2')]);
    mockApi([[ORDER_URL, () => json(anOrder({ status: 'Ready for collection' }))]]);
    renderOrder();
    await screen.findByRole('button', { name: 'Forget this order on this phone' });
    expect(kept()).toEqual([TOKEN]);
  });
});
