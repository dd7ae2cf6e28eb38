import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BuyerReturn, OrderAfterSale, PublicOrder } from '@marketplace/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from '../../lib/router';
import { json, mockApi } from '../../test/fetch-mock';
import { anOrder } from '../../test/orders';
import { renderInChichewa, renderWithRouter } from '../../test/render';
import { OrderPage } from './OrderPage';

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
  sessionStorage.clear();
});

const TOKEN = 'T0k3n_for_the_private_link-00001';
const ORDER_URL = new RegExp(`GET /api/v1/orders/${TOKEN}$`);
const RETURNS_URL = new RegExp(`POST /api/v1/orders/${TOKEN}/returns$`);
const DAY = 24 * 60 * 60 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * DAY).toISOString();

const aReturn = (overrides: Partial<BuyerReturn> = {}): BuyerReturn => ({
  id: 3,
  reference: 'RT-2F9K',
  product_id: 7,
  kind: 'return',
  reason: 'not_working',
  status: 'requested',
  refund_amount: null,
  refund_method: null,
  decline_reason: null,
  created_at: inDays(-1),
  updated_at: inDays(-1),
  ...overrides,
});

function completed(
  windows: { return_until: string | null; warranty_until: string | null },
  returns: BuyerReturn[] = [],
  overrides: Partial<PublicOrder> = {},
): PublicOrder {
  const after_sale: OrderAfterSale = { completed_at: inDays(-3), items: [{ product_id: 7, ...windows }], returns };
  return anOrder({ status: 'Completed', after_sale, ...overrides });
}

function renderOrder() {
  return renderWithRouter(
    <Routes>
      <Route path="/order/:token" element={<OrderPage />} />
    </Routes>,
    `/order/${TOKEN}`,
  );
}

const section = async () => within(await screen.findByRole('region', { name: 'Return or warranty' }));

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  await user.click((await section()).getByRole('button', { name: 'Return or warranty' }));
  return within(await screen.findByRole('dialog'));
}

const sentBodies = (spy: ReturnType<typeof mockApi>) =>
  spy.mock.calls.filter(([, init]) => init?.method === 'POST' && String(init.body ?? '') !== '').map(([, i]) => i);

describe('/order/{token}: return or warranty', () => {
  it('offers the button within the return window and sends the ask as JSON', async () => {
    const user = userEvent.setup();
    const spy = mockApi([
      [ORDER_URL, () => json(completed({ return_until: inDays(4), warranty_until: inDays(27) }))],
      [RETURNS_URL, () => json({ return: aReturn() }, 201)],
    ]);
    renderOrder();
    expect((await section()).getByText(/^Returns are open until/)).toBeInTheDocument();
    const dialog = await openForm(user);
    expect(screen.getByRole('dialog', { name: 'Return Samsung Galaxy A14' })).toBeInTheDocument();
    // Collected at the shop: no question of how it comes back.
    expect(dialog.queryByRole('group', { name: 'How does it come back?' })).not.toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Send request' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Choose what is wrong');

    await user.click(dialog.getByRole('radio', { name: 'Does not work' }));
    await user.type(dialog.getByRole('textbox', { name: 'Note (optional)' }), 'Stopped charging');
    await user.click(dialog.getByRole('button', { name: 'Send request' }));

    expect(await screen.findByTestId('return-sent')).toHaveTextContent(
      'Request sent. Your reference is RT-2F9K. The shop will contact you about it.',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const [init] = sentBodies(spy);
    expect(JSON.parse(String(init?.body))).toEqual({
      product_id: 7,
      kind: 'return',
      reason: 'not_working',
      note: 'Stopped charging',
    });
    const items = await section();
    expect(items.getByTestId('return-status')).toHaveTextContent('Requested');
    expect(items.queryByRole('button', { name: 'Return or warranty' })).not.toBeInTheDocument();
  });

  it('after the return window asks a warranty claim, as multipart with photos and how it comes back', async () => {
    const user = userEvent.setup();
    const spy = mockApi([
      [
        ORDER_URL,
        () => json(completed({ return_until: inDays(-1), warranty_until: inDays(20) }, [], { fulfilment: 'delivery' })),
      ],
      [RETURNS_URL, () => json({ return: aReturn({ kind: 'warranty' }) }, 201)],
    ]);
    renderOrder();
    expect((await section()).getByText(/^Under warranty until/)).toBeInTheDocument();
    const dialog = await openForm(user);
    expect(screen.getByRole('dialog', { name: 'Warranty claim for Samsung Galaxy A14' })).toBeInTheDocument();
    await user.click(dialog.getByRole('radio', { name: 'Damaged on arrival' }));
    await user.click(dialog.getByRole('button', { name: 'Send request' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Choose how the item comes back');
    await user.click(dialog.getByRole('radio', { name: "The shop's driver collects it" }));
    const photo = new File(['jpeg'], 'cracked.jpg', { type: 'image/jpeg' });
    await user.upload(dialog.getByLabelText('Photos (optional)'), photo);
    await user.click(dialog.getByRole('button', { name: 'Send request' }));

    await screen.findByTestId('return-sent');
    const form = sentBodies(spy)[0]?.body;
    expect(form).toBeInstanceOf(FormData);
    const fields = form as FormData;
    expect(fields.get('product_id')).toBe('7');
    expect(fields.get('kind')).toBe('warranty');
    expect(fields.get('reason')).toBe('damaged');
    expect(fields.get('how_back')).toBe('driver');
    expect(fields.has('note')).toBe(false);
    expect((fields.getAll('photos') as File[]).map((f) => f.name)).toEqual(['cracked.jpg']);
  });

  it('shows a 422 in the form, and a 409 on the page with the order loaded again', async () => {
    const user = userEvent.setup();
    let asked = 0;
    let loads = 0;
    mockApi([
      [
        ORDER_URL,
        () => {
          loads += 1;
          return json(completed({ return_until: inDays(2), warranty_until: inDays(20) }));
        },
      ],
      [
        RETURNS_URL,
        () => {
          asked += 1;
          return asked === 1
            ? json({ message: 'The return window for this item has ended' }, 422)
            : json({ message: 'A return or warranty claim for this item is already open' }, 409);
        },
      ],
    ]);
    renderOrder();
    const dialog = await openForm(user);
    await user.click(dialog.getByRole('radio', { name: 'Not as described' }));
    await user.click(dialog.getByRole('button', { name: 'Send request' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('The return window for this item has ended');
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Send request' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A return or warranty claim for this item is already open',
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(loads).toBe(2));
  });

  it('asks for the phone code the checkout way when the phone must be proved', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    mockApi([
      [ORDER_URL, () => json(completed({ return_until: inDays(2), warranty_until: inDays(20) }))],
      [/POST \/api\/v1\/phone-codes$/, () => json({ phone: '+265999123456', expires_at: inDays(1) }, 201)],
      [
        RETURNS_URL,
        (_, init) => {
          const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
          sent.push(body);
          return body.phone_code
            ? json({ return: aReturn(), phone_token: 'proof.9999999999.sig' }, 201)
            : json({ message: 'Confirm your phone number first', code: 'phone_unverified' }, 403);
        },
      ],
    ]);
    renderOrder();
    const dialog = await openForm(user);
    await user.click(dialog.getByRole('radio', { name: 'Other' }));
    await user.click(dialog.getByRole('button', { name: 'Send request' }));
    const code = await dialog.findByRole('textbox', {
      name: 'We sent a 6-digit code by SMS to +265 999 123 456. Enter it to send your request.',
    });
    expect(dialog.getByRole('alert')).toHaveTextContent('Enter the 6-digit code from the SMS');
    await user.type(code, '123456');
    await user.click(dialog.getByRole('button', { name: 'Send request' }));
    await screen.findByTestId('return-sent');
    expect(sent.at(-1)).toMatchObject({ phone_code: '123456' });
    expect(JSON.parse(localStorage.getItem('phone-proofs') ?? '{}')).toEqual({
      '+265999123456': 'proof.9999999999.sig',
    });
  });

  it('after the warranty says when it ended, with the shop to call', async () => {
    mockApi([[ORDER_URL, () => json(completed({ return_until: inDays(-20), warranty_until: inDays(-2) }))]]);
    renderOrder();
    const items = await section();
    expect(items.getByText(/^The warranty ended on \d+ \w+ \d{4}\.$/)).toBeInTheDocument();
    expect(items.getByRole('link', { name: 'Call the shop on +265 888 234 567' })).toHaveAttribute(
      'href',
      'tel:+265888234567',
    );
    expect(items.queryByRole('button', { name: 'Return or warranty' })).not.toBeInTheDocument();
  });

  it('shows no section on an order that is not completed', async () => {
    mockApi([[ORDER_URL, () => json(anOrder({ status: 'Confirmed' }))]]);
    renderOrder();
    await screen.findByTestId('order-number');
    expect(screen.queryByRole('region', { name: 'Return or warranty' })).not.toBeInTheDocument();
  });

  it.each([
    [aReturn({ status: 'received' }), 'Return RT-2F9K: Received at the shop'],
    [aReturn({ kind: 'warranty', status: 'in_repair' }), 'Warranty claim RT-2F9K: Being repaired'],
    [aReturn({ kind: 'warranty', status: 'repaired' }), 'Ready to collect'],
    [aReturn({ kind: 'warranty', status: 'handed_over' }), 'Handed back'],
    [aReturn({ status: 'refunded', refund_amount: 185000, refund_method: 'original' }), 'Refunded MWK 185,000'],
    [aReturn({ status: 'replaced' }), 'Replaced'],
    [aReturn({ status: 'declined', decline_reason: 'Water damage' }), 'Declined: Water damage'],
  ])('says the status of %# in words', async (request, words) => {
    mockApi([[ORDER_URL, () => json(completed({ return_until: inDays(-1), warranty_until: inDays(-1) }, [request]))]]);
    renderOrder();
    const item = within((await section()).getByTestId('after-sale-item'));
    expect(item.getByText((_, el) => el?.tagName === 'P' && el.textContent?.includes(words) === true)).toBeTruthy();
  });

  it("says it in Chichewa, with the date in Chichewa and the shop's reason as it came", async () => {
    const declined = aReturn({ kind: 'warranty', status: 'declined', decline_reason: 'Water damage' });
    const order = completed({ return_until: '2026-01-05T10:00:00.000Z', warranty_until: '2026-02-04T10:00:00.000Z' }, [
      declined,
    ]);
    mockApi([[ORDER_URL, () => json(order)]]);
    renderInChichewa(
      <Routes>
        <Route path="/order/:token" element={<OrderPage />} />
      </Routes>,
      {
        'Return or warranty': 'Kubweza kapena chitsimikizo',
        'Warranty claim {reference}:': 'Pempho la chitsimikizo {reference}:',
        'Declined: {reason}': 'Lakanidwa: {reason}',
        'The warranty ended on {date}.': 'Chitsimikizo chinatha pa {date}.',
        'Call the shop on {phone}': 'Imbirani shopu pa {phone}',
      },
      `/order/${TOKEN}`,
    );
    const item = within(await screen.findByRole('region', { name: 'Kubweza kapena chitsimikizo' }));
    expect(item.getByText('Pempho la chitsimikizo RT-2F9K:', { exact: false })).toBeInTheDocument();
    expect(item.getByTestId('return-status')).toHaveTextContent('Lakanidwa: Water damage');
    expect(item.getByText(/^Chitsimikizo chinatha pa 4 Febuluwale 2026\./)).toBeInTheDocument();
    expect(item.getByRole('link', { name: 'Imbirani shopu pa +265 888 234 567' })).toBeInTheDocument();
  });
});
