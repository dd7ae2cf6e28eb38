import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { Route, Routes } from '../../lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { addToBasket, clearBasket, getBasket } from '../../lib/basket-store';
import { PLACED_ORDERS_KEY } from '../../lib/placed-orders';
import { json, mockApi } from '../../test/fetch-mock';
import { aPlacedOrder } from '../../test/orders';
import { aProduct, aShop } from '../../test/products';
import { renderWithRouter } from '../../test/render';
import { retype } from '../../test/typing';
import { CheckoutPage } from './CheckoutPage';

afterEach(() => {
  vi.restoreAllMocks();
  clearBasket();
});

const mzuzu = aShop({
  id: 2,
  name: 'Mzuzu Tech',
  town: 'Mzuzu',
  address: 'Orton Chirwa Road',
  phone: '+265 111 234 567',
  delivery_fee: 5000,
});

function renderCheckout() {
  return renderWithRouter(
    <Routes>
      <Route path="/checkout" element={<CheckoutPage />} />
      <Route path="/basket" element={<h1>Basket page</h1>} />
    </Routes>,
    '/checkout',
  );
}

const field = (label: string) => screen.getByLabelText(label);
const confirm = (user: UserEvent) =>
  user.click(screen.getByRole('button', { name: /^(Confirm order|Continue with the other items|Placing order…)$/ }));
const choose = (user: UserEvent, name: RegExp) => user.click(screen.getByRole('radio', { name }));
const postBodies = (spy: ReturnType<typeof mockApi>) =>
  spy.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
/** The order requests sent, without their retry key (requestIds checks that). */
const posts = (spy: ReturnType<typeof mockApi>) => postBodies(spy).map(({ request_id: _key, ...body }) => body);
const requestIds = (spy: ReturnType<typeof mockApi>) => postBodies(spy).map((body) => body.request_id);

/** The message is rendered under the field and announced as its description. */
function expectMessageUnder(label: string, message: string) {
  const input = field(label);
  expect(input).toHaveAttribute('aria-invalid', 'true');
  const described = (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent);
  expect(described).toContain(message);
}

/** The items' live listings have been read (the summary shows the basket's snapshot until then). */
const checked = () =>
  waitFor(() => expect(screen.queryByText('Checking prices and availability…')).not.toBeInTheDocument());

async function fillBuyer(user: UserEvent) {
  await retype(user, 'Your name', 'Chikondi Banda');
  await retype(user, 'Phone', '0999 123 456');
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
    const user = userEvent.setup();
    basketOf(phone);
    const spy = mockApi([[/GET \/api\/v1\/products\/1$/, () => json(phone)]]);
    renderCheckout();
    expect(screen.getByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /^Collect at the shop/ })).toBeChecked();
    expect(screen.getByText('+265 or 0 followed by 9 digits')).toBeInTheDocument();

    await confirm(user);
    expect(await screen.findByText('Your name is required')).toBeInTheDocument();
    expectMessageUnder('Your name', 'Your name is required');
    expectMessageUnder('Phone', 'Phone number is required');

    await retype(user, 'Phone', '0999 12 345');
    await retype(user, 'Email (optional)', 'chikondi@');
    await choose(user, /^Delivery/);
    await confirm(user);
    expect(await screen.findByText('Enter a Malawi phone number: +265 or 0 followed by 9 digits')).toBeInTheDocument();
    expectMessageUnder('Phone', 'Enter a Malawi phone number: +265 or 0 followed by 9 digits');
    expectMessageUnder('Email (optional)', 'Invalid email');
    expectMessageUnder('Address', 'Delivery address is required');
    expectMessageUnder('Area', 'Area is required');
    expect(posts(spy)).toEqual([]);
  });

  it("asks for address and area only for delivery, with each shop's town and delivery fee", async () => {
    const user = userEvent.setup();
    basketOf(phone, tv);
    mockApi([
      [/GET \/api\/v1\/products\/1$/, () => json(phone)],
      [/GET \/api\/v1\/products\/3$/, () => json(tv)],
    ]);
    renderCheckout();
    await checked();
    expect(screen.queryByLabelText('Address')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Area')).not.toBeInTheDocument();

    await choose(user, /^Delivery/);
    expect(field('Address')).toBeInTheDocument();
    expect(field('Area')).toBeInTheDocument();
    const byShop = within(screen.getByRole('list', { name: 'Delivery by shop' }));
    const [first, second] = byShop.getAllByRole('listitem');
    expect(within(first!).getByText('Delivery within Blantyre only')).toBeInTheDocument();
    expect(within(first!).getByText('Delivery fee: agreed on the phone')).toBeInTheDocument();
    expect(within(second!).getByText('Delivery within Mzuzu only')).toBeInTheDocument();
    expect(within(second!).getByText('Delivery fee: MWK 5,000')).toBeInTheDocument();

    // Back to collection: the fields go, and what was typed in them stays for a change of mind.
    await retype(user, 'Address', 'Plot 12');
    await choose(user, /^Collect at the shop/);
    expect(screen.queryByLabelText('Address')).not.toBeInTheDocument();
    await choose(user, /^Delivery/);
    expect(field('Address')).toHaveValue('Plot 12');
  });

  it('sends by coach to a town without the shop: the town from the list, the depot, no address', async () => {
    const user = userEvent.setup();
    basketOf(phone);
    const spy = mockApi([
      [/GET \/api\/v1\/products\/1$/, () => json(phone)],
      [
        /POST \/api\/v1\/orders$/,
        () =>
          json(
            {
              orders: [
                aPlacedOrder({
                  fulfilment: 'coach',
                  coach: { town: 'Karonga', depot: 'AXA depot', fare: null, company: null, waybill: null },
                }),
              ],
            },
            201,
          ),
      ],
    ]);
    renderCheckout();
    await checked();
    await fillBuyer(user);
    await choose(user, /^Send by coach to another town/);
    // The town list loads when the coach is chosen.
    const towns = Array.from(((await screen.findByLabelText('Your town')) as HTMLSelectElement).options).map(
      (o) => o.value,
    );
    // The shop's own town is not offered: there the buyer collects or has it delivered.
    expect(towns).toContain('Karonga');
    expect(towns).not.toContain('Blantyre');
    expect(screen.queryByLabelText('Address')).not.toBeInTheDocument();
    await confirm(user);
    expectMessageUnder('Your town', 'Choose the town to send it to');
    expect(posts(spy)).toEqual([]);

    await user.selectOptions(field('Your town'), 'Karonga');
    await retype(user, 'Coach company or depot (optional)', 'AXA depot');
    await confirm(user);
    await screen.findByRole('heading', { level: 1, name: 'Thank you! Your order is placed' });
    expect(posts(spy)).toEqual([
      {
        items: [{ product_id: 1, price: 100000 }],
        buyer_name: 'Chikondi Banda',
        phone: '+265999123456',
        fulfilment: 'coach',
        coach_town: 'Karonga',
        coach_depot: 'AXA depot',
        payment: 'on_collection',
      },
    ]);
    const placed = within(screen.getByTestId('placed-order'));
    expect(placed.getByRole('heading', { name: 'Sent by' })).toBeInTheDocument();
    expect(placed.getByRole('heading', { name: 'How it reaches you' })).toBeInTheDocument();
    expect(placed.getByText('Coach fare').nextSibling).toHaveTextContent('Paid at the depot');
    expect(
      placed.getByText('Tell it to the shop once you have collected the parcel. Never tell it to anyone before.'),
    ).toBeInTheDocument();
  });

  it('says plainly that items in two shops become two orders, and lists each order after confirming', async () => {
    const user = userEvent.setup();
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
                aPlacedOrder({
                  number: 'MW-4K7Q2',
                  token: 'a'.repeat(32),
                  items: [{ product_id: 1, name: phone.name, price: 100000, image: null }],
                  total: 100000,
                }),
                aPlacedOrder({
                  number: 'MW-9XZ3P',
                  token: 'b'.repeat(32),
                  shop: {
                    id: 2,
                    name: 'Mzuzu Tech',
                    town: 'Mzuzu',
                    address: 'Orton Chirwa Road',
                    hours: 'Daily 8-18',
                    phone: '+265 111 234 567',
                  },
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
    expect(groups.map((g) => within(g).getByRole('heading').textContent)).toEqual([
      'Chichiri Electronics, Blantyre',
      'Mzuzu Tech, Mzuzu',
    ]);
    expect(within(groups[1]!).getByText('MWK 400,000', { selector: '.font-bold' })).toBeInTheDocument();
    expect(screen.getByTestId('checkout-total').textContent).toBe('MWK 500,000');
    expect(screen.getByTestId('shops-note')).toHaveTextContent(
      'Your items are in 2 shops, so this becomes 2 orders, one per shop. Each shop calls you about its own order.',
    );

    await fillBuyer(user);
    await confirm(user);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you! Your 2 orders are placed' }),
    ).toBeInTheDocument();
    expect(posts(spy)).toEqual([
      {
        items: [
          { product_id: 1, price: 100000 },
          { product_id: 3, price: 400000 },
        ],
        buyer_name: 'Chikondi Banda',
        phone: '+265999123456',
        fulfilment: 'collect',
        payment: 'on_collection',
      },
    ]);
    const placed = screen.getAllByTestId('placed-order');
    expect(placed.map((o) => within(o).getByTestId('order-number').textContent)).toEqual(['MW-4K7Q2', 'MW-9XZ3P']);
    expect(within(placed[1]!).getByTestId('shop-name')).toHaveTextContent('Mzuzu Tech');
    // A landline: call, but no WhatsApp.
    expect(within(placed[1]!).getByRole('link', { name: /^Call the shop/ })).toHaveAttribute(
      'href',
      'tel:+265111234567',
    );
    expect(within(placed[1]!).queryByRole('link', { name: /WhatsApp/ })).not.toBeInTheDocument();
    expect(within(placed[0]!).getByRole('link', { name: /WhatsApp/ })).toHaveAttribute(
      'href',
      `https://wa.me/265888234567?text=${encodeURIComponent('Hello, about my order MW-4K7Q2')}`,
    );
    expect(
      screen.getAllByText(
        /^Bring your order number and the money\. Pay at the counter in cash or by mobile money \(Airtel Money or TNM Mpamba\)\. Check the item before you pay\.$/,
      ),
    ).toHaveLength(2);
    expect(getBasket()).toEqual([]);
  });
});

describe('/checkout answers', () => {
  it('on success: shows the number, shop, hold time and private link; empties the basket of the ordered items; remembers the order', async () => {
    const user = userEvent.setup();
    const reserved = aProduct({ id: 8, name: 'Reserved Phone', reserved: true });
    basketOf(phone, reserved);
    let answer: (response: Response) => void = () => {};
    const spy = mockApi([
      [/GET \/api\/v1\/products\/1$/, () => json(phone)],
      [/GET \/api\/v1\/products\/8$/, () => json(reserved)],
      [/POST \/api\/v1\/orders$/, () => new Promise<Response>((resolve) => (answer = resolve))],
    ]);
    renderCheckout();
    expect(await screen.findByText('Reserved Phone: Reserved by another buyer')).toBeInTheDocument();
    await fillBuyer(user);
    await retype(user, 'Email (optional)', 'Chikondi@Example.mw');
    await choose(user, /^Delivery/);
    await retype(user, 'Address', 'Plot 12, Nyambadwe');
    await retype(user, 'Area', 'Nyambadwe');
    await confirm(user);

    const button = await screen.findByRole('button', { name: 'Placing order…' });
    expect(button).toBeDisabled();
    expect(posts(spy)).toEqual([
      {
        items: [{ product_id: 1, price: 100000 }],
        buyer_name: 'Chikondi Banda',
        phone: '+265999123456',
        email: 'chikondi@example.mw',
        fulfilment: 'delivery',
        address: 'Plot 12, Nyambadwe',
        area: 'Nyambadwe',
        payment: 'on_collection',
      },
    ]);

    const order = aPlacedOrder({
      fulfilment: 'delivery',
      address: 'Plot 12, Nyambadwe',
      area: 'Nyambadwe',
      items: [{ product_id: 1, name: phone.name, price: 100000, image: null }],
    });
    await act(async () => answer(json({ orders: [order] }, 201)));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Thank you! Your order is placed' });
    // Focused by an effect, which runs after the next paint on Preact's runtime.
    await waitFor(() => expect(heading).toHaveFocus());
    const placed = within(screen.getByTestId('placed-order'));
    expect(placed.getByTestId('order-number').textContent).toBe('MW-4K7Q2');
    expect(placed.getByTestId('shop-name')).toHaveTextContent('Chichiri Electronics');
    expect(placed.getByText('Shop 4, Chichiri Shopping Centre, Blantyre')).toBeInTheDocument();
    expect(placed.getByText('Mon-Sat 8:00-17:00')).toBeInTheDocument();
    expect(placed.getByRole('link', { name: /^Call the shop/ })).toHaveAttribute('href', 'tel:+265888234567');
    expect(placed.getByText('Pay the driver in cash or by mobile money when the item arrives.')).toBeInTheDocument();
    expect(
      placed.getByText(
        (_, el) => el?.tagName === 'P' && el.textContent === 'We hold your items until Sat, 16 Aug 2025, 2:30 pm',
      ),
    ).toBeInTheDocument();
    expect(placed.getByRole('link', { name: /^Keep this link to follow your order/ })).toHaveAttribute(
      'href',
      `/order/${order.token}`,
    );

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
    const user = userEvent.setup();
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
            return json(
              {
                message: 'Some items are no longer available',
                unavailable: [2, 4],
                changed: [{ product_id: 3, price: 380000 }],
              },
              409,
            );
          }
          return json({ orders: [aPlacedOrder()] }, 201);
        },
      ],
    ]);
    renderCheckout();
    await checked();
    await fillBuyer(user);
    await retype(user, 'Email (optional)', 'chikondi@example.mw');
    await confirm(user);

    // Waits for the notice's content, not the first alert: the reserved-or-sold lookup comes after the 409.
    const notice = (
      await screen.findByText('HP EliteBook 840 was just reserved by another buyer')
    ).closest<HTMLElement>('[role="alert"]')!;
    expect(notice).toBeInTheDocument();
    expect(within(notice).getByText('Bush Radio is no longer available')).toBeInTheDocument();
    expect(
      within(notice).getByText('Hisense 43" TV: the price changed from MWK 400,000 to MWK 380,000'),
    ).toBeInTheDocument();
    expect(getBasket().map((item) => [item.id, item.price])).toEqual([
      [1, 100000],
      [3, 380000],
    ]);
    expect(screen.getAllByTestId('shop-group').map((g) => within(g).getAllByRole('listitem').length)).toEqual([1, 1]);
    expect(field('Your name')).toHaveValue('Chikondi Banda');
    expect(field('Phone')).toHaveValue('0999 123 456');
    expect(field('Email (optional)')).toHaveValue('chikondi@example.mw');

    // The button reads 'Placing order…' until the refused submission has finished settling.
    await user.click(await screen.findByRole('button', { name: 'Continue with the other items' }));
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

  it('says an item that started moving to another shop meanwhile is on its way there, not gone', async () => {
    const user = userEvent.setup();
    basketOf(phone, laptop);
    let looks = 0;
    mockApi([
      // The second look, after the refusal, finds it on its way to Mzuzu.
      [
        /GET \/api\/v1\/products\/1$/,
        () => json(looks++ === 0 ? phone : { ...phone, in_transit: true, transit_town: 'Mzuzu' }),
      ],
      [/GET \/api\/v1\/products\/2$/, () => json(laptop)],
      [
        /POST \/api\/v1\/orders$/,
        () => json({ message: 'Some items can no longer be ordered', unavailable: [1], changed: [] }, 409),
      ],
    ]);
    renderCheckout();
    await checked();
    await fillBuyer(user);
    await confirm(user);
    const notice = await screen.findByRole('alert');
    expect(
      await within(notice).findByText('Tecno Spark 10 is on its way to Mzuzu: order it again once it is there'),
    ).toBeInTheDocument();
    expect(within(notice).queryByText(/no longer available/)).not.toBeInTheDocument();
  });

  it('when every item was taken, says so and keeps what was typed for the next order', async () => {
    const user = userEvent.setup();
    basketOf(laptop);
    mockApi([
      [/GET \/api\/v1\/products\/2$/, () => json(laptop)],
      [
        /POST \/api\/v1\/orders$/,
        () => json({ message: 'Some items are no longer available', unavailable: [2], changed: [] }, 409),
      ],
    ]);
    renderCheckout();
    await checked();
    await fillBuyer(user);
    await confirm(user);
    expect(await screen.findByText('HP EliteBook 840 is no longer available')).toBeInTheDocument();
    expect(screen.getByText('Your basket is empty.')).toBeInTheDocument();
    expect(screen.getByText(/Nothing is left to order\./)).toBeInTheDocument();
    expect(getBasket()).toEqual([]);
    expect(JSON.parse(window.sessionStorage.getItem('checkout-draft') ?? '{}')).toMatchObject({
      buyer_name: 'Chikondi Banda',
      phone: '0999 123 456',
    });
  });

  it('a lost connection or a 429 says what happened; nothing typed is lost, not even by a reload', async () => {
    const user = userEvent.setup();
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
    await fillBuyer(user);
    await choose(user, /^Delivery/);
    await retype(user, 'Address', 'Plot 12');
    await retype(user, 'Area', 'Nyambadwe');
    await confirm(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not reach the shop. Check your connection and try again: what you typed is still here.',
    );
    expect(field('Your name')).toHaveValue('Chikondi Banda');
    expect(field('Address')).toHaveValue('Plot 12');
    expect(getBasket().map((item) => item.id)).toEqual([1]);

    await confirm(user);
    expect(
      await screen.findByText('Too many orders from your network. Please try again in a few minutes.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Confirm order' })).toBeInTheDocument());

    // Both tries carried one retry key: had the first reached the server, the second gets its orders back.
    const [first, second] = requestIds(spy);
    expect(first).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(second).toBe(first);

    cleanup();
    renderCheckout();
    expect(field('Your name')).toHaveValue('Chikondi Banda');
    expect(field('Phone')).toHaveValue('0999 123 456');
    expect(screen.getByRole('radio', { name: /^Delivery/ })).toBeChecked();
    expect(field('Area')).toHaveValue('Nyambadwe');
  });

  it("puts the server's field messages under the fields", async () => {
    const user = userEvent.setup();
    basketOf(phone);
    mockApi([
      [/GET \/api\/v1\/products\/1$/, () => json(phone)],
      [
        /POST \/api\/v1\/orders$/,
        () =>
          json(
            {
              message: 'Validation failed',
              errors: { phone: 'This number cannot be reached', buyer_name: 'Name looks wrong' },
            },
            400,
          ),
      ],
    ]);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderCheckout();
    await fillBuyer(user);
    await confirm(user);
    await waitFor(() => expectMessageUnder('Phone', 'This number cannot be reached'));
    expectMessageUnder('Your name', 'Name looks wrong');
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the marked fields.');
  });

  it('an empty basket says so and links back to it', async () => {
    const user = userEvent.setup();
    mockApi([]);
    renderCheckout();
    expect(screen.getByText('Your basket is empty.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm order' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to your basket' }));
    expect(await screen.findByRole('heading', { name: 'Basket page' })).toBeInTheDocument();
  });
});
