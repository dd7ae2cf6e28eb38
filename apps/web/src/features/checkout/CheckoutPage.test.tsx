import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from '../../lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addToBasket, clearBasket, getBasket } from '../../lib/basket-store';
import { PLACED_ORDERS_KEY } from '../../lib/placed-orders';
import { json, mockApi } from '../../test/fetch-mock';
import { aPlacedOrder } from '../../test/orders';
import { aProduct, aShop } from '../../test/products';
import { renderWithRouter } from '../../test/render';
import { CheckoutPage } from './CheckoutPage';

afterEach(() => {
  vi.restoreAllMocks();
  clearBasket();
});

const mzuzu = aShop({ id: 2, name: 'Mzuzu Tech', town: 'Mzuzu', address: 'Orton Chirwa Road', phone: '+265 111 234 567', delivery_fee: 5000 });

function renderCheckout() {
  return renderWithRouter(
    <Routes>
      <Route path="/checkout" element={<CheckoutPage />} />
      <Route path="/basket" element={<h1>Basket page</h1>} />
    </Routes>,
    '/checkout',
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const confirm = () => fireEvent.click(screen.getByRole('button', { name: /^(Confirm order|Continue with the other items|Placing order…)$/ }));
const choose = (name: RegExp) => fireEvent.click(screen.getByRole('radio', { name }));
const postBodies = (spy: ReturnType<typeof mockApi>) =>
  spy.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
/** The order requests sent, without their retry key (requestIds checks that). */
const posts = (spy: ReturnType<typeof mockApi>) => postBodies(spy).map(({ request_id: _key, ...body }) => body);
const requestIds = (spy: ReturnType<typeof mockApi>) => postBodies(spy).map((body) => body.request_id);

/** The message is rendered under the field and announced as its description. */
function expectMessageUnder(label: string, message: string) {
  const input = field(label);
  expect(input.getAttribute('aria-invalid')).toBe('true');
  const described = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
  expect(described).toContain(message);
}

/** The items' live listings have been read (the summary shows the basket's snapshot until then). */
const checked = () => waitFor(() => expect(screen.queryByText('Checking prices and availability…')).toBeNull());

function fillBuyer() {
  type('Your name', 'Chikondi Banda');
  type('Phone', '0999 123 456');
}

function basketOf(...products: ReturnType<typeof aProduct>[]) {
  for (const product of products) addToBasket(product);
}

const phone = aProduct({ id: 1, name: 'Tecno Spark 10', price: 100000 });
const laptop = aProduct({ id: 2, name: 'HP EliteBook 840', price: 250000 });
const radio = aProduct({ id: 4, name: 'Bush Radio', price: 20000 });
const tv = aProduct({ id: 3, name: 'Hisense 43" TV', price: 400000, shop: mzuzu });

describe('/checkout form', () => {
  it('shows the exact messages of the checkout schema next to each field and sends nothing', async () => {
    basketOf(phone);
    const spy = mockApi([[/GET \/api\/v1\/products\/1$/, () => json(phone)]]);
    renderCheckout();
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: /^Collect at the shop/ }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('+265 or 0 followed by 9 digits')).toBeTruthy();

    confirm();
    expect(await screen.findByText('Your name is required')).toBeTruthy();
    expectMessageUnder('Your name', 'Your name is required');
    expectMessageUnder('Phone', 'Phone number is required');

    type('Phone', '0999 12 345');
    type('Email (optional)', 'chikondi@');
    choose(/^Delivery/);
    confirm();
    expect(await screen.findByText('Enter a Malawi phone number: +265 or 0 followed by 9 digits')).toBeTruthy();
    expectMessageUnder('Phone', 'Enter a Malawi phone number: +265 or 0 followed by 9 digits');
    expectMessageUnder('Email (optional)', 'Invalid email');
    expectMessageUnder('Address', 'Delivery address is required');
    expectMessageUnder('Area', 'Area is required');
    expect(posts(spy)).toEqual([]);
  });

  it("asks for address and area only for delivery, with each shop's town and delivery fee", async () => {
    basketOf(phone, tv);
    mockApi([
      [/GET \/api\/v1\/products\/1$/, () => json(phone)],
      [/GET \/api\/v1\/products\/3$/, () => json(tv)],
    ]);
    renderCheckout();
    await checked();
    expect(screen.queryByLabelText('Address')).toBeNull();
    expect(screen.queryByLabelText('Area')).toBeNull();

    choose(/^Delivery/);
    expect(field('Address')).toBeTruthy();
    expect(field('Area')).toBeTruthy();
    const byShop = within(screen.getByRole('list', { name: 'Delivery by shop' }));
    const [first, second] = byShop.getAllByRole('listitem');
    expect(within(first!).getByText('Delivery within Blantyre only')).toBeTruthy();
    expect(within(first!).getByText('Delivery fee: agreed on the phone')).toBeTruthy();
    expect(within(second!).getByText('Delivery within Mzuzu only')).toBeTruthy();
    expect(within(second!).getByText('Delivery fee: MWK 5,000')).toBeTruthy();

    // Back to collection: the fields go, and what was typed in them stays for a change of mind.
    type('Address', 'Plot 12');
    choose(/^Collect at the shop/);
    expect(screen.queryByLabelText('Address')).toBeNull();
    choose(/^Delivery/);
    expect(field('Address').value).toBe('Plot 12');
  });

  it('says plainly that items in two shops become two orders, and lists each order after confirming', async () => {
    basketOf(phone, tv);
    const spy = mockApi([
      [/GET \/api\/v1\/products\/1$/, () => json(phone)],
      [/GET \/api\/v1\/products\/3$/, () => json(tv)],
      [
        /POST \/api\/v1\/orders$/,
        () =>
          json(
            {
              orders: [
                aPlacedOrder({ number: 'MW-4K7Q2', token: 'a'.repeat(32), items: [{ product_id: 1, name: phone.name, price: 100000, image: null }], total: 100000 }),
                aPlacedOrder({
                  number: 'MW-9XZ3P',
                  token: 'b'.repeat(32),
                  shop: { id: 2, name: 'Mzuzu Tech', town: 'Mzuzu', address: 'Orton Chirwa Road', hours: 'Daily 8-18', phone: '+265 111 234 567' },
                  items: [{ product_id: 3, name: tv.name, price: 400000, image: null }],
                  total: 400000,
                }),
              ],
            },
            201,
          ),
      ],
    ]);
    renderCheckout();
    await checked();
    const groups = screen.getAllByTestId('shop-group');
    expect(groups.map((g) => within(g).getByRole('heading').textContent)).toEqual(['Chichiri Electronics, Blantyre', 'Mzuzu Tech, Mzuzu']);
    expect(within(groups[1]!).getByText('MWK 400,000', { selector: '.font-bold' })).toBeTruthy();
    expect(screen.getByTestId('checkout-total').textContent).toBe('MWK 500,000');
    expect(screen.getByTestId('shops-note').textContent).toBe(
      'Your items are in 2 shops, so this becomes 2 orders, one per shop. Each shop calls you about its own order.',
    );

    fillBuyer();
    confirm();
    expect(await screen.findByRole('heading', { level: 1, name: 'Thank you! Your 2 orders are placed' })).toBeTruthy();
    expect(posts(spy)).toEqual([
      { items: [{ product_id: 1, price: 100000 }, { product_id: 3, price: 400000 }], buyer_name: 'Chikondi Banda', phone: '+265999123456', fulfilment: 'collect' },
    ]);
    const placed = screen.getAllByTestId('placed-order');
    expect(placed.map((o) => within(o).getByTestId('order-number').textContent)).toEqual(['MW-4K7Q2', 'MW-9XZ3P']);
    expect(within(placed[1]!).getByTestId('shop-name').textContent).toBe('Mzuzu Tech');
    // A landline: call, but no WhatsApp.
    expect(within(placed[1]!).getByRole('link', { name: /^Call the shop/ }).getAttribute('href')).toBe('tel:+265111234567');
    expect(within(placed[1]!).queryByRole('link', { name: /WhatsApp/ })).toBeNull();
    expect(within(placed[0]!).getByRole('link', { name: /WhatsApp/ }).getAttribute('href')).toBe(`https://wa.me/265888234567?text=${encodeURIComponent('Hello, about my order MW-4K7Q2')}`);
    expect(screen.getAllByText(/^Bring your order number and the money\. Pay at the counter in cash or by mobile money \(Airtel Money or TNM Mpamba\)\. Check the item before you pay\.$/)).toHaveLength(2);
    expect(getBasket()).toEqual([]);
  });
});

describe('/checkout answers', () => {
  it('on success: shows the number, shop, hold time and private link; empties the basket of the ordered items; remembers the order', async () => {
    const reserved = aProduct({ id: 8, name: 'Reserved Phone', reserved: true });
    basketOf(phone, reserved);
    let answer: (response: Response) => void = () => {};
    const spy = mockApi([
      [/GET \/api\/v1\/products\/1$/, () => json(phone)],
      [/GET \/api\/v1\/products\/8$/, () => json(reserved)],
      [/POST \/api\/v1\/orders$/, () => new Promise<Response>((resolve) => (answer = resolve))],
    ]);
    renderCheckout();
    expect(await screen.findByText('Reserved Phone: Reserved by another buyer')).toBeTruthy();
    fillBuyer();
    type('Email (optional)', 'Chikondi@Example.mw');
    choose(/^Delivery/);
    type('Address', 'Plot 12, Nyambadwe');
    type('Area', 'Nyambadwe');
    confirm();

    const button = (await screen.findByRole('button', { name: 'Placing order…' })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(posts(spy)).toEqual([
      {
        items: [{ product_id: 1, price: 100000 }],
        buyer_name: 'Chikondi Banda',
        phone: '+265999123456',
        email: 'chikondi@example.mw',
        fulfilment: 'delivery',
        address: 'Plot 12, Nyambadwe',
        area: 'Nyambadwe',
      },
    ]);

    const order = aPlacedOrder({ fulfilment: 'delivery', address: 'Plot 12, Nyambadwe', area: 'Nyambadwe', items: [{ product_id: 1, name: phone.name, price: 100000, image: null }] });
    await act(async () => answer(json({ orders: [order] }, 201)));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Thank you! Your order is placed' });
    expect(document.activeElement).toBe(heading);
    const placed = within(screen.getByTestId('placed-order'));
    expect(placed.getByTestId('order-number').textContent).toBe('MW-4K7Q2');
    expect(placed.getByTestId('shop-name').textContent).toBe('Chichiri Electronics');
    expect(placed.getByText('Shop 4, Chichiri Shopping Centre, Blantyre')).toBeTruthy();
    expect(placed.getByText('Mon-Sat 8:00-17:00')).toBeTruthy();
    expect(placed.getByRole('link', { name: /^Call the shop/ }).getAttribute('href')).toBe('tel:+265888234567');
    expect(placed.getByText('Pay the driver in cash or by mobile money when the item arrives.')).toBeTruthy();
    expect(placed.getByText((_, el) => el?.tagName === 'P' && el.textContent === 'We hold your items until Sat, 16 Aug 2025, 2:30 pm')).toBeTruthy();
    expect(placed.getByRole('link', { name: /^Keep this link to follow your order/ }).getAttribute('href')).toBe(`/order/${order.token}`);

    // The ordered item left the basket; the reserved one, never sent, stays for the buyer to see.
    expect(getBasket().map((item) => item.id)).toEqual([8]);
    expect(JSON.parse(window.localStorage.getItem(PLACED_ORDERS_KEY) ?? '[]')).toEqual([
      { number: 'MW-4K7Q2', token: order.token, shop_name: 'Chichiri Electronics', created_at: order.created_at },
    ]);
    expect(window.sessionStorage.getItem('checkout-draft')).toBeNull();
    // The retry key belonged to this order: the next checkout gets a new one.
    expect(requestIds(spy)[0]).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(window.sessionStorage.getItem('checkout-request')).toBeNull();
  });

  it('on a 409: names what was taken, takes it out of the basket, updates prices, keeps what was typed, and sends only the rest', async () => {
    basketOf(phone, laptop, radio, tv);
    let taken = false;
    let orderCalls = 0;
    const spy = mockApi([
      [/GET \/api\/v1\/products\/1$/, () => json(phone)],
      [/GET \/api\/v1\/products\/2$/, () => json({ ...laptop, reserved: taken })],
      [/GET \/api\/v1\/products\/4$/, () => (taken ? json({ message: 'Product not found' }, 404) : json(radio))],
      [/GET \/api\/v1\/products\/3$/, () => json(tv)],
      [
        /POST \/api\/v1\/orders$/,
        () => {
          orderCalls += 1;
          if (orderCalls === 1) {
            taken = true;
            return json({ message: 'Some items are no longer available', unavailable: [2, 4], changed: [{ product_id: 3, price: 380000 }] }, 409);
          }
          return json({ orders: [aPlacedOrder()] }, 201);
        },
      ],
    ]);
    renderCheckout();
    await checked();
    fillBuyer();
    type('Email (optional)', 'chikondi@example.mw');
    confirm();

    // Waits for the notice's content, not the first alert: the reserved-or-sold lookup comes after the 409.
    const notice = (await screen.findByText('HP EliteBook 840 was just reserved by another buyer')).closest('[role="alert"]') as HTMLElement;
    expect(notice).not.toBeNull();
    expect(within(notice).getByText('Bush Radio is no longer available')).toBeTruthy();
    expect(within(notice).getByText('Hisense 43" TV: the price changed from MWK 400,000 to MWK 380,000')).toBeTruthy();
    expect(getBasket().map((item) => [item.id, item.price])).toEqual([
      [1, 100000],
      [3, 380000],
    ]);
    expect(screen.getAllByTestId('shop-group').map((g) => within(g).getAllByRole('listitem').length)).toEqual([1, 1]);
    expect(field('Your name').value).toBe('Chikondi Banda');
    expect(field('Phone').value).toBe('0999 123 456');
    expect(field('Email (optional)').value).toBe('chikondi@example.mw');

    // The button reads 'Placing order…' until the refused submission has finished settling.
    fireEvent.click(await screen.findByRole('button', { name: 'Continue with the other items' }));
    await screen.findByRole('heading', { level: 1, name: 'Thank you! Your order is placed' });
    expect(posts(spy).map((body) => body.items)).toEqual([
      [
        { product_id: 1, price: 100000 },
        { product_id: 2, price: 250000 },
        { product_id: 4, price: 20000 },
        { product_id: 3, price: 400000 },
      ],
      [
        { product_id: 1, price: 100000 },
        { product_id: 3, price: 380000 },
      ],
    ]);
  });

  it('when every item was taken, says so and keeps what was typed for the next order', async () => {
    basketOf(laptop);
    mockApi([
      [/GET \/api\/v1\/products\/2$/, () => json(laptop)],
      [/POST \/api\/v1\/orders$/, () => json({ message: 'Some items are no longer available', unavailable: [2], changed: [] }, 409)],
    ]);
    renderCheckout();
    await checked();
    fillBuyer();
    confirm();
    expect(await screen.findByText('HP EliteBook 840 is no longer available')).toBeTruthy();
    expect(screen.getByText('Your basket is empty.')).toBeTruthy();
    expect(screen.getByText(/Nothing is left to order\./)).toBeTruthy();
    expect(getBasket()).toEqual([]);
    expect(JSON.parse(window.sessionStorage.getItem('checkout-draft') ?? '{}')).toMatchObject({ buyer_name: 'Chikondi Banda', phone: '0999 123 456' });
  });

  it('a lost connection or a 429 says what happened; nothing typed is lost, not even by a reload', async () => {
    basketOf(phone);
    let attempt = 0;
    const spy = mockApi([
      [/GET \/api\/v1\/products\/1$/, () => json(phone)],
      [
        /POST \/api\/v1\/orders$/,
        () => {
          attempt += 1;
          if (attempt === 1) throw new TypeError('Failed to fetch');
          return json({ message: 'Too many orders from your network. Please try again in a few minutes.' }, 429);
        },
      ],
    ]);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderCheckout();
    fillBuyer();
    choose(/^Delivery/);
    type('Address', 'Plot 12');
    type('Area', 'Nyambadwe');
    confirm();
    expect((await screen.findByRole('alert')).textContent).toBe('We could not reach the shop. Check your connection and try again: what you typed is still here.');
    expect(field('Your name').value).toBe('Chikondi Banda');
    expect(field('Address').value).toBe('Plot 12');
    expect(getBasket().map((item) => item.id)).toEqual([1]);

    confirm();
    expect(await screen.findByText('Too many orders from your network. Please try again in a few minutes.')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm order' })).toBeTruthy());

    // Both tries carried one retry key: had the first reached the server, the second gets its orders back.
    const [first, second] = requestIds(spy);
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(second).toBe(first);

    cleanup();
    renderCheckout();
    expect(field('Your name').value).toBe('Chikondi Banda');
    expect(field('Phone').value).toBe('0999 123 456');
    expect((screen.getByRole('radio', { name: /^Delivery/ }) as HTMLInputElement).checked).toBe(true);
    expect(field('Area').value).toBe('Nyambadwe');
  });

  it("puts the server's field messages under the fields", async () => {
    basketOf(phone);
    mockApi([
      [/GET \/api\/v1\/products\/1$/, () => json(phone)],
      [/POST \/api\/v1\/orders$/, () => json({ message: 'Validation failed', errors: { phone: 'This number cannot be reached', buyer_name: 'Name looks wrong' } }, 400)],
    ]);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderCheckout();
    fillBuyer();
    confirm();
    await waitFor(() => expectMessageUnder('Phone', 'This number cannot be reached'));
    expectMessageUnder('Your name', 'Name looks wrong');
    expect(screen.getByRole('alert').textContent).toBe('Please correct the marked fields.');
  });

  it('an empty basket says so and links back to it', async () => {
    mockApi([]);
    renderCheckout();
    expect(screen.getByText('Your basket is empty.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Confirm order' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Back to your basket' }));
    expect(await screen.findByRole('heading', { name: 'Basket page' })).toBeTruthy();
  });
});
