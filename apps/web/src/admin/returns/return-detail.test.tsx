import type { AdminReturn } from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { retype } from '../../test/typing';
import { ADMIN_ME, renderAdmin, signIn } from '../test/render-admin';
import { aReturn } from '../test/returns';

afterEach(() => vi.restoreAllMocks());

type Handler = (url: URL, init: RequestInit | undefined) => Response;
const me: [RegExp, Handler] = [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)];

async function openDetail(ret: AdminReturn, extra: [RegExp, Handler][] = []) {
  signIn();
  const fetchSpy = mockApi([me, ...extra, [/^GET \/api\/admin\/returns\/5$/, () => json(ret)]]);
  renderAdmin('/admin/returns/5');
  await screen.findByRole('heading', { name: `Return ${ret.reference}` });
  return fetchSpy;
}

/** The names of the action buttons, in screen order. */
function actions(): string[] {
  const card = screen.getByRole('heading', { name: 'Actions' }).parentElement!;
  return within(card)
    .queryAllByRole('button')
    .map((b) => b.textContent ?? '');
}
const posts = (fetchSpy: ReturnType<typeof mockApi>) =>
  fetchSpy.mock.calls.filter(([, init]) => init?.method === 'POST');
const bodyOf = (fetchSpy: ReturnType<typeof mockApi>, path: string) => {
  const call = fetchSpy.mock.calls.find(([url, init]) => init?.method === 'POST' && String(url).endsWith(path));
  return call?.[1]?.body === undefined ? undefined : JSON.parse(String(call[1].body));
};
const dialog = (name: string) => screen.getByRole('dialog', { name });
const confirm = (user: ReturnType<typeof userEvent.setup>, name: string) =>
  user.click(within(dialog(name)).getByRole('button', { name: 'Confirm' }));

describe('return detail', () => {
  // Written out per status rather than read from the labels module, so a change of the flow shows up here.
  const cases: [AdminReturn['status'], string[]][] = [
    ['requested', ['Receive']],
    ['received', ['Refund', 'Send for repair', 'Replace', 'Decline']],
    ['in_repair', ['Back from repair']],
    ['repaired', ['Handed over']],
    ['handed_over', []],
    ['refunded', ['Write off']],
    ['replaced', ['Write off']],
    ['declined', []],
  ];
  for (const [status, expected] of cases) {
    it(`offers exactly the steps a ${status} return allows`, async () => {
      await openDetail(aReturn({ status }));
      expect(actions()).toEqual(expected);
    });
  }

  it("shows the buyer's ask, the order and item at its price, and the history", async () => {
    await openDetail(
      aReturn({
        status: 'received',
        kind: 'warranty',
        how_back: 'coach',
        photos: ['aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp'],
        condition: 'fair',
        imei: '356938035643809',
        received_at: '2026-11-21T10:00:00.000Z',
      }),
    );
    expect(screen.getByText('Does not work')).toBeInTheDocument();
    expect(screen.getByText('It stopped charging on day 5.')).toBeInTheDocument();
    expect(screen.getByText('By coach')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: "Samsung Galaxy A14, the buyer's photo 1 of 1" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'MW-4K7Q2' })).toHaveAttribute('href', '/admin/orders/7');
    expect(screen.getByRole('link', { name: 'Samsung Galaxy A14' })).toHaveAttribute('href', '/admin/products/12');
    expect(screen.getByText('MWK 185,000')).toBeInTheDocument();
    expect(screen.getByText('Fair')).toBeInTheDocument();
    expect(screen.getByText('356938035643809')).toBeInTheDocument();
    const history = within(screen.getByRole('region', { name: 'Return history' }));
    expect(history.getAllByRole('row').map((row) => row.lastElementChild?.textContent)).toEqual([
      'What happened',
      'Asked by the buyer',
      'Received at the shop',
    ]);
  });

  it('receives with a grade and an IMEI, and shows the warning the server gives', async () => {
    const user = userEvent.setup();
    const warning = 'The IMEI 356938035643809 is not the one recorded at intake (354045103811201).';
    const fetchSpy = await openDetail(aReturn(), [
      [
        /^POST \/api\/admin\/returns\/5\/receive$/,
        () => json({ ...aReturn({ status: 'received', imei_matches: false, version: 2 }), warning }),
      ],
    ]);
    await user.click(screen.getByRole('button', { name: 'Receive' }));
    await confirm(user, 'Receive');
    expect(await within(dialog('Receive')).findByText('Choose the condition grade')).toBeInTheDocument();
    await user.selectOptions(within(dialog('Receive')).getByLabelText('Condition grade'), 'good');
    await user.type(within(dialog('Receive')).getByLabelText('IMEI (optional)'), '12345');
    await confirm(user, 'Receive');
    expect(await within(dialog('Receive')).findByText('IMEI must be 15 digits')).toBeInTheDocument();
    expect(posts(fetchSpy)).toHaveLength(0);
    await retype(user, within(dialog('Receive')).getByLabelText('IMEI (optional)'), '356938035643809');
    await confirm(user, 'Receive');
    expect(await screen.findByText('Item received.')).toBeInTheDocument();
    expect(bodyOf(fetchSpy, '/receive')).toEqual({ condition: 'good', imei: '356938035643809', version: 1 });
    expect(screen.getByTestId('return-warning')).toHaveTextContent(warning);
    expect(actions()).toEqual(['Refund', 'Send for repair', 'Replace', 'Decline']);
  });

  it('warns of an IMEI that does not match even when the server words no warning', async () => {
    await openDetail(aReturn({ status: 'received', imei: '356938035643809', imei_matches: false }));
    expect(screen.getByTestId('return-warning')).toHaveTextContent('is not the one recorded when this item came in');
  });

  it('refunds a return in full the way the buyer paid, then offers the write-off and the product to publish', async () => {
    const user = userEvent.setup();
    const fetchSpy = await openDetail(aReturn({ status: 'received' }), [
      [
        /^POST \/api\/admin\/returns\/5\/refund$/,
        () => json(aReturn({ status: 'refunded', refund_amount: 185000, refund_method: 'cash', version: 3 })),
      ],
    ]);
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(within(dialog('Refund')).queryByLabelText('Amount (MWK)')).not.toBeInTheDocument();
    await user.selectOptions(within(dialog('Refund')).getByLabelText('Paid back by'), 'cash');
    await confirm(user, 'Refund');
    expect(await screen.findByText('Refund recorded.')).toBeInTheDocument();
    expect(bodyOf(fetchSpy, '/refund')).toEqual({ method: 'cash', version: 1 });
    expect(actions()).toEqual(['Write off']);
    expect(screen.getByRole('link', { name: 'Edit the product to publish it again' })).toHaveAttribute(
      'href',
      '/admin/products/12',
    );
  });

  it('prefills a warranty refund with the price and asks why for a part refund', async () => {
    const user = userEvent.setup();
    const fetchSpy = await openDetail(aReturn({ status: 'received', kind: 'warranty' }), [
      [/^POST \/api\/admin\/returns\/5\/refund$/, () => json(aReturn({ status: 'refunded', kind: 'warranty' }))],
    ]);
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const amount = within(dialog('Refund')).getByLabelText('Amount (MWK)');
    expect(amount).toHaveValue('185000');
    expect(within(dialog('Refund')).getByLabelText('Paid back by')).toHaveValue('original');
    await retype(user, amount, '200000');
    await confirm(user, 'Refund');
    expect(await within(dialog('Refund')).findByText('Amount must be at most MWK 185,000')).toBeInTheDocument();
    await retype(user, amount, '90000');
    await confirm(user, 'Refund');
    expect(await within(dialog('Refund')).findByText('Say why only part of the price is refunded')).toBeInTheDocument();
    expect(posts(fetchSpy)).toHaveLength(0);
    await user.type(within(dialog('Refund')).getByLabelText('Reason for a part refund'), 'Screen cracked by a fall');
    await confirm(user, 'Refund');
    expect(await screen.findByText('Refund recorded.')).toBeInTheDocument();
    expect(bodyOf(fetchSpy, '/refund')).toEqual({
      amount: 90000,
      method: 'original',
      reason: 'Screen cracked by a fall',
      version: 1,
    });
  });

  it('walks a repair: sent, back, handed over', async () => {
    const user = userEvent.setup();
    let current = aReturn({ status: 'received' });
    const next: Record<string, AdminReturn['status']> = {
      send: 'in_repair',
      back: 'repaired',
      hand_over: 'handed_over',
    };
    const fetchSpy = await openDetail(current, [
      [
        /^POST \/api\/admin\/returns\/5\/repair$/,
        (_url, init) => {
          const { step } = JSON.parse(String(init?.body)) as { step: string };
          current = aReturn({ status: next[step], version: current.version + 1 });
          return json(current);
        },
      ],
    ]);
    for (const [button, toast] of [
      ['Send for repair', 'Sent for repair.'],
      ['Back from repair', 'Back from repair: the buyer gets an SMS.'],
      ['Handed over', 'Handed over to the buyer.'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: button }));
      await confirm(user, button);
      expect(await screen.findByText(toast)).toBeInTheDocument();
    }
    expect(posts(fetchSpy).map(([, init]) => JSON.parse(String(init?.body)))).toEqual([
      { step: 'send', version: 1 },
      { step: 'back', version: 2 },
      { step: 'hand_over', version: 3 },
    ]);
    expect(actions()).toEqual([]);
  });

  it('replaces with the product number typed', async () => {
    const user = userEvent.setup();
    const fetchSpy = await openDetail(aReturn({ status: 'received' }), [
      [
        /^POST \/api\/admin\/returns\/5\/replace$/,
        () => json(aReturn({ status: 'replaced', replacement_product_id: 44 })),
      ],
    ]);
    await user.click(screen.getByRole('button', { name: 'Replace' }));
    await confirm(user, 'Replace');
    expect(
      await within(dialog('Replace')).findByText('Give the number of the replacement product'),
    ).toBeInTheDocument();
    await user.type(within(dialog('Replace')).getByLabelText('Replacement product number'), '44');
    await confirm(user, 'Replace');
    expect(await screen.findByText('Replacement recorded.')).toBeInTheDocument();
    expect(bodyOf(fetchSpy, '/replace')).toEqual({ product_id: 44, version: 1 });
    expect(screen.getByRole('link', { name: 'Product #44' })).toHaveAttribute('href', '/admin/products/44');
  });

  it("shows the server's 422 and keeps the dialog with what was typed", async () => {
    const user = userEvent.setup();
    await openDetail(aReturn({ status: 'received' }), [
      [
        /^POST \/api\/admin\/returns\/5\/replace$/,
        () => json({ message: 'The replacement must be the same model and grade, in stock' }, 422),
      ],
    ]);
    await user.click(screen.getByRole('button', { name: 'Replace' }));
    await user.type(within(dialog('Replace')).getByLabelText('Replacement product number'), '45');
    await confirm(user, 'Replace');
    expect(await screen.findByText('The replacement must be the same model and grade, in stock')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog('Replace')).getByRole('button', { name: 'Confirm' })).toBeEnabled());
    expect(within(dialog('Replace')).getByLabelText('Replacement product number')).toHaveValue('45');
  });

  it("toasts the server's 409, closes the dialog and shows the return as it is now", async () => {
    const user = userEvent.setup();
    let current = aReturn({ status: 'received' });
    const fetchSpy = await openDetail(current, [
      [
        /^POST \/api\/admin\/returns\/5\/decline$/,
        () => {
          current = aReturn({ status: 'refunded', refund_amount: 185000, refund_method: 'original', version: 2 });
          return json({ message: 'This return was changed meanwhile. Look at it again.' }, 409);
        },
      ],
      [/^GET \/api\/admin\/returns\/5$/, () => json(current)],
    ]);
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    await confirm(user, 'Decline');
    expect(await within(dialog('Decline')).findByText('Give the reason the buyer will read')).toBeInTheDocument();
    await user.type(within(dialog('Decline')).getByLabelText('Reason'), 'Water damage inside');
    await confirm(user, 'Decline');
    expect(await screen.findByText('This return was changed meanwhile. Look at it again.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(actions()).toEqual(['Write off']));
    expect(bodyOf(fetchSpy, '/decline')).toEqual({ reason: 'Water damage inside', version: 1 });
  });

  it('writes off with a reason', async () => {
    const user = userEvent.setup();
    const fetchSpy = await openDetail(aReturn({ status: 'replaced' }), [
      [
        /^POST \/api\/admin\/returns\/5\/write-off$/,
        () => json(aReturn({ status: 'replaced', version: 2, written_off_at: '2026-11-20T09:00:00.000Z' })),
      ],
    ]);
    await user.click(screen.getByRole('button', { name: 'Write off' }));
    await confirm(user, 'Write off');
    expect(await within(dialog('Write off')).findByText('Give the reason it is written off')).toBeInTheDocument();
    await user.type(within(dialog('Write off')).getByLabelText('Reason'), 'Board beyond repair');
    await confirm(user, 'Write off');
    expect(await screen.findByText('Item written off.')).toBeInTheDocument();
    expect(bodyOf(fetchSpy, '/write-off')).toEqual({ reason: 'Board beyond repair', version: 1 });
    // Written off: out of stock for good, nothing more to offer.
    expect(await screen.findByText(/The item was written off on/)).toBeInTheDocument();
    expect(actions()).toEqual([]);
  });

  it("says 'Return not found.' for another shop's or an unknown return", async () => {
    signIn();
    mockApi([me, [/^GET \/api\/admin\/returns\/404$/, () => json({ message: 'Return not found' }, 404)]]);
    renderAdmin('/admin/returns/404');
    expect(await screen.findByText('Return not found.')).toBeInTheDocument();
    const nav = screen.getAllByRole('navigation', { name: 'Back-office' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Returns' })).toHaveAttribute('aria-current', 'page');
  });
});
