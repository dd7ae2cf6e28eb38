import type { MoneyEntry, MoneySummary } from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { ADMIN_ME, renderAdmin, signIn } from '../test/render-admin';

// Thursday 10 December 2026, 09:00 UTC: this week is 4 to 10 December, this month 1 to 10 December.
const NOW = new Date('2026-12-10T09:00:00.000Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;
const MODERATOR = { ...ADMIN_ME, role: 'Moderator', display_name: 'Mphatso' };
const shop = (id: number, name: string) => ({
  id,
  name,
  address: 'Main Road',
  town: name.split(' ')[0],
  hours: 'Mon-Sat 8-17',
  contact: 'Mon-Sat 8-17',
  phone: null,
  delivery_fee: null,
});
const shops: [RegExp, Handler] = [
  /^GET \/api\/admin\/shops\?limit=100&offset=0$/,
  () => json({ shops: [shop(2, 'Zomba Shop'), shop(1, 'Blantyre Shop')], total: 2, limit: 100, offset: 0 }),
];

const figures = (over: Partial<MoneySummary['totals']> = {}) => ({
  taken_in: {},
  refunded: 0,
  paid_to_sellers: 0,
  fees: 0,
  corrections: 0,
  net: 0,
  ...over,
});

const SUMMARY: MoneySummary = {
  from: '2026-12-04',
  to: '2026-12-10',
  days: [
    {
      date: '2026-12-08',
      shop_id: 1,
      shop_name: 'Blantyre Shop',
      ...figures({ taken_in: { cash: 120_000, airtel_money: 365_000 }, net: 485_000 }),
    },
    {
      date: '2026-12-09',
      shop_id: 1,
      shop_name: 'Blantyre Shop',
      ...figures({ refunded: 20_000, paid_to_sellers: 60_000, net: -80_000 }),
    },
  ],
  totals: figures({
    taken_in: { cash: 120_000, airtel_money: 365_000 },
    refunded: 20_000,
    paid_to_sellers: 60_000,
    net: 405_000,
  }),
  attention: [],
};

/** The session, the shops and the summary as the server would answer them; the summary requests are kept. */
// The last 8 weeks ending today, oldest first: refunds of returns in two of them.
const REFUND_WEEKS_ANSWER = {
  weeks: ['10-16', '10-23', '10-30', '11-06', '11-13', '11-20', '11-27', '12-04'].map((day, i) => ({
    from: `2026-${day}`,
    refunds: i === 5 ? 1 : i === 7 ? 2 : 0,
    refunded: i === 5 ? 90_000 : i === 7 ? 335_000 : 0,
  })),
};
const refundsAsked: (string | null)[] = [];
const refunds: [RegExp, Handler] = [
  /^GET \/api\/admin\/money\/refunds/,
  (url) => {
    refundsAsked.push(url.searchParams.get('shop_id'));
    return json(REFUND_WEEKS_ANSWER);
  },
];

function mockMoney(summary: MoneySummary = SUMMARY, me: object = ADMIN_ME, more: [RegExp, Handler][] = []) {
  signIn(String((me as { display_name: string }).display_name));
  const asked: URLSearchParams[] = [];
  const spy = mockApi([
    [/^GET \/api\/v1\/auth\/me$/, () => json(me)],
    shops,
    [
      /^GET \/api\/admin\/money\/summary\?/,
      (url) => {
        asked.push(url.searchParams);
        return json(summary);
      },
    ],
    refunds,
    ...more,
  ]);
  return { asked, spy };
}

const lastAsked = (asked: URLSearchParams[]) => Object.fromEntries(asked.at(-1)!);

describe('Money screen', () => {
  it("shows this week's totals, the per shop and day table and an empty attention list", async () => {
    const { asked } = mockMoney();
    renderAdmin('/admin/money');
    expect(await screen.findByRole('heading', { level: 1, name: 'Money' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('total-taken-in')).toHaveTextContent('MWK 485,000'));
    expect(lastAsked(asked)).toEqual({ from: '2026-12-04', to: '2026-12-10' });
    expect(screen.getByLabelText('Period')).toHaveValue('week');
    expect(screen.getByTestId('total-refunded')).toHaveTextContent('MWK 20,000');
    expect(screen.getByTestId('total-paid_to_sellers')).toHaveTextContent('MWK 60,000');
    expect(screen.getByTestId('total-fees')).toHaveTextContent('MWK 0');
    expect(screen.getByTestId('total-corrections')).toHaveTextContent('MWK 0');
    expect(screen.getByTestId('total-net')).toHaveTextContent('MWK 405,000');
    expect(screen.getByText('Nothing needs attention')).toBeInTheDocument();

    const table = screen.getByRole('table');
    const headings = within(table)
      .getAllByRole('columnheader')
      .map((th) => th.textContent);
    expect(headings).toEqual([
      'Day',
      'Shop',
      'Cash in',
      'Airtel Money in',
      'Refunded',
      'Paid to sellers',
      'Fees',
      'Corrections',
      'Net',
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('−MWK 80,000');
    // Each figure opens its entries: this one the cash sales and payments of one shop on one day.
    const cash = within(rows[0]!).getByRole('link', { name: /^MWK 120,000/ });
    expect(cash).toHaveAccessibleName('MWK 120,000 (Cash taken in, 8 Dec 2026, Blantyre Shop: open its entries)');
    expect(cash).toHaveAttribute(
      'href',
      '/admin/money/entries?from=2026-12-08&to=2026-12-08&shop_id=1&kind=sale%2Cpayment&method=cash',
    );
    expect(within(rows[1]!).getByRole('link', { name: /^−MWK 80,000/ })).toHaveAttribute(
      'href',
      '/admin/money/entries?from=2026-12-09&to=2026-12-09&shop_id=1',
    );
  });

  it('asks again for the period and shop chosen, and keeps them in the address', async () => {
    const user = userEvent.setup();
    const { asked } = mockMoney();
    renderAdmin('/admin/money');
    await screen.findByTestId('total-net');
    await user.selectOptions(screen.getByLabelText('Period'), 'today');
    await waitFor(() => expect(lastAsked(asked)).toEqual({ from: '2026-12-10', to: '2026-12-10' }));
    await user.selectOptions(screen.getByLabelText('Period'), 'month');
    await waitFor(() => expect(lastAsked(asked)).toEqual({ from: '2026-12-01', to: '2026-12-10' }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Shop' }), 'Zomba Shop');
    await waitFor(() => expect(lastAsked(asked)).toEqual({ from: '2026-12-01', to: '2026-12-10', shop_id: '2' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/money?period=month&shop_id=2');
  });

  it('checks custom dates as the API does: at most 92 days, from before to', async () => {
    const user = userEvent.setup();
    const { asked } = mockMoney();
    renderAdmin('/admin/money');
    await screen.findByTestId('total-net');
    await user.selectOptions(screen.getByLabelText('Period'), 'custom');
    const from = await screen.findByLabelText('From');
    expect(from).toHaveValue('2026-12-04');
    await user.clear(from);
    await user.type(from, '2026-01-01');
    const count = asked.length;
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('At most 92 days at once')).toBeInTheDocument();
    expect(asked).toHaveLength(count);
    await user.clear(from);
    await user.type(from, '2026-11-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(lastAsked(asked)).toEqual({ from: '2026-11-01', to: '2026-12-10' }));
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/admin/money?period=custom&from=2026-11-01&to=2026-12-10',
    );
  });

  it('lists what needs attention, each with a link to its order or seller request', async () => {
    mockMoney({
      ...SUMMARY,
      attention: [
        {
          id: 3,
          kind: 'payment',
          status: 'pending',
          amount: 185_000,
          method: 'airtel_money',
          subject_number: 'MW-4K7Q2',
          order_id: 7,
          seller_request_id: null,
          created_at: '2026-12-10T08:00:00.000Z',
          note: null,
        },
        {
          id: 2,
          kind: 'seller_payout',
          status: 'failed',
          amount: 60_000,
          method: 'tnm_mpamba',
          subject_number: 'S-7QK2M',
          order_id: null,
          seller_request_id: 41,
          created_at: '2026-12-09T08:00:00.000Z',
          note: 'Recipient number not registered',
        },
      ],
    });
    renderAdmin('/admin/money');
    const list = await screen.findByRole('list', { name: 'Needs attention' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Payment');
    expect(items[0]).toHaveTextContent('MWK 185,000 · Airtel Money');
    expect(within(items[0]!).getByRole('link', { name: 'Order MW-4K7Q2' })).toHaveAttribute('href', '/admin/orders/7');
    expect(items[1]).toHaveTextContent('Recipient number not registered');
    expect(within(items[1]!).getByRole('link', { name: 'Seller request S-7QK2M' })).toHaveAttribute(
      'href',
      '/admin/seller-requests/41',
    );
    expect(screen.queryByText('Nothing needs attention')).not.toBeInTheDocument();
  });

  it('lets an Admin record how a payout the gateway cannot send was paid, checking an Airtel number first', async () => {
    const user = userEvent.setup();
    const task = {
      id: 9,
      kind: 'refund' as const,
      status: 'manual',
      amount: 30_000,
      method: 'tnm_mpamba',
      subject_number: 'MW-TNM01',
      order_id: 12,
      seller_request_id: null,
      created_at: '2026-12-10T08:00:00.000Z',
      note: 'The payment service cannot send TNM Mpamba payouts',
    };
    const sent: unknown[] = [];
    const byHand: [RegExp, Handler] = [
      /^POST \/api\/admin\/money\/transfers\/9\/by-hand$/,
      (_url, init) => {
        sent.push(JSON.parse(String(init?.body)));
        return new Response(null, { status: 204 });
      },
    ];
    const { asked } = mockMoney({ ...SUMMARY, attention: [task] }, ADMIN_ME, [byHand]);
    renderAdmin('/admin/money');
    const list = await screen.findByRole('list', { name: 'Needs attention' });
    expect(within(list).getByText('pay by hand')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: 'Record how it was paid' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pay MWK 30,000 by hand' });
    await user.selectOptions(within(dialog).getByLabelText('How it was paid'), 'airtel_money');
    await user.type(within(dialog).getByLabelText('Airtel Money number'), '0881 111 111');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Enter an Airtel Money number (099 or 098)')).toBeInTheDocument();
    expect(sent).toEqual([]);
    const calls = asked.length;
    await user.clear(within(dialog).getByLabelText('Airtel Money number'));
    await user.type(within(dialog).getByLabelText('Airtel Money number'), '0991 555 444');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(sent).toEqual([{ method: 'airtel_money', mobile: '+265991555444' }]));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(asked.length).toBeGreaterThan(calls));
  });

  it('tells a Moderator that only an Admin records a payment by hand', async () => {
    const task = {
      id: 9,
      kind: 'seller_payout' as const,
      status: 'manual',
      amount: 60_000,
      method: 'tnm_mpamba',
      subject_number: 'S-7QK2M',
      order_id: null,
      seller_request_id: 41,
      created_at: '2026-12-10T08:00:00.000Z',
      note: null,
    };
    mockMoney({ ...SUMMARY, attention: [task] }, MODERATOR);
    renderAdmin('/admin/money');
    expect(await screen.findByText('Only an Admin can record how it was paid.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record how it was paid' })).not.toBeInTheDocument();
  });

  it("downloads the period's CSV with the staff token", async () => {
    const user = userEvent.setup();
    const csv: [RegExp, Handler] = [
      /^GET \/api\/admin\/money\/entries\.csv\?from=2026-12-04&to=2026-12-10$/,
      () => new Response('date,shop\r\n', { headers: { 'Content-Type': 'text/csv' } }),
    ];
    const { spy } = mockMoney(SUMMARY, ADMIN_ME, [csv]);
    const created = vi.fn(() => 'blob:money');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderAdmin('/admin/money');
    await screen.findByTestId('total-net');
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    const call = spy.mock.calls.find(([url]) => String(url).includes('entries.csv'))!;
    expect((call[1]?.headers as Record<string, string>).Authorization).toBe('Bearer test-token');
    expect((click.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe(
      'money-2026-12-04-to-2026-12-10.csv',
    );
  });

  it('shows a Moderator the same figures, with nothing to change', async () => {
    mockMoney(SUMMARY, MODERATOR);
    renderAdmin('/admin/money');
    await waitFor(() => expect(screen.getByTestId('total-net')).toHaveTextContent('MWK 405,000'));
    const main = screen.getByRole('main');
    expect(
      within(main)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Download CSV']);
  });

  it('shows the refunds of returns per week, the last 8 weeks, of the shop chosen', async () => {
    mockMoney();
    renderAdmin('/admin/money?shop_id=2');
    expect(await screen.findByRole('heading', { name: 'Refunds of returns, last 8 weeks' })).toBeInTheDocument();
    const weeks = within(await screen.findByRole('list', { name: 'Refunds of returns per week' })).getAllByRole(
      'listitem',
    );
    expect(weeks).toHaveLength(8);
    expect(weeks[5]).toHaveTextContent('20 Nov to 26 Nov 2026MWK 90,000 (1 refund)');
    expect(weeks[7]).toHaveTextContent('4 Dec to 10 Dec 2026MWK 335,000 (2 refunds)');
    expect(weeks[0]).toHaveTextContent('MWK 0 (0 refunds)');
    expect(refundsAsked.at(-1)).toBe('2');
  });

  it('says when no money moved', async () => {
    mockMoney({ ...SUMMARY, days: [], totals: figures() });
    renderAdmin('/admin/money?period=today');
    expect(await screen.findByText('No money moved in this period.')).toBeInTheDocument();
    expect(screen.getByTestId('total-taken-in')).toHaveTextContent('MWK 0');
  });
});

const entry = (id: number, over: Partial<MoneyEntry> = {}): MoneyEntry => ({
  id,
  created_at: '2026-12-08T10:00:00.000Z',
  kind: 'sale',
  direction: 'in',
  method: 'cash',
  amount: 120_000,
  reference: null,
  order_id: 7,
  seller_request_id: null,
  subject_number: 'MW-4K7Q2',
  shop_id: 1,
  shop_name: 'Blantyre Shop',
  staff_name: 'Chikondi',
  note: null,
  corrects_id: null,
  ...over,
});

describe('Money entries', () => {
  const link = '/admin/money/entries?from=2026-12-08&to=2026-12-09&shop_id=1&kind=sale%2Cpayment&method=cash';

  it("lists a figure's entries a page at a time, each with its order", async () => {
    const user = userEvent.setup();
    signIn();
    const asked: Record<string, string>[] = [];
    mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
      [
        /^GET \/api\/admin\/money\/entries\?/,
        (url) => {
          asked.push(Object.fromEntries(url.searchParams));
          const offset = Number(url.searchParams.get('offset'));
          const page =
            offset === 0 ? [entry(30), entry(29, { kind: 'refund', direction: 'out', amount: 20_000 })] : [entry(5)];
          return json({ entries: page, total: 21, limit: 20, offset });
        },
      ],
    ]);
    renderAdmin(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'Money entries' })).toBeInTheDocument();
    expect(screen.getByText('8 Dec 2026 to 9 Dec 2026 · Sale and Payment · Cash')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByText('−MWK 20,000')).toBeInTheDocument();
    expect(within(table).getAllByRole('link', { name: 'MW-4K7Q2' })[0]).toHaveAttribute('href', '/admin/orders/7');
    expect(asked[0]).toEqual({
      from: '2026-12-08',
      to: '2026-12-09',
      shop_id: '1',
      kind: 'sale,payment',
      method: 'cash',
      limit: '20',
      offset: '0',
    });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(asked.at(-1)?.offset).toBe('20'));
    expect(await screen.findByText('Page 2 of 2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Money' })).toHaveAttribute(
      'href',
      '/admin/money?period=custom&from=2026-12-08&to=2026-12-09&shop_id=1',
    );
  });

  /** One entry of Blantyre Shop, the shops, and the correction POSTs kept with their bodies. */
  function mockCorrection(me: object, answer: () => Response = () => json(entry(31, { kind: 'correction' }), 201)) {
    signIn(String((me as { display_name: string }).display_name));
    const sent: unknown[] = [];
    mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json(me)],
      shops,
      [/^GET \/api\/admin\/money\/entries\?/, () => json({ entries: [entry(30)], total: 1, limit: 20, offset: 0 })],
      [
        /^POST \/api\/admin\/money\/corrections$/,
        (_url, init) => {
          sent.push(JSON.parse(String(init?.body)));
          return answer();
        },
      ],
    ]);
    renderAdmin(link);
    return sent;
  }

  it('lets an Admin correct an entry: checked as the API does, sent, and the dialog closes', async () => {
    const user = userEvent.setup();
    const sent = mockCorrection(ADMIN_ME);
    await user.click(await screen.findByRole('button', { name: 'Correct entry #30' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a correction' });
    // A sale is most often corrected by money out, at its own shop.
    expect(within(dialog).getByLabelText('Money')).toHaveValue('out');
    await waitFor(() => expect(within(dialog).getByLabelText('Shop')).toHaveValue('1'));
    await user.type(within(dialog).getByLabelText('Amount (MWK)'), '0');
    await user.type(within(dialog).getByLabelText('Reason'), 'Too short');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Amount must be more than 0')).toBeInTheDocument();
    expect(within(dialog).getByText('Reason must be at least 10 characters')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Amount (MWK)'));
    await user.type(within(dialog).getByLabelText('Amount (MWK)'), '20000000');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('Amount must be at most MWK 10,000,000')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Amount (MWK)'));
    await user.type(within(dialog).getByLabelText('Amount (MWK)'), '5000');
    await user.type(within(dialog).getByLabelText('Reason'), ': till short at close');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toEqual([
      { corrects_id: 30, direction: 'out', amount: 5_000, shop_id: 1, reason: 'Too short: till short at close' },
    ]);
    expect(await screen.findByText('Correction recorded')).toBeInTheDocument();
  });

  it("puts the server's refusal under its field and keeps the dialog open", async () => {
    const user = userEvent.setup();
    const refusal = 'The entry to correct was not found';
    mockCorrection(ADMIN_ME, () =>
      json({ message: refusal, errors: { corrects_id: refusal, shop_id: 'The shop was not found' } }, 400),
    );
    await user.click(await screen.findByRole('button', { name: 'Correct entry #30' }));
    const dialog = screen.getByRole('dialog', { name: 'Record a correction' });
    await user.type(within(dialog).getByLabelText('Amount (MWK)'), '5000');
    await user.type(within(dialog).getByLabelText('Reason'), 'Till counted short at close');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await within(dialog).findByText('The shop was not found')).toBeInTheDocument();
  });

  it('offers a Moderator no correction', async () => {
    mockCorrection(MODERATOR);
    expect(await screen.findByRole('table')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'MW-4K7Q2' })).toHaveLength(1));
    expect(screen.queryByRole('button', { name: /^Correct/ })).not.toBeInTheDocument();
  });

  it('says what is wrong with an edited link instead of asking the server', async () => {
    signIn();
    mockApi([[/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)]]);
    renderAdmin('/admin/money/entries?from=2026-12-08&to=2026-12-09&kind=gift');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'kind must be one or more of sale, payment, refund, seller_payout, fee, correction, separated by commas',
    );
  });
});
