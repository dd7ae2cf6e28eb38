import { ERASE_REFUSED_OPEN_ORDER, type PersonalData } from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { emptyDashboard } from '../test/dashboard';
import { ADMIN_ME, renderAdmin, signIn } from '../test/render-admin';

afterEach(() => vi.restoreAllMocks());

const NOTHING: PersonalData = {
  phone: '+265888777001',
  email: null,
  orders: [],
  seller_requests: [],
  seller_accounts: [],
  messages: [],
  alerts: [],
  transfer_requests: [],
  payments: [],
  offers: [],
  phone_codes: 0,
  listing_reports: 0,
};
const KEPT: PersonalData = {
  ...NOTHING,
  seller_requests: [
    {
      id: 7,
      reference: 'S-7QK2M',
      status: 'Pending',
      seller_name: 'Thoko Phiri',
      phone: '+265888777001',
      email: 'thoko@example.mw',
      location: 'Lilongwe, Area 18',
      item_name: 'PlayStation 4 Pro',
      price: 450000,
      created_at: '2026-11-20T10:00:00.000Z',
    },
  ],
  messages: [
    {
      id: 3,
      channel: 'sms',
      recipient: '+265888777001',
      subject: null,
      body: 'Marketplace Malawi: we got your request S-7QK2M',
      state: 'sent',
      created_at: '2026-11-20T10:00:00.000Z',
    },
  ],
};

describe('personal data screen', () => {
  it('finds a seller by phone, exports the file, and erases after a confirm', async () => {
    signIn();
    const user = userEvent.setup();
    let kept = KEPT;
    const createObjectURL = vi.fn(() => 'blob:personal-data');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const api = mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
      [/^GET \/api\/admin\/personal-data\?phone=0888\+777\+001$/, () => json(kept)],
      [/^GET \/api\/admin\/personal-data\/export\?phone=0888\+777\+001$/, () => json(kept)],
      [
        /^POST \/api\/admin\/personal-data\/erase$/,
        () => {
          kept = NOTHING;
          return json({
            orders: 0,
            seller_requests: 1,
            seller_accounts: 0,
            messages: 1,
            alerts: 0,
            transfer_requests: 0,
            offers: 0,
            phone_codes: 0,
          });
        },
      ],
    ]);
    renderAdmin('/admin/personal-data');
    expect(await screen.findByRole('heading', { name: 'Personal data' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Phone number or email'), '12345');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Enter a Malawi phone number: +265 or 0 followed by 9 digits')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Phone number or email'));
    await user.type(screen.getByLabelText('Phone number or email'), '0888 777 001');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const requests = await screen.findByRole('region', { name: 'Seller requests' });
    expect(within(requests).getAllByRole('row')[1]).toHaveTextContent('S-7QK2M');
    expect(within(requests).getAllByRole('row')[1]).toHaveTextContent('Thoko Phiri');
    expect(screen.getByRole('region', { name: 'Messages' })).toHaveTextContent('we got your request S-7QK2M');
    expect(screen.queryByRole('region', { name: 'Orders' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(createObjectURL).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Erase' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Please confirm' });
    expect(dialog).toHaveTextContent('Erase everything kept about 0888 777 001? This cannot be undone.');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Nothing is kept about this person.')).toBeInTheDocument();
    expect(
      api.mock.calls.filter(([url, init]) => String(url).endsWith('/personal-data/erase') && init?.method === 'POST'),
    ).toHaveLength(1);
    const erased = api.mock.calls.find(([url]) => String(url).endsWith('/personal-data/erase'))!;
    expect(JSON.parse(String(erased[1]?.body))).toEqual({ phone: '0888 777 001' });
  });

  it("says the server's refusal while an order is open", async () => {
    signIn();
    const user = userEvent.setup();
    mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)],
      [
        /^GET \/api\/admin\/personal-data\?email=thoko%40example\.mw$/,
        () => json({ ...KEPT, phone: null, email: 'thoko@example.mw' }),
      ],
      [
        /^POST \/api\/admin\/personal-data\/erase$/,
        () =>
          json(
            { title: 'Conflict', status: 409, detail: ERASE_REFUSED_OPEN_ORDER, message: ERASE_REFUSED_OPEN_ORDER },
            409,
          ),
      ],
    ]);
    renderAdmin('/admin/personal-data');
    await user.type(await screen.findByLabelText('Phone number or email'), 'thoko@example.mw');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(await screen.findByRole('button', { name: 'Erase' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText(ERASE_REFUSED_OPEN_ORDER)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Seller requests' })).toBeInTheDocument();
  });

  it('is not in the sidebar of a Moderator', async () => {
    signIn();
    mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json({ ...ADMIN_ME, role: 'Moderator' })],
      [/^GET \/api\/admin\/dashboard$/, () => json(emptyDashboard)],
    ]);
    renderAdmin('/admin/dashboard');
    const nav = (await screen.findAllByRole('navigation', { name: 'Back-office' }))[0]!;
    expect(within(nav).getByRole('link', { name: 'Categories' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Personal data' })).not.toBeInTheDocument();
  });
});
