import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { retype } from '../../test/typing';
import { renderAdmin, signIn } from '../test/render-admin';
import { aRequest, me, openDetail } from '../test/seller-requests';

afterEach(() => vi.restoreAllMocks());

/** The names of the enabled action buttons, in screen order. */
function enabledActions(): string[] {
  const card = screen.getByRole('heading', { name: 'Actions' }).parentElement!;
  return within(card)
    .getAllByRole('button')
    .filter((b) => !(b as HTMLButtonElement).disabled)
    .map((b) => b.textContent ?? '');
}
const hint = () => screen.getByTestId('status-hint').textContent;

describe('seller request detail', () => {
  // docs/product.md#seller-requests, written out per status rather than computed, so a change in the flow module shows
  // up here. Archive is not a flow step: any request can be archived (docs/decisions/0082).
  const cases: [status: string, enabled: string[], hint: string][] = [
    ['Pending', ['Accept offer', 'Make Offer', 'Counter offer', 'Reject offer', 'Delete offer', 'Archive'], ''],
    [
      'Approved',
      ['Make Offer', 'Reject offer', 'Delete offer', 'Archive'],
      'Item approved — you can make an offer or reject.',
    ],
    // The item goes to the inventory only once the seller accepted the offer.
    [
      'Accepted - Offer Pending',
      ['Seller accepted', 'Reject offer', 'Delete offer', 'Archive'],
      'Item approved and offer sent (pending response).',
    ],
    [
      'Offer Accepted by Seller',
      ['Add to Inventory', 'Reject offer', 'Delete offer', 'Archive'],
      'Seller accepted the offer — add the item to the inventory.',
    ],
    [
      'Counter Offer made',
      ['Accept offer', 'Make Offer', 'Seller accepted', 'Reject offer', 'Delete offer', 'Archive'],
      '',
    ],
    [
      'Rejected',
      ['Approve after Rejection', 'Delete offer', 'Archive'],
      'Item rejected — waiting for seller response.',
    ],
    [
      'Offer Rejected',
      ['Approve after Rejection', 'Delete offer', 'Archive'],
      'Item rejected — waiting for seller response.',
    ],
    ['Offer Fulfilled', ['Delete offer', 'Archive'], 'Offer fulfilled — transaction complete.'],
  ];
  for (const [status, enabled, text] of cases) {
    it(`enables exactly what the flow allows when ${status}`, async () => {
      await openDetail(aRequest({ status }));
      expect(enabledActions()).toEqual(enabled);
      expect(hint()).toBe(text);
    });
  }

  it('shows the seller, the one-row item table, the photos and the history', async () => {
    await openDetail(
      aRequest({
        status: 'Accepted - Offer Pending',
        price: 185000,
        offers: [
          {
            id: 3,
            kind: 'offer',
            amount: 170000,
            reason: 'Screen scratch',
            actor: 'Chikondi',
            created_at: '2025-08-11T10:00:00.000Z',
            answer: null,
            answered_at: null,
            answer_reason: null,
          },
        ],
        history: [
          {
            id: 1,
            action: 'submitted',
            from_status: null,
            to_status: 'Pending',
            reason: null,
            by: 'seller',
            actor: null,
            created_at: '2025-08-10T09:30:00.000Z',
          },
          {
            id: 2,
            action: 'approve',
            from_status: 'Pending',
            to_status: 'Approved',
            reason: null,
            by: 'staff',
            actor: 'Chikondi',
            created_at: '2025-08-11T09:00:00.000Z',
          },
        ],
      }),
    );
    expect(screen.getByText('CB')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'chikondi@example.mw' })).toHaveAttribute(
      'href',
      'mailto:chikondi@example.mw',
    );
    expect(screen.getByRole('link', { name: '+265 999 123 456' })).toBeInTheDocument();
    const item = screen.getByRole('region', { name: 'Item' });
    expect(within(item).getAllByRole('row')).toHaveLength(2);
    expect(within(item).getByText('N/A')).toBeInTheDocument();
    expect(screen.getByTestId('request-price').textContent).toBe('MWK 185,000');
    expect(within(item).getByRole('img', { name: 'Samsung Galaxy A14' })).toHaveAttribute(
      'src',
      expect.stringContaining('/api/images/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp?w=400'),
    );
    expect(within(screen.getByRole('list', { name: 'Photos' })).getAllByRole('img')).toHaveLength(2);
    const offers = screen.getByRole('region', { name: 'Offer history' });
    expect(within(offers).getByText('MWK 170,000')).toBeInTheDocument();
    expect(within(offers).getByText('Screen scratch')).toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'Status history' });
    expect(within(history).getByText('Pending → Approved')).toBeInTheDocument();
    expect(within(history).getByText(/^Request sent by the seller/)).toBeInTheDocument();
    expect(within(history).getByText(/^Approved by Chikondi/)).toBeInTheDocument();
  });

  it("says how many of the seller's items sold lately came back, for weighing the next offer", async () => {
    await openDetail(aRequest(), [
      [/^GET \/api\/admin\/seller-requests\/12\/came-back$/, () => json({ came_back: 2, sold: 9 })],
    ]);
    await waitFor(() =>
      expect(screen.getByTestId('seller-came-back')).toHaveTextContent(
        'Items of this seller that came back: 2 of 9 (22%), of those sold in the last 90 days',
      ),
    );
  });

  it("says when none of the seller's items sold lately", async () => {
    await openDetail(aRequest());
    await waitFor(() => expect(screen.getByTestId('seller-came-back')).toHaveTextContent('None sold yet'));
  });

  it('shows a placeholder image when the request has no photo', async () => {
    await openDetail(aRequest({ images: [] }));
    expect(
      within(screen.getByRole('region', { name: 'Item' })).getByRole('img', { name: 'Samsung Galaxy A14: no photo' }),
    ).toBeInTheDocument();
  });

  it("says 'Seller not found.' for an unknown id", async () => {
    signIn();
    mockApi([
      me,
      [/^GET \/api\/admin\/seller-requests\/404$/, () => json({ message: 'Seller request not found' }, 404)],
    ]);
    renderAdmin('/admin/seller-requests/404');
    expect(await screen.findByText('Seller not found.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Actions' })).not.toBeInTheDocument();
    // That no toast repeats the server's 404 message is shown in admin/query-client.test.ts.
  });

  it('requires a shop and a category before adding to inventory, then shows the updated request', async () => {
    const user = userEvent.setup();
    const shops = {
      shops: [
        {
          id: 3,
          name: 'Mzuzu Shop',
          address: 'M1',
          town: 'Mzuzu',
          hours: 'Mon-Sat 8-17',
          contact: 'Mon-Sat 8-17',
          phone: null,
          delivery_fee: null,
        },
      ],
      total: 1,
      limit: 100,
      offset: 0,
    };
    const categories = {
      categories: [{ id: 6, name: 'Other', description: null, parent_id: null, parent: null }],
      total: 1,
      limit: 100,
      offset: 0,
    };
    const accepted = {
      id: 3,
      kind: 'offer' as const,
      amount: 160000,
      reason: null,
      actor: 'Chikondi',
      created_at: '2025-08-11T10:00:00.000Z',
      answer: 'accepted' as const,
      answered_at: '2025-08-12T10:00:00.000Z',
      answer_reason: null,
    };
    const fetchSpy = await openDetail(aRequest({ status: 'Offer Accepted by Seller', offers: [accepted] }), [
      [/^GET \/api\/admin\/shops\?limit=100&offset=0$/, () => json(shops)],
      [/^GET \/api\/admin\/categories\?limit=100&offset=0$/, () => json(categories)],
      [
        /^POST \/api\/admin\/seller-requests\/12\/add-to-inventory$/,
        () => json(aRequest({ status: 'Offer Fulfilled', product_id: 40 })),
      ],
    ]);
    await user.click(screen.getByRole('button', { name: 'Add to Inventory' }));
    const dialog = screen.getByRole('dialog', { name: 'Add to Inventory' });
    await waitFor(() => expect(within(dialog).getAllByRole('option')).toHaveLength(4));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Please select both shop and category.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select a shop before confirming.')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select a category before confirming.')).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Shop'), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(within(dialog).queryByText('Please select both shop and category.')).not.toBeInTheDocument(),
    );
    expect(within(dialog).queryByText('Please select a shop before confirming.')).not.toBeInTheDocument();
    expect(within(dialog).getByText('Please select a category before confirming.')).toBeInTheDocument();

    await user.selectOptions(within(dialog).getByLabelText('Category'), '6');
    await user.type(within(dialog).getByLabelText('Selling price (MWK)'), '210000');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Offer fulfilled — transaction complete.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByText('Item added to inventory')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View the product in the inventory' })).toHaveAttribute(
      'href',
      '/admin/products/40',
    );
    const call = fetchSpy.mock.calls.find(([url]) => String(url).endsWith('/add-to-inventory'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({
      shop_id: 3,
      category_id: 6,
      price: 210000,
      seller_request_id: 12,
      publish_product: true,
      // Suggested from the item's name (decision 0069); no size in it.
      brand: 'Samsung',
      storage_gb: null,
      ram_gb: null,
    });
  });

  it("shows the category the seller chose and starts Add to Inventory's category at it", async () => {
    const user = userEvent.setup();
    const list = (key: string, rows: object[]) => json({ [key]: rows, total: rows.length, limit: 100, offset: 0 });
    const categories = [
      { id: 6, name: 'Other', description: null, parent_id: null, parent: null },
      { id: 9, name: 'SmartPhones', description: null, parent_id: null, parent: null },
    ];
    const accepted = aRequest({
      status: 'Offer Accepted by Seller',
      category: { id: 9, name: 'SmartPhones' },
    });
    await openDetail(accepted, [
      [/^GET \/api\/admin\/shops\?limit=100&offset=0$/, () => list('shops', [])],
      [/^GET \/api\/admin\/categories\?limit=100&offset=0$/, () => list('categories', categories)],
    ]);
    const item = screen.getByRole('region', { name: 'Item' });
    expect(within(item).getByText('SmartPhones')).toBeInTheDocument();
    expect(within(item).queryByText('N/A')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add to Inventory' }));
    const dialog = screen.getByRole('dialog', { name: 'Add to Inventory' });
    await waitFor(() => expect(within(dialog).getByLabelText('Category')).toHaveValue('9'));
  });

  it('makes an offer with an amount and a reason', async () => {
    const user = userEvent.setup();
    const fetchSpy = await openDetail(aRequest({ status: 'Approved' }), [
      [/^POST \/api\/admin\/seller-requests\/12\/offer$/, () => json(aRequest({ status: 'Accepted - Offer Pending' }))],
    ]);
    await user.click(screen.getByRole('button', { name: 'Make Offer' }));
    const dialog = screen.getByRole('dialog', { name: 'Make Offer' });
    const amount = within(dialog).getByLabelText('Offer amount (MWK)');
    expect(amount).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Offer amount is required')).toBeInTheDocument();
    await user.type(amount, '170000');
    await user.type(within(dialog).getByLabelText('Reason (optional)'), 'Screen scratch');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Item approved and offer sent (pending response).')).toBeInTheDocument();
    const call = fetchSpy.mock.calls.find(([url]) => String(url).endsWith('/offer'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ price: 170000, reason: 'Screen scratch' });
  });

  it('records an acceptance given in person, with a required note, before the item can be added', async () => {
    const user = userEvent.setup();
    const fetchSpy = await openDetail(aRequest({ status: 'Accepted - Offer Pending' }), [
      [
        /^POST \/api\/admin\/seller-requests\/12\/seller-accepted$/,
        () => json(aRequest({ status: 'Offer Accepted by Seller' })),
      ],
    ]);
    expect(screen.getByRole('button', { name: 'Add to Inventory' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Seller accepted' }));
    const dialog = screen.getByRole('dialog', { name: 'Seller accepted' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Note is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Note'), 'Accepted by phone, 10:30');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Seller accepted the offer — add the item to the inventory.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add to Inventory' })).toBeEnabled();
    const call = fetchSpy.mock.calls.find(([url]) => String(url).endsWith('/seller-accepted'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ note: 'Accepted by phone, 10:30' });
  });

  it('asks a reason to reject, and cancelling sends nothing', async () => {
    const user = userEvent.setup();
    const fetchSpy = await openDetail(aRequest(), [
      [/^POST \/api\/admin\/seller-requests\/12\/denied$/, () => json(aRequest({ status: 'Rejected' }))],
    ]);
    await user.click(screen.getByRole('button', { name: 'Reject offer' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Reject offer' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reject offer' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject offer' });
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Reason is required')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Cracked screen');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('button', { name: 'Approve after Rejection' })).toBeInTheDocument();
    expect(hint()).toBe('Item rejected — waiting for seller response.');
    expect(fetchSpy.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it("toasts the server's refusal, else the call's default, and shows the request as it is now", async () => {
    const user = userEvent.setup();
    let status = 'Pending';
    await openDetail(aRequest(), [
      [
        /^POST \/api\/admin\/seller-requests\/12\/approved$/,
        () => {
          if (status === 'Pending') {
            status = 'Rejected';
            return new Response('', { status: 500 });
          }
          return json({ message: 'Cannot approve: The request is already approved.' }, 409);
        },
      ],
      [/^GET \/api\/admin\/seller-requests\/12$/, () => json(aRequest({ status }))],
    ]);
    await user.click(screen.getByRole('button', { name: 'Accept offer' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Accept offer' })).getByRole('button', { name: 'Confirm' }),
    );
    expect(await screen.findByText('Failed to approve seller request')).toBeInTheDocument();
    // A 500 keeps the modal open to try again; a 409 closes it and reloads the request.
    await user.click(
      within(screen.getByRole('dialog', { name: 'Accept offer' })).getByRole('button', { name: 'Confirm' }),
    );
    expect(await screen.findByText('Cannot approve: The request is already approved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Approve after Rejection' })).toBeInTheDocument();
  });

  it('deletes after confirming and goes back to the list', async () => {
    const user = userEvent.setup();
    await openDetail(aRequest(), [
      [/^DELETE \/api\/admin\/seller-requests\/12$/, () => new Response(null, { status: 204 })],
      [
        /^GET \/api\/admin\/seller-requests\?limit=5&offset=0$/,
        () => json({ seller_requests: [], total: 0, limit: 5, offset: 0 }),
      ],
    ]);
    await user.click(screen.getByRole('button', { name: 'Delete offer' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete offer' });
    expect(dialog).toHaveTextContent(
      'Delete the whole request for “Samsung Galaxy A14” from Chikondi Banda, with its photos, offers and history? This cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/seller-requests'));
    expect(await screen.findByText('No seller requests yet.')).toBeInTheDocument();
  });
});

describe('create seller request', () => {
  it('uses the /sell form in the seller wording, joins City and Address, and opens the list', async () => {
    const user = userEvent.setup();
    signIn();
    const fetchSpy = mockApi([
      me,
      [/^POST \/api\/admin\/seller-requests$/, () => json(aRequest(), 201)],
      [
        /^GET \/api\/admin\/seller-requests\?limit=5&offset=0$/,
        () => json({ seller_requests: [], total: 0, limit: 5, offset: 0 }),
      ],
    ]);
    renderAdmin('/admin/create-seller-request');
    await screen.findByRole('heading', { name: 'Create Seller Request' });
    expect(screen.queryByLabelText('Create a seller account for me')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create seller request' }));
    expect(await screen.findByText('Seller name is required')).toBeInTheDocument();
    expect(screen.getByText('Location is required')).toBeInTheDocument();
    expect(screen.queryByText('Your name is required')).not.toBeInTheDocument();
    expect(screen.getByText("Choose the item's condition")).toBeInTheDocument();

    await retype(user, 'City', 'Zomba');
    await waitFor(() => expect(screen.queryByText('Location is required')).not.toBeInTheDocument());
    await retype(user, 'Address', 'Chirunga Road');
    expect(
      within(screen.getByRole('region', { name: 'Preview' })).getByText('Zomba, Chirunga Road'),
    ).toBeInTheDocument();
    await retype(user, 'Item Name', 'Canon EOS 2000D');
    await retype(user, 'Description', 'Camera kit.');
    await retype(user, 'Price or Value (MWK)', '610000');
    await retype(user, 'Seller Name', 'Thoko Phiri');
    await retype(user, 'Seller Phone Number', '0888 234 567');
    await retype(user, 'Seller Email Address', 'thoko@example.mw');
    await user.click(screen.getByRole('radio', { name: 'Like new' }));
    await user.click(screen.getByRole('button', { name: 'Create seller request' }));
    expect(await screen.findByText('Seller request created successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin/seller-requests'));
    const body = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST')![1]!.body as FormData;
    expect(body.get('location')).toBe('Zomba, Chirunga Road');
    expect(body.get('seller_name')).toBe('Thoko Phiri');
    expect(body.get('create_seller_account')).toBe('false');
    expect(body.get('condition')).toBe('like_new');
  });

  it("toasts 'Failed to create seller request' when the server gives no message and keeps the form", async () => {
    const user = userEvent.setup();
    signIn();
    mockApi([me, [/^POST \/api\/admin\/seller-requests$/, () => new Response('', { status: 500 })]]);
    renderAdmin('/admin/create-seller-request');
    await screen.findByRole('heading', { name: 'Create Seller Request' });
    for (const [label, value] of [
      ['Item Name', 'Canon EOS 2000D'],
      ['Description', 'Camera kit.'],
      ['Price or Value (MWK)', '610000'],
      ['Seller Name', 'Thoko Phiri'],
      ['Seller Phone Number', '0888 234 567'],
      ['Seller Email Address', 'thoko@example.mw'],
      ['City', 'Zomba'],
    ])
      await retype(user, label!, value!);
    await user.click(screen.getByRole('radio', { name: 'Good' }));
    await user.click(screen.getByRole('button', { name: 'Create seller request' }));
    expect(await screen.findByText('Failed to create seller request')).toBeInTheDocument();
    expect(screen.getByLabelText('Seller Name')).toHaveValue('Thoko Phiri');
    expect(screen.getByTestId('location').textContent).toBe('/admin/create-seller-request');
  });
});
