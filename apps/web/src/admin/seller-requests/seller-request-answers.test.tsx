import type { OutboxMessage, SellerRequest } from '@marketplace/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aRequest, openDetail } from '../test/seller-requests';
import { formatStaffTime as formatWhen } from '@marketplace/shared';

afterEach(() => vi.restoreAllMocks());

type Offer = SellerRequest['offers'][number];
const anOffer = (overrides: Partial<Offer>): Offer => ({
  id: 3,
  kind: 'offer',
  amount: 170000,
  reason: null,
  actor: 'Chikondi',
  created_at: '2025-08-11T10:00:00.000Z',
  answer: null,
  answered_at: null,
  answer_reason: null,
  ...overrides,
});
const aMessage = (overrides: Partial<OutboxMessage>): OutboxMessage => ({
  id: 1,
  channel: 'sms',
  recipient: '+265999123456',
  state: 'pending',
  attempts: 0,
  last_error: null,
  created_at: '2025-08-11T10:00:05.000Z',
  sent_at: null,
  ...overrides,
});

/** The cells of one row of a table, as text. */
const cells = (testId: string) =>
  within(screen.getByTestId(testId))
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('seller request detail: reference, answers and messages', () => {
  it('shows the reference next to the seller and names it in the tab', async () => {
    await openDetail(aRequest());
    const card = screen.getByRole('heading', { name: 'Chikondi Banda' }).parentElement!;
    expect(within(card).getByTestId('request-reference').textContent).toBe('S-7QK2M');
    await waitFor(() => expect(document.title).toMatch(/^Seller Request S-7QK2M \| /));
    expect(screen.queryByText(/^Offer expires/)).not.toBeInTheDocument();
  });

  it("shows when the open offer expires and each offer's answer from the seller", async () => {
    const expires = '2025-08-18T10:00:00.000Z';
    await openDetail(
      aRequest({
        status: 'Counter Offer made',
        offer_expires_at: expires,
        offers: [
          anOffer({
            id: 3,
            answer: 'declined',
            answered_at: '2025-08-12T08:00:00.000Z',
            answer_reason: 'Too low for me',
          }),
          anOffer({
            id: 4,
            kind: 'counter',
            amount: 175000,
            created_at: '2025-08-12T09:00:00.000Z',
            answer: 'expired',
            answered_at: '2025-08-19T09:00:00.000Z',
          }),
          // Replaced unanswered by the next one: not waiting any more.
          anOffer({ id: 5, kind: 'counter', amount: 176000, created_at: '2025-08-19T10:00:00.000Z' }),
          anOffer({ id: 6, kind: 'counter', amount: 178000, created_at: '2025-08-19T11:00:00.000Z', actor: null }),
        ],
      }),
    );
    expect(screen.getByText('Offer expires')).toHaveTextContent(`Offer expires ${formatWhen(expires)}`);
    const offers = screen.getByRole('region', { name: 'Offer history' });
    expect(
      within(offers)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'Kind', 'Amount', 'Reason', 'By', 'Seller answer']);
    expect(cells('offer-3')[5]).toBe(`Declined${formatWhen('2025-08-12T08:00:00.000Z')}“Too low for me”`);
    expect(cells('offer-4')[5]).toBe(`Expired${formatWhen('2025-08-19T09:00:00.000Z')}`);
    expect(cells('offer-5')[5]).toBe('No answer');
    expect(cells('offer-6')).toEqual([
      formatWhen('2025-08-19T11:00:00.000Z'),
      'Counter offer',
      'MWK 178,000',
      '—',
      '—',
      'Waiting',
    ]);
  });

  it('shows an accepted offer, and the status history as sentences: seller, staff by name, system', async () => {
    await openDetail(
      aRequest({
        status: 'Offer Accepted by Seller',
        offers: [anOffer({ id: 3, answer: 'accepted', answered_at: '2025-08-12T08:00:00.000Z' })],
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
            action: 'offer',
            from_status: 'Pending',
            to_status: 'Offer Pending',
            reason: null,
            by: 'staff',
            actor: 'Thoko Phiri',
            created_at: '2025-08-11T10:00:00.000Z',
          },
          {
            id: 3,
            action: 'expireOffer',
            from_status: 'Offer Pending',
            to_status: 'Offer Expired',
            reason: null,
            by: 'system',
            actor: null,
            created_at: '2025-08-18T10:00:00.000Z',
          },
          {
            id: 4,
            action: 'offer',
            from_status: 'Offer Expired',
            to_status: 'Offer Pending',
            reason: null,
            by: 'staff',
            actor: null,
            created_at: '2025-08-18T11:00:00.000Z',
          },
          {
            id: 5,
            action: 'sellerAccept',
            from_status: 'Offer Pending',
            to_status: 'Offer Accepted by Seller',
            reason: null,
            by: 'seller',
            actor: null,
            created_at: '2025-08-19T08:00:00.000Z',
          },
        ],
      }),
    );
    expect(cells('offer-3')[5]).toBe(`Accepted${formatWhen('2025-08-12T08:00:00.000Z')}`);
    const events = within(screen.getByRole('region', { name: 'Status history' })).getAllByRole('listitem');
    // Sentences in Malawi time (UTC+2), an offer with its amount when the offer row is there.
    expect(events.map((event) => event.querySelector('p')!.textContent)).toEqual([
      'Request sent by the seller, 10 Aug 11:30',
      'Offer of MWK 170,000 sent to the seller by Thoko Phiri, 11 Aug 12:00',
      'The offer expired without an answer, 18 Aug 12:00',
      'Offer sent to the seller by staff, 18 Aug 13:00',
      'The seller accepted the offer, 19 Aug 10:00',
    ]);
    expect(events[1]).toHaveTextContent('Pending → Offer Pending');
  });

  it('lists each message to the seller with its channel, recipient and delivery in plain words', async () => {
    await openDetail(
      aRequest({
        messages: [
          aMessage({ id: 1, state: 'pending' }),
          aMessage({ id: 2, channel: 'email', recipient: 'chikondi@example.mw', state: 'sending', attempts: 1 }),
          aMessage({ id: 3, state: 'sent', attempts: 1, sent_at: '2025-08-11T10:01:00.000Z' }),
          aMessage({
            id: 4,
            channel: 'email',
            recipient: 'chikondi@example.mw',
            state: 'failed',
            attempts: 5,
            last_error: '550 Mailbox unavailable',
          }),
          aMessage({ id: 5, state: 'unconfigured' }),
          aMessage({ id: 6, channel: 'email', recipient: 'chikondi@example.mw', state: 'unconfigured' }),
          aMessage({ id: 7, state: 'pending', attempts: 2, last_error: 'Gateway answered 502' }),
        ],
      }),
    );
    const table = screen.getByRole('region', { name: 'Messages to the seller' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'Channel', 'To', 'Delivery']);
    expect(cells('message-1')).toEqual([
      formatWhen('2025-08-11T10:00:05.000Z'),
      'SMS',
      '+265999123456',
      'Waiting to send',
    ]);
    expect(cells('message-2').slice(1)).toEqual(['Email', 'chikondi@example.mw', 'Sending']);
    expect(cells('message-3')[3]).toBe(`Sent ${formatWhen('2025-08-11T10:01:00.000Z')}`);
    expect(cells('message-4')[3]).toBe('Failed after 5 attempts: 550 Mailbox unavailable');
    expect(cells('message-5')[3]).toBe('Not sent: no SMS gateway is set up');
    expect(cells('message-6')[3]).toBe('Not sent: no email server is set up');
    expect(cells('message-7')[3]).toBe('Waiting to send (2 attempts failed: Gateway answered 502)');
    expect(screen.queryByText('No messages yet.')).not.toBeInTheDocument();
  });

  it("says 'No messages yet.', and why none will come when the seller asked for none", async () => {
    await openDetail(aRequest());
    expect(screen.getByRole('heading', { name: 'Messages to the seller' })).toBeInTheDocument();
    expect(screen.getByText('No messages yet.')).toBeInTheDocument();
    expect(screen.queryByText('The seller did not ask to be told about offers.')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Messages to the seller' })).not.toBeInTheDocument();
  });

  it('explains an empty message list when the seller did not ask to be notified', async () => {
    await openDetail(aRequest({ notify_on_offer: false }));
    expect(screen.getByText('The seller did not ask to be told about offers.')).toBeInTheDocument();
  });
});
