import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sellerStatusText, type SellerView } from '@marketplace/shared';
import { Route, Routes } from '../../lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { renderWithRouter } from '../../test/render';
import { anOffer, anOpenOfferView, aSellerView, SELL_TOKEN } from '../../test/seller-views';
import { SellStatusPage } from './SellStatusPage';

afterEach(() => vi.restoreAllMocks());

const VIEW_URL = new RegExp(`^GET /api/v1/sells/${SELL_TOKEN}$`);
const ACCEPT_URL = new RegExp(`^POST /api/v1/sells/${SELL_TOKEN}/accept$`);
const DECLINE_URL = new RegExp(`^POST /api/v1/sells/${SELL_TOKEN}/decline$`);

function renderStatus(token = SELL_TOKEN) {
  return renderWithRouter(
    <Routes>
      <Route path="/sell/status/:token" element={<SellStatusPage />} />
    </Routes>,
    `/sell/status/${token}`,
  );
}

const status = () => within(screen.getByTestId('seller-status'));
const history = () => within(screen.getByRole('list', { name: 'Offer history' }));
const posts = (spy: ReturnType<typeof mockApi>) => spy.mock.calls.filter(([, init]) => init?.method === 'POST');

describe('/sell/status/{token}', () => {
  it('shows the item, its photos, the reference and where it stands while waiting for review', async () => {
    mockApi([[VIEW_URL, () => json(aSellerView())]]);
    renderStatus();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Your itemSamsung Galaxy A14');
    expect(screen.getByTestId('seller-reference').textContent).toBe('S-7QK2M');
    expect(status().getByText('We received your item and will review it shortly.')).toBeInTheDocument();
    const item = within(screen.getByRole('region', { name: 'What you offered us' }));
    expect(item.getAllByRole('img').map((img) => img.getAttribute('alt'))).toEqual([
      'Samsung Galaxy A14, photo 1 of 2',
      'Samsung Galaxy A14, photo 2 of 2',
    ]);
    expect(item.getByTestId('asking-price').textContent).toBe('MWK 250,000');
    expect(item.getByText('Lilongwe, Area 47')).toBeInTheDocument();
    expect(item.getByText('Good condition, 64 GB, charger included.')).toBeInTheDocument();
    expect(screen.getByText('No offer yet. We will show it here, and tell you, when we make one.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept offer' })).not.toBeInTheDocument();
    expect(document.title).toContain('Your item S-7QK2M');
    expect(document.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  it('shows an open offer with its reason, deadline and the two answers', async () => {
    mockApi([[VIEW_URL, () => json(anOpenOfferView())]]);
    renderStatus();
    const card = within(await screen.findByRole('region', { name: 'We offer MWK 230,000' }));
    expect(card.getByText('Why: Small scratch on the back')).toBeInTheDocument();
    expect(card.getByText(/Please answer by/)).toHaveTextContent(
      'Please answer by Fri, 22 Aug 2025, 10:00 am. After that the offer expires.',
    );
    expect(card.getByRole('button', { name: 'Accept offer' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Decline' })).toBeInTheDocument();
    expect(status().getByText('We made you an offer. Accept it or decline it below.')).toBeInTheDocument();
    expect(history().getByText('Waiting for your answer')).toBeInTheDocument();
  });

  it('shows no answer buttons when the server says the seller cannot answer', async () => {
    mockApi([[VIEW_URL, () => json(anOpenOfferView(anOffer(), { can_answer: false }))]]);
    renderStatus();
    await screen.findByTestId('seller-status');
    expect(screen.queryByRole('button', { name: 'Accept offer' })).not.toBeInTheDocument();
  });

  it.each([
    [
      'Offer Accepted by Seller',
      { answer: 'accepted' as const, answered_at: '2025-08-16T09:00:00.000Z' },
      'Accepted on Sat, 16 Aug 2025, 11:00 am',
    ],
    [
      'Offer Declined by Seller',
      { answer: 'declined' as const, answered_at: '2025-08-16T09:00:00.000Z', answer_reason: 'Too low' },
      'Declined on Sat, 16 Aug 2025, 11:00 am',
    ],
    [
      'Offer Expired',
      { answer: 'expired' as const, answered_at: '2025-08-22T08:00:00.000Z' },
      'Expired without an answer on Fri, 22 Aug 2025, 10:00 am',
    ],
    [
      'Offer Fulfilled',
      { answer: 'accepted' as const, answered_at: '2025-08-16T09:00:00.000Z' },
      'Accepted on Sat, 16 Aug 2025, 11:00 am',
    ],
  ])('%s: the plain words, the offer and its answer, no buttons', async (state, answer, outcome) => {
    mockApi([[VIEW_URL, () => json(aSellerView({ status: state, offers: [anOffer(answer)] }))]]);
    renderStatus();
    expect(await screen.findByText(sellerStatusText(state))).toBeInTheDocument();
    expect(history().getByText('Offer MWK 230,000')).toBeInTheDocument();
    expect(history().getByText('Why: Small scratch on the back')).toBeInTheDocument();
    expect(history().getByText(outcome)).toBeInTheDocument();
    if (state === 'Offer Declined by Seller') expect(history().getByText('Your reason: Too low')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept offer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Decline' })).not.toBeInTheDocument();
  });

  it('accepts behind a confirmation, sends the offer id, then shows the updated view and a success line', async () => {
    const user = userEvent.setup();
    const accepted = aSellerView({
      status: 'Offer Accepted by Seller',
      offers: [anOffer({ answer: 'accepted', answered_at: '2025-08-16T09:00:00.000Z' })],
    });
    const spy = mockApi([
      [VIEW_URL, () => json(anOpenOfferView())],
      [ACCEPT_URL, () => json(accepted)],
    ]);
    renderStatus();
    await user.click(await screen.findByRole('button', { name: 'Accept offer' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Accept MWK 230,000?' }));
    expect(
      dialog.getByText(
        'You agree to sell Samsung Galaxy A14 to us for MWK 230,000. We will contact you to collect the item and pay you.',
      ),
    ).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Go back' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(posts(spy)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Accept offer' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, accept' }));
    await waitFor(() =>
      expect(status().getByText('Thank you: you accepted our offer of MWK 230,000.')).toBeInTheDocument(),
    );
    expect(status().getByText(sellerStatusText('Offer Accepted by Seller'))).toBeInTheDocument();
    // Focus moves in an effect after the line renders: wait for it rather than race it.
    await waitFor(() => expect(screen.getByTestId('seller-status')).toHaveFocus());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept offer' })).not.toBeInTheDocument();
    expect(history().getByText('Accepted on Sat, 16 Aug 2025, 11:00 am')).toBeInTheDocument();
    expect(posts(spy)).toHaveLength(1);
    expect(JSON.parse(String(posts(spy)[0]![1]!.body))).toEqual({ offer_id: 11 });
  });

  it('declines a counter-offer with a trimmed reason that survives closing the dialog and a failed send', async () => {
    const user = userEvent.setup();
    const counter = anOffer({ id: 12, kind: 'counter', amount: 400000, reason: 'Market price is lower' });
    const declined: SellerView = aSellerView({
      status: 'Offer Declined by Seller',
      offers: [
        { ...counter, answer: 'declined', answered_at: '2025-08-16T09:00:00.000Z', answer_reason: 'I want 450,000' },
      ],
    });
    let attempt = 0;
    const spy = mockApi([
      [VIEW_URL, () => json(anOpenOfferView(counter))],
      [
        DECLINE_URL,
        () => {
          attempt += 1;
          if (attempt === 1) throw new TypeError('Failed to fetch');
          return json(declined);
        },
      ],
    ]);
    renderStatus();
    const card = within(await screen.findByRole('region', { name: 'We offer MWK 400,000' }));
    expect(card.getByText('Counter-offer')).toBeInTheDocument();
    await user.click(card.getByRole('button', { name: 'Decline' }));
    const dialog = () => within(screen.getByRole('dialog', { name: 'Decline our offer of MWK 400,000?' }));
    await user.type(dialog().getByLabelText('Reason (optional)'), '  I want 450,000 ');
    await user.click(dialog().getByRole('button', { name: 'Go back' }));
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    expect(dialog().getByLabelText('Reason (optional)')).toHaveValue('  I want 450,000 ');

    await user.click(dialog().getByRole('button', { name: 'Decline offer' }));
    expect(await dialog().findByRole('alert')).toHaveTextContent(
      'We could not send your answer. Check your connection and try again.',
    );
    expect(dialog().getByLabelText('Reason (optional)')).toHaveValue('  I want 450,000 ');

    await user.click(dialog().getByRole('button', { name: 'Decline offer' }));
    await waitFor(() =>
      expect(status().getByText('Thank you: you declined our offer. We have told our team.')).toBeInTheDocument(),
    );
    expect(status().getByText(sellerStatusText('Offer Declined by Seller'))).toBeInTheDocument();
    expect(history().getByText('Your reason: I want 450,000')).toBeInTheDocument();
    expect(history().getByText('Counter-offer MWK 400,000')).toBeInTheDocument();
    expect(posts(spy).map(([, init]) => JSON.parse(String(init!.body)))).toEqual([
      { offer_id: 12, reason: 'I want 450,000' },
      { offer_id: 12, reason: 'I want 450,000' },
    ]);
  });

  it("shows a 409's message and reloads the view", async () => {
    const user = userEvent.setup();
    let current = anOpenOfferView();
    const spy = mockApi([
      [VIEW_URL, () => json(current)],
      [
        ACCEPT_URL,
        () => {
          current = aSellerView({ status: 'Rejected', offers: [anOffer()] });
          return json({ message: 'The request was rejected; the offer was withdrawn.' }, 409);
        },
      ],
    ]);
    renderStatus();
    await user.click(await screen.findByRole('button', { name: 'Accept offer' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Yes, accept' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The request was rejected; the offer was withdrawn.');
    await waitFor(() => expect(status().getByText('Sorry, we cannot buy this item.')).toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept offer' })).not.toBeInTheDocument();
    expect(history().getByText('Withdrawn')).toBeInTheDocument();
    expect(
      spy.mock.calls.filter(([url]) => VIEW_URL.test(`GET ${new URL(String(url), 'http://localhost').pathname}`)),
    ).toHaveLength(2);
  });

  it("says 'We could not find this item' for a 404, with a way to /sell and no retry", async () => {
    mockApi([[/^GET \/api\/v1\/sells\/nope$/, () => json({ message: 'We could not find this item' }, 404)]]);
    renderStatus('nope');
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not find this item' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sell an item' })).toHaveAttribute('href', '/sell');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('offers a retry for any other failure', async () => {
    const user = userEvent.setup();
    let attempt = 0;
    mockApi([
      [VIEW_URL, () => (++attempt === 1 ? json({ message: 'Internal Server Error' }, 500) : json(aSellerView()))],
    ]);
    renderStatus();
    expect(await screen.findByRole('heading', { level: 1, name: 'Could not load your item' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('seller-reference')).toBeInTheDocument();
  });
});
