import type { AdminOrder } from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { retype } from '../../test/typing';
import { ADMIN_ME, renderAdmin, signIn } from '../test/render-admin';

afterEach(() => vi.restoreAllMocks());

type Handler = (url: URL, init: RequestInit | undefined) => Response;
const me: [RegExp, Handler] = [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)];

function anOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    id: 7,
    number: 'MW-4K7Q2',
    status: 'Placed',
    fulfilment: 'collect',
    buyer_name: 'Thoko Banda',
    phone: '+265999123456',
    email: 'thoko@example.mw',
    address: null,
    area: null,
    shop: {
      id: 3,
      name: 'Lilongwe City Mall',
      town: 'Lilongwe',
      address: 'Area 3, Kenyatta Drive',
      hours: 'Mon-Sat 8:00-17:00',
      phone: '+265888234567',
    },
    items: [
      { product_id: 12, name: 'Samsung Galaxy A14', price: 185000, image: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp' },
      { product_id: null, name: 'Dell Latitude 5490', price: 300000, image: null },
    ],
    subtotal: 485000,
    delivery_fee: null,
    coach: null,
    total: 485000,
    expires_at: '2025-08-15T09:30:00.000Z',
    created_at: '2025-08-13T09:30:00.000Z',
    updated_at: '2025-08-13T09:30:00.000Z',
    history: [
      {
        id: 1,
        action: 'place',
        from_status: null,
        to_status: 'Placed',
        reason: null,
        actor: null,
        by: 'buyer',
        created_at: '2025-08-13T09:30:00.000Z',
      },
    ],
    version: 1,
    payment_method: null,
    payment_reference: null,
    wrong_codes: 0,
    held_for_review: false,
    payment: { method: 'on_collection', status: 'not_required', amount: 485000, message: null },
    transfers: [],
    ...overrides,
  };
}

async function openDetail(order: AdminOrder, extra: [RegExp, Handler][] = []) {
  signIn();
  const fetchSpy = mockApi([me, ...extra, [/^GET \/api\/admin\/orders\/7$/, () => json(order)]]);
  renderAdmin('/admin/orders/7');
  await screen.findByRole('heading', { name: `Order ${order.number}` });
  return fetchSpy;
}

/** The names of the enabled action buttons, in screen order. */
function enabledActions(): string[] {
  const card = screen.getByRole('heading', { name: 'Actions' }).parentElement!;
  return within(card)
    .getAllByRole('button')
    .filter((b) => !(b as HTMLButtonElement).disabled)
    .map((b) => b.textContent ?? '');
}
const hint = () => screen.getByTestId('status-hint').textContent;
const posts = (fetchSpy: ReturnType<typeof mockApi>) =>
  fetchSpy.mock.calls.filter(([, init]) => init?.method === 'POST');
const bodyOf = (fetchSpy: ReturnType<typeof mockApi>, path: string) => {
  const call = fetchSpy.mock.calls.find(([url, init]) => init?.method === 'POST' && String(url).endsWith(path));
  return call?.[1]?.body === undefined ? undefined : JSON.parse(String(call[1].body));
};

describe('order detail', () => {
  // Written out per status rather than computed, so a change in the flow module shows up here.
  const cases: [status: AdminOrder['status'], fulfilment: AdminOrder['fulfilment'], enabled: string[], hint: string][] =
    [
      ['Placed', 'collect', ['Confirm (called the buyer)', 'Cancel order'], 'New order: call the buyer to confirm it.'],
      [
        'Confirmed',
        'collect',
        ['Ready for collection', 'Cancel order'],
        'Confirmed: mark it ready when the item is set aside at the counter.',
      ],
      [
        'Confirmed',
        'delivery',
        ['Out for delivery', 'Cancel order'],
        'Confirmed: send it out for delivery when it leaves the shop.',
      ],
      [
        'Ready for collection',
        'collect',
        ['Completed (collected)', 'Cancel order'],
        'Waiting for the buyer to collect and pay at the shop.',
      ],
      [
        'Out for delivery',
        'delivery',
        ['Completed (delivered)', 'Cancel order'],
        'On its way: complete it when delivered and paid.',
      ],
      ['Completed', 'collect', [], 'Completed: the items are sold.'],
      ['Cancelled', 'collect', [], 'Cancelled: the items are back on sale.'],
      ['Expired', 'collect', [], 'Expired: nobody collected it in time, the items are back on sale.'],
    ];
  for (const [status, fulfilment, enabled, text] of cases) {
    it(`enables exactly what the flow allows when ${status} (${fulfilment})`, async () => {
      await openDetail(anOrder({ status, fulfilment, address: 'Area 47, Sector 3', area: 'Lilongwe' }));
      expect(enabledActions()).toEqual(enabled);
      expect(hint()).toBe(text);
      expect(screen.getByText(status, { selector: 'span' })).toBeInTheDocument();
    });
  }

  it('shows the buyer to call, the shop, the items with totals and the history', async () => {
    await openDetail(
      anOrder({
        history: [
          {
            id: 1,
            action: 'place',
            from_status: null,
            to_status: 'Placed',
            reason: null,
            actor: null,
            by: 'buyer',
            created_at: '2025-08-13T09:30:00.000Z',
          },
          {
            id: 2,
            action: 'confirm',
            from_status: 'Placed',
            to_status: 'Confirmed',
            reason: null,
            actor: 'Chikondi',
            by: 'staff',
            created_at: '2025-08-13T10:00:00.000Z',
          },
          {
            id: 3,
            action: 'expire',
            from_status: 'Confirmed',
            to_status: 'Expired',
            reason: 'Not collected in time',
            actor: null,
            by: 'system',
            created_at: '2025-08-15T09:30:00.000Z',
          },
        ],
      }),
    );
    expect(screen.getByRole('link', { name: 'Call Thoko Banda on +265 999 123 456' })).toHaveAttribute(
      'href',
      'tel:+265999123456',
    );
    const whatsapp = screen.getByRole('link', { name: /^WhatsApp/ });
    const href = new URL(whatsapp.getAttribute('href')!);
    expect(`${href.origin}${href.pathname}`).toBe('https://wa.me/265999123456');
    expect(href.searchParams.get('text')).toContain('MW-4K7Q2');
    expect(href.searchParams.get('text')).toMatch(/^Hello Thoko,/);
    expect(whatsapp).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'thoko@example.mw' })).toHaveAttribute('href', 'mailto:thoko@example.mw');

    expect(screen.getByTestId('fulfilment')).toHaveTextContent('Collect at Lilongwe City Mall');
    expect(screen.getByText('Area 3, Kenyatta Drive')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '+265 888 234 567' })).toHaveAttribute('href', 'tel:+265888234567');

    const items = screen.getByRole('region', { name: 'Items' });
    expect(within(items).getByRole('link', { name: 'Samsung Galaxy A14' })).toHaveAttribute(
      'href',
      '/admin/products/12',
    );
    expect(within(items).queryByRole('link', { name: 'Dell Latitude 5490' })).not.toBeInTheDocument();
    expect(within(items).getByText('Dell Latitude 5490')).toBeInTheDocument();
    expect(within(items).getByText('MWK 185,000')).toBeInTheDocument();
    expect(within(items).getByRole('img', { name: 'Samsung Galaxy A14' })).toHaveAttribute(
      'src',
      expect.stringContaining('/api/images/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp?w=200'),
    );
    expect(screen.getByTestId('order-subtotal').textContent).toBe('MWK 485,000');
    expect(screen.queryByTestId('order-delivery-fee')).not.toBeInTheDocument();
    expect(screen.getByTestId('order-total').textContent).toBe('MWK 485,000');
    expect(screen.queryByRole('heading', { name: 'Payment' })).not.toBeInTheDocument();

    const history = within(screen.getByRole('region', { name: 'Order history' }));
    const rows = history
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(1)
          .map((c) => c.textContent),
      );
    expect(rows).toEqual([
      ['Placed', '—', 'Buyer'],
      ['Placed → Confirmed', '—', 'Chikondi'],
      ['Confirmed → Expired', 'Not collected in time', 'System'],
    ]);
  });

  it('shows a delivery address, a fee agreed on the phone, and no WhatsApp for a landline', async () => {
    await openDetail(
      anOrder({ fulfilment: 'delivery', address: 'Plot 12, Area 47', area: 'Sector 3', phone: '+265111234567' }),
    );
    expect(screen.getByTestId('fulfilment')).toHaveTextContent('Delivery to Plot 12, Area 47, Sector 3');
    expect(screen.getByTestId('order-delivery-fee')).toHaveTextContent('agreed on the phone');
    expect(screen.getByRole('link', { name: /^Call Thoko Banda/ })).toHaveAttribute('href', 'tel:+265111234567');
    expect(screen.queryByRole('link', { name: /^WhatsApp/ })).not.toBeInTheDocument();
  });

  it('confirms with no fields and shows the order as the server answers it', async () => {
    const user = userEvent.setup();
    const fetchSpy = await openDetail(anOrder(), [
      [/^POST \/api\/admin\/orders\/7\/confirm$/, () => json(anOrder({ status: 'Confirmed', version: 2 }))],
    ]);
    await user.click(screen.getByRole('button', { name: 'Confirm (called the buyer)' }));
    const dialog = screen.getByRole('dialog', { name: 'Confirm (called the buyer)' });
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Order confirmed.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(enabledActions()).toEqual(['Ready for collection', 'Cancel order']);
    expect(bodyOf(fetchSpy, '/confirm')).toEqual({ version: 1 });
  });

  it('sends a delivery order out and says so', async () => {
    const user = userEvent.setup();
    await openDetail(anOrder({ status: 'Confirmed', fulfilment: 'delivery', address: 'Plot 12', area: 'Sector 3' }), [
      [
        /^POST \/api\/admin\/orders\/7\/ready$/,
        () =>
          json(anOrder({ status: 'Out for delivery', fulfilment: 'delivery', address: 'Plot 12', area: 'Sector 3' })),
      ],
    ]);
    await user.click(screen.getByRole('button', { name: 'Out for delivery' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Out for delivery' })).getByRole('button', { name: 'Confirm' }),
    );
    expect(await screen.findByText('Order out for delivery.')).toBeInTheDocument();
    expect(hint()).toBe('On its way: complete it when delivered and paid.');
  });

  it('sends a coach order with its coach, waybill and fare, requiring the first two', async () => {
    const user = userEvent.setup();
    const coach = { town: 'Karonga', depot: 'AXA depot', fare: null, company: null, waybill: null };
    const order = anOrder({ status: 'Confirmed', fulfilment: 'coach', coach });
    const sent = anOrder({
      status: 'Sent',
      fulfilment: 'coach',
      total: order.total + 8000,
      coach: { ...coach, fare: 8000, company: 'AXA Coach', waybill: 'AX-20931' },
    });
    const fetchSpy = await openDetail(order, [[/^POST \/api\/admin\/orders\/7\/ready$/, () => json(sent)]]);
    expect(hint()).toBe('Confirmed: take the payment, then send it by coach and record the waybill number.');
    expect(screen.getByTestId('fulfilment')).toHaveTextContent('By coach to Karonga: AXA depot');
    await user.click(screen.getByRole('button', { name: 'Sent by coach' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Sent by coach' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await dialog.findByText('Coach company is required')).toBeInTheDocument();
    expect(dialog.getByText('Waybill number is required')).toBeInTheDocument();
    expect(posts(fetchSpy)).toEqual([]);

    await user.type(dialog.getByLabelText('Coach company'), 'AXA Coach');
    await user.type(dialog.getByLabelText('Waybill number'), 'AX-20931');
    await user.type(dialog.getByLabelText('Coach fare (MWK, optional)'), '8000');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText('Order sent by coach: the buyer gets the waybill number by SMS.'),
    ).toBeInTheDocument();
    expect(bodyOf(fetchSpy, '/ready')).toEqual({
      coach_company: 'AXA Coach',
      waybill: 'AX-20931',
      coach_fare: 8000,
      version: order.version,
    });
    expect(screen.getByTestId('coach-sent')).toHaveTextContent('Sent with AXA Coach, waybill AX-20931');
    expect(screen.getByTestId('order-coach-fare')).toHaveTextContent('MWK 8,000');
    expect(hint()).toBe('On the coach: complete it when the buyer has collected it and tells you the code.');
  });

  it("refuses a fare of 0 before sending, and shows the server's bound (COACH_FARE_MAX) under the fare", async () => {
    const user = userEvent.setup();
    const coach = { town: 'Karonga', depot: null, fare: null, company: null, waybill: null };
    const tooLarge = 'Fare must be at most MWK 50,000';
    const fetchSpy = await openDetail(anOrder({ status: 'Confirmed', fulfilment: 'coach', coach }), [
      [
        /^POST \/api\/admin\/orders\/7\/ready$/,
        () => json({ message: tooLarge, errors: { coach_fare: tooLarge } }, 400),
      ],
    ]);
    await user.click(screen.getByRole('button', { name: 'Sent by coach' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Sent by coach' }));
    await user.type(dialog.getByLabelText('Coach company'), 'AXA Coach');
    await user.type(dialog.getByLabelText('Waybill number'), 'AX-20931');
    const fare = dialog.getByLabelText('Coach fare (MWK, optional)');
    await user.type(fare, '0');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await dialog.findByText('Fare must be more than 0')).toBeInTheDocument();
    expect(posts(fetchSpy)).toEqual([]);

    await user.clear(fare);
    await user.type(fare, '999999999999');
    await user.click(dialog.getByRole('button', { name: 'Confirm' }));
    expect(await dialog.findByText(tooLarge)).toBeInTheDocument();
    expect(bodyOf(fetchSpy, '/ready')).toMatchObject({ coach_fare: 999_999_999_999 });
  });

  it('asks how the buyer paid to complete, and sends the method and reference', async () => {
    const user = userEvent.setup();
    const fetchSpy = await openDetail(anOrder({ status: 'Ready for collection' }), [
      [
        /^POST \/api\/admin\/orders\/7\/complete$/,
        () => json(anOrder({ status: 'Completed', payment_method: 'airtel_money', payment_reference: 'AM-55621' })),
      ],
    ]);
    await user.click(screen.getByRole('button', { name: 'Completed (collected)' }));
    const dialog = screen.getByRole('dialog', { name: 'Completed (collected)' });
    const method = within(dialog).getByLabelText('Payment method') as HTMLSelectElement;
    expect(Array.from(method.options).map((o) => o.textContent)).toEqual([
      'Choose a payment method',
      'Cash',
      'Airtel Money',
      'TNM Mpamba',
      'Bank transfer',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Choose how the buyer paid')).toBeInTheDocument();
    expect(within(dialog).getByText("Enter the buyer's collection code")).toBeInTheDocument();
    expect(posts(fetchSpy)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText("Buyer's collection code"), '48291');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('The collection code is 6 digits')).toBeInTheDocument();
    // Said in two groups of three, as people read it out.
    await user.clear(within(dialog).getByLabelText("Buyer's collection code"));
    await user.type(within(dialog).getByLabelText("Buyer's collection code"), '482 913');
    await user.selectOptions(method, 'airtel_money');
    await user.type(within(dialog).getByLabelText('Payment reference (optional)'), ' AM-55621 ');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Order completed.')).toBeInTheDocument();
    expect(bodyOf(fetchSpy, '/complete')).toEqual({
      collection_code: '482913',
      payment_method: 'airtel_money',
      payment_reference: 'AM-55621',
      version: 1,
    });
    const payment = screen.getByRole('heading', { name: 'Payment' }).parentElement!;
    expect(within(payment).getByText('Airtel Money')).toBeInTheDocument();
    expect(within(payment).getByText('AM-55621')).toBeInTheDocument();
    expect(enabledActions()).toEqual([]);
  });

  it('shows an order held after 5 wrong codes, and lets an Admin release it', async () => {
    const user = userEvent.setup();
    const held = anOrder({ status: 'Ready for collection', wrong_codes: 5, held_for_review: true });
    const fetchSpy = await openDetail(held, [
      [/^POST \/api\/admin\/orders\/7\/release-code-hold$/, () => json(anOrder({ status: 'Ready for collection' }))],
    ]);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Held for review after 5 wrong collection codes: an Admin must release it');
    await user.click(within(alert).getByRole('button', { name: 'Release the order' }));
    await user.click(
      within(screen.getByRole('alertdialog', { name: 'Release the order' })).getByRole('button', { name: 'Confirm' }),
    );
    expect(await screen.findByText('Order released: staff can try the collection code again.')).toBeInTheDocument();
    expect(posts(fetchSpy)).toHaveLength(1);
    expect(screen.queryByText(/Held for review/)).not.toBeInTheDocument();
  });

  it('leaves the reference out when none is given', async () => {
    const user = userEvent.setup();
    const fetchSpy = await openDetail(
      anOrder({ status: 'Out for delivery', fulfilment: 'delivery', address: 'Plot 12', area: 'Sector 3' }),
      [
        [
          /^POST \/api\/admin\/orders\/7\/complete$/,
          () => json(anOrder({ status: 'Completed', payment_method: 'cash' })),
        ],
      ],
    );
    await user.click(screen.getByRole('button', { name: 'Completed (delivered)' }));
    const dialog = screen.getByRole('dialog', { name: 'Completed (delivered)' });
    await user.type(within(dialog).getByLabelText("Buyer's collection code"), '482913');
    await user.selectOptions(within(dialog).getByLabelText('Payment method'), 'cash');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Order completed.')).toBeInTheDocument();
    expect(bodyOf(fetchSpy, '/complete')).toEqual({ collection_code: '482913', payment_method: 'cash', version: 1 });
  });

  it('requires a reason to cancel, and Cancel in the modal sends nothing', async () => {
    const user = userEvent.setup();
    const fetchSpy = await openDetail(anOrder({ status: 'Confirmed' }), [
      [/^POST \/api\/admin\/orders\/7\/cancel$/, () => json(anOrder({ status: 'Cancelled' }))],
    ]);
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Cancel order' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order' });
    await user.type(within(dialog).getByLabelText('Reason'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    expect(posts(fetchSpy)).toHaveLength(0);
    await retype(user, within(dialog).getByLabelText('Reason'), 'Buyer changed their mind');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Order cancelled.')).toBeInTheDocument();
    expect(bodyOf(fetchSpy, '/cancel')).toEqual({ reason: 'Buyer changed their mind', version: 1 });
    expect(hint()).toBe('Cancelled: the items are back on sale.');
  });

  it('keeps the modal and what was typed when the call fails', async () => {
    const user = userEvent.setup();
    await openDetail(anOrder({ status: 'Confirmed' }), [
      [/^POST \/api\/admin\/orders\/7\/cancel$/, () => new Response('', { status: 500 })],
    ]);
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel order' });
    await user.type(within(dialog).getByLabelText('Reason'), 'Item damaged');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Failed to cancel order')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeEnabled());
    expect(screen.getByRole('dialog', { name: 'Cancel order' })).toBe(dialog);
    expect(within(dialog).getByLabelText('Reason')).toHaveValue('Item damaged');
  });

  it("toasts the server's 409, closes the modal and reloads the order; the typed reason comes back", async () => {
    const user = userEvent.setup();
    let current = anOrder({ status: 'Confirmed' });
    const fetchSpy = await openDetail(current, [
      [
        /^POST \/api\/admin\/orders\/7\/cancel$/,
        () => {
          // Someone else marked it ready meanwhile.
          current = anOrder({ status: 'Ready for collection', version: 3 });
          return json({ message: 'The order was changed by someone else. Reload it and try again.' }, 409);
        },
      ],
      [/^GET \/api\/admin\/orders\/7$/, () => json(current)],
    ]);
    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    await user.type(
      within(screen.getByRole('dialog', { name: 'Cancel order' })).getByLabelText('Reason'),
      'Buyer unreachable',
    );
    await user.click(
      within(screen.getByRole('dialog', { name: 'Cancel order' })).getByRole('button', { name: 'Confirm' }),
    );
    expect(
      await screen.findByText('The order was changed by someone else. Reload it and try again.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(hint()).toBe('Waiting for the buyer to collect and pay at the shop.'));
    expect(
      fetchSpy.mock.calls.filter(
        ([url, init]) => String(url).endsWith('/api/admin/orders/7') && (init?.method ?? 'GET') === 'GET',
      ),
    ).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    expect(within(screen.getByRole('dialog', { name: 'Cancel order' })).getByLabelText('Reason')).toHaveValue(
      'Buyer unreachable',
    );
  });

  it("says 'Order not found.' for an unknown id", async () => {
    signIn();
    mockApi([me, [/^GET \/api\/admin\/orders\/404$/, () => json({ message: 'Order not found' }, 404)]]);
    renderAdmin('/admin/orders/404');
    expect(await screen.findByText('Order not found.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Actions' })).not.toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Back-office' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
  });

  describe('paid online', () => {
    const charge = {
      id: 1,
      kind: 'charge' as const,
      status: 'paid' as const,
      method: 'airtel_money',
      amount: 485000,
      reference: '95652259701',
      note: null,
      created_at: '2025-08-13T09:30:00.000Z',
      settled_at: '2025-08-13T09:31:00.000Z',
    };
    const failedRefund = {
      ...charge,
      id: 2,
      kind: 'refund' as const,
      status: 'failed' as const,
      reference: null,
      note: 'The payout was refused: wallet limit reached',
      created_at: '2025-08-13T10:00:00.000Z',
      settled_at: '2025-08-13T10:00:05.000Z',
    };
    const paid = (overrides: Partial<AdminOrder> = {}) =>
      anOrder({
        payment: { method: 'airtel_money', status: 'paid', amount: 485000, message: null },
        transfers: [charge],
        ...overrides,
      });

    it('shows the payment, its charge with the reference, and completes without asking how the buyer paid', async () => {
      const user = userEvent.setup();
      const fetchSpy = await openDetail(paid({ status: 'Ready for collection' }), [
        [/^POST \/api\/admin\/orders\/7\/complete$/, () => json(paid({ status: 'Completed' }))],
      ]);
      const payment = screen.getByRole('heading', { name: 'Payment' }).parentElement!;
      expect(within(payment).getByText('Airtel Money, MWK 485,000')).toBeInTheDocument();
      expect(within(payment).getByText('Status').nextElementSibling).toHaveTextContent('Paid');
      const transfers = within(payment).getAllByTestId('transfer');
      expect(transfers).toHaveLength(1);
      expect(transfers[0]).toHaveTextContent(/Charge MWK 485,000.*Airtel Money.*Paid/);
      expect(transfers[0]).toHaveTextContent('Ref. 95652259701');

      await user.click(screen.getByRole('button', { name: 'Completed (collected)' }));
      const dialog = screen.getByRole('dialog', { name: 'Completed (collected)' });
      expect(within(dialog).queryByLabelText('Payment method')).not.toBeInTheDocument();
      expect(dialog).toHaveTextContent('paid online (Airtel Money)');
      await user.type(within(dialog).getByLabelText("Buyer's collection code"), '482913');
      await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      expect(await screen.findByText('Order completed.')).toBeInTheDocument();
      expect(bodyOf(fetchSpy, '/complete')).toEqual({ collection_code: '482913', version: 1 });
    });

    it('lets an Admin retry a failed refund, and shows the refund under way after', async () => {
      const user = userEvent.setup();
      const refunding = {
        method: 'airtel_money' as const,
        status: 'refunding' as const,
        amount: 485000,
        message: null,
      };
      const fetchSpy = await openDetail(
        paid({ status: 'Cancelled', payment: refunding, transfers: [charge, failedRefund] }),
        [
          [
            /^POST \/api\/admin\/orders\/7\/refund$/,
            () =>
              json(
                paid({
                  status: 'Cancelled',
                  payment: refunding,
                  transfers: [
                    charge,
                    failedRefund,
                    { ...failedRefund, id: 3, status: 'pending', note: null, settled_at: null },
                  ],
                }),
              ),
          ],
        ],
      );
      const payment = screen.getByRole('heading', { name: 'Payment' }).parentElement!;
      expect(within(payment).getAllByTestId('transfer')[1]).toHaveTextContent(
        /Refund MWK 485,000.*Failed.*The payout was refused: wallet limit reached/,
      );
      await user.click(await within(payment).findByRole('button', { name: 'Retry refund' }));
      const dialog = screen.getByRole('alertdialog', { name: 'Retry refund' });
      expect(dialog).toHaveTextContent("Send MWK 485,000 back to Thoko Banda's Airtel Money");
      await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
      expect(await screen.findByText('Refund sent again.')).toBeInTheDocument();
      expect(posts(fetchSpy).map(([url]) => String(url))).toEqual([
        expect.stringMatching(/\/admin\/orders\/7\/refund$/),
      ]);
      expect(within(payment).getAllByTestId('transfer')).toHaveLength(3);
      expect(within(payment).queryByRole('button', { name: 'Retry refund' })).not.toBeInTheDocument();
    });

    it('offers no Retry refund to a Moderator', async () => {
      signIn();
      mockApi([
        [/^GET \/api\/v1\/auth\/me$/, () => json({ ...ADMIN_ME, role: 'Moderator' })],
        [/^GET \/api\/admin\/orders\/7$/, () => json(paid({ status: 'Cancelled', transfers: [charge, failedRefund] }))],
      ]);
      renderAdmin('/admin/orders/7');
      await screen.findByRole('heading', { name: 'Order MW-4K7Q2' });
      expect(screen.getAllByTestId('transfer')).toHaveLength(2);
      expect(screen.queryByRole('button', { name: 'Retry refund' })).not.toBeInTheDocument();
    });
  });
});
