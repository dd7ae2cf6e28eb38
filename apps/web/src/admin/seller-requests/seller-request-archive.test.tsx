import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { ADMIN_ME, renderAdmin, signIn } from '../test/render-admin';
import { aRequest, me, noEstimates, noneCameBack, openDetail } from '../test/seller-requests';

afterEach(() => vi.restoreAllMocks());

const actionsCard = () => within(screen.getByRole('heading', { name: 'Actions' }).parentElement!);

// docs/decisions/0082: a request money names is archived, never deleted.
describe('archiving a seller request', () => {
  it('hides Delete offer once money names the request, says why, and archives it', async () => {
    const user = userEvent.setup();
    const paid = aRequest({ status: 'Offer Fulfilled', money_recorded: true });
    const archived = { ...paid, archived_at: '2026-12-10T09:00:00.000Z' };
    const spy = await openDetail(paid, [[/^POST \/api\/admin\/seller-requests\/12\/archive$/, () => json(archived)]]);
    expect(actionsCard().queryByRole('button', { name: 'Delete offer' })).not.toBeInTheDocument();
    expect(
      actionsCard().getByText(
        'Money was paid or is being paid for this request, so it cannot be deleted. Archive it instead.',
      ),
    ).toBeInTheDocument();
    await user.click(actionsCard().getByRole('button', { name: 'Archive' }));
    expect(await actionsCard().findByText('Archived: not in the seller requests list.')).toBeInTheDocument();
    expect(actionsCard().getByRole('button', { name: 'Unarchive' })).toBeEnabled();
    expect(await screen.findByText('Seller request archived')).toBeInTheDocument();
    expect(spy.mock.calls.some(([url, init]) => String(url).endsWith('/archive') && init?.method === 'POST')).toBe(
      true,
    );
  });

  it('keeps Delete offer for a request no money names', async () => {
    await openDetail(aRequest({ status: 'Offer Fulfilled' }));
    expect(actionsCard().getByRole('button', { name: 'Delete offer' })).toBeEnabled();
    expect(actionsCard().queryByText(/cannot be deleted/)).not.toBeInTheDocument();
  });

  it('offers Shop staff no Archive: the server keeps it to Admins and Moderators', async () => {
    signIn();
    mockApi([
      [/^GET \/api\/v1\/auth\/me$/, () => json({ ...ADMIN_ME, role: 'Shop staff', shop_id: 1 })],
      [/^GET \/api\/admin\/seller-requests\/12$/, () => json(aRequest({ money_recorded: true }))],
      noEstimates,
      noneCameBack,
    ]);
    renderAdmin('/admin/seller-requests/12');
    await screen.findByRole('heading', { name: 'Chikondi Banda' });
    // Shown until the session's role is known, then gone.
    await waitFor(() => expect(actionsCard().queryByRole('button', { name: 'Archive' })).not.toBeInTheDocument());
    expect(actionsCard().queryByRole('button', { name: 'Delete offer' })).not.toBeInTheDocument();
  });

  it("toasts the server's refusal and shows the request as it is now", async () => {
    const user = userEvent.setup();
    let reads = 0;
    await openDetail(aRequest(), [
      [
        /^POST \/api\/admin\/seller-requests\/12\/archive$/,
        () => json({ message: 'This seller request was changed meanwhile.' }, 409),
      ],
      [
        /^GET \/api\/admin\/seller-requests\/12$/,
        () => json(aRequest({ archived_at: ++reads > 1 ? '2026-12-10T09:00:00.000Z' : null })),
      ],
    ]);
    await user.click(actionsCard().getByRole('button', { name: 'Archive' }));
    expect(await screen.findByText('This seller request was changed meanwhile.')).toBeInTheDocument();
    expect(await actionsCard().findByRole('button', { name: 'Unarchive' })).toBeInTheDocument();
  });
});

describe('the archived filter of the list', () => {
  const row = { id: 3, reference: 'S-AAAA3', seller_name: 'Seller 3', email: 's3@example.mw', item_name: 'Item 3' };
  it('lists the archived requests only when asked, keeps it in the address, and says when there are none', async () => {
    const user = userEvent.setup();
    signIn();
    const spy = mockApi([
      me,
      [
        /^GET \/api\/admin\/seller-requests\?limit=5&offset=0$/,
        () =>
          json({
            seller_requests: [
              { ...row, price: 1000, status: 'Pending', created_at: '2025-08-10T09:30:00.000Z', archived_at: null },
            ],
            total: 1,
            limit: 5,
            offset: 0,
          }),
      ],
      [
        /^GET \/api\/admin\/seller-requests\?limit=5&offset=0&archived=true$/,
        () => json({ seller_requests: [], total: 0, limit: 5, offset: 0 }),
      ],
    ]);
    renderAdmin('/admin/seller-requests');
    expect(await screen.findByTestId('request-row-3')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Show archived requests only' }));
    expect(await screen.findByText('No archived seller requests.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/admin/seller-requests?archived=true');
    await waitFor(() =>
      expect(spy.mock.calls.map(([url]) => String(url))).toContain(
        '/api/admin/seller-requests?limit=5&offset=0&archived=true',
      ),
    );
    await user.click(screen.getByRole('checkbox', { name: 'Show archived requests only' }));
    expect(await screen.findByTestId('request-row-3')).toBeInTheDocument();
  });
});
