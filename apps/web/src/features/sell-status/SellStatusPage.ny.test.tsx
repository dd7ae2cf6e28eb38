import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sellerStatusText } from '@marketplace/shared';
import { Route, Routes } from '../../lib/router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../test/fetch-mock';
import { renderInChichewa } from '../../test/render';
import { anOffer, anOpenOfferView, aSellerView, SELL_TOKEN } from '../../test/seller-views';
import { SellStatusPage } from './SellStatusPage';

afterEach(() => vi.restoreAllMocks());

const VIEW_URL = new RegExp(`^GET /api/v1/sells/${SELL_TOKEN}$`);
const ACCEPT_URL = new RegExp(`^POST /api/v1/sells/${SELL_TOKEN}/accept$`);

// A few of the catalogue's translations, compiled as the catalogue's are (placeholders and numbered parts kept).
const NY: Record<string, string> = {
  'We offer {amount}': 'Tikupereka {amount}',
  'Why: {reason}': 'Chifukwa: {reason}',
  'Please answer by <0>{date}</0>. After that the offer expires.':
    'Chonde yankhani pofika <0>{date}</0>. Pambuyo pake mtengowu udzatha ntchito.',
  'Accept offer': 'Vomerezani mtengo',
  Decline: 'Kanani',
  'Counter-offer': 'Mtengo wosinthidwa',
  'Counter-offer {amount}': 'Mtengo wosinthidwa {amount}',
  'Offer {amount}': 'Mtengo womwe tapereka {amount}',
  'Offer history': 'Mbiri ya mitengo yomwe tapereka',
  'Waiting for your answer': 'Tikuyembekezera yankho lanu',
  'Declined on {date}': 'Wakanidwa pa {date}',
  'Your reason: {reason}': 'Chifukwa chanu: {reason}',
  'Accept {amount}?': 'Mukuvomereza {amount}?',
  'Yes, accept': 'Inde, vomerezani',
  'Questions? <0>Contact us</0> and give your reference {reference}.':
    'Muli ndi mafunso? <0>Lumikizanani nafe</0> ndipo tchulani nambala yanu yozindikiritsa {reference}.',
  'We made you a counter-offer. Accept it or decline it below.':
    'Takupatsani mtengo wosinthidwa. Muuvomereze kapena muukane m’munsimu.',
  'You declined our offer. We may come back with a new one.':
    'Mwakana mtengo womwe tapereka. Mwina tidzabweranso ndi mtengo wina.',
  'This offer was withdrawn and replaced by a newer one. Reload the page to see it.':
    'Mtengowu unachotsedwa ndipo walowedwa m’malo ndi watsopano.',
};

function renderStatusPage() {
  return renderInChichewa(
    <Routes>
      <Route path="/sell/status/:token" element={<SellStatusPage />} />
    </Routes>,
    NY,
    `/sell/status/${SELL_TOKEN}`,
  );
}

const history = () => within(screen.getByRole('list', { name: 'Mbiri ya mitengo yomwe tapereka' }));

describe('/sell/status/{token} in Chichewa', () => {
  it('shows the open counter-offer, its deadline, the answers and the status in Chichewa; data stays as it is', async () => {
    const counter = anOffer({ kind: 'counter', amount: 400000 });
    mockApi([[VIEW_URL, () => json(anOpenOfferView(counter))]]);
    renderStatusPage();
    const card = within(await screen.findByRole('region', { name: 'Tikupereka MWK 400,000' }));
    expect(card.getByText('Mtengo wosinthidwa')).toBeInTheDocument();
    expect(card.getByText('Chifukwa: Small scratch on the back')).toBeInTheDocument();
    const deadline = card.getByText(/Chonde yankhani pofika/);
    expect(deadline).toHaveTextContent(
      'Chonde yankhani pofika Lachisanu, 22 Ogasiti 2025, 10:00. Pambuyo pake mtengowu udzatha ntchito.',
    );
    expect(deadline.querySelector('time')).toHaveAttribute('dateTime', '2025-08-22T08:00:00.000Z');
    expect(card.getByRole('button', { name: 'Vomerezani mtengo' })).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Kanani' })).toBeInTheDocument();
    // The server writes the status text in English; the page shows the catalogue's translation of it.
    expect(screen.getByText(NY['We made you a counter-offer. Accept it or decline it below.']!)).toBeInTheDocument();
    expect(history().getByText('Mtengo wosinthidwa MWK 400,000')).toBeInTheDocument();
    expect(history().getByText('Tikuyembekezera yankho lanu')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Lumikizanani nafe' })).toHaveAttribute('href', '/contact');
    expect(screen.getByText(/Muli ndi mafunso\?/)).toHaveTextContent(
      'Muli ndi mafunso? Lumikizanani nafe ndipo tchulani nambala yanu yozindikiritsa S-7QK2M.',
    );
    // Not in this catalogue: English, never an empty text.
    expect(screen.getByRole('heading', { name: 'What you offered us' })).toBeInTheDocument();
  });

  it('words a declined offer with its date and the seller’s reason', async () => {
    const status = 'Offer Declined by Seller';
    mockApi([
      [
        VIEW_URL,
        () =>
          json(
            aSellerView({
              status,
              offers: [
                anOffer({ answer: 'declined', answered_at: '2025-08-16T09:00:00.000Z', answer_reason: 'Too low' }),
              ],
            }),
          ),
      ],
    ]);
    renderStatusPage();
    expect(await screen.findByText(NY[sellerStatusText(status)]!)).toBeInTheDocument();
    expect(history().getByText('Mtengo womwe tapereka MWK 230,000')).toBeInTheDocument();
    expect(history().getByText('Wakanidwa pa Loweruka, 16 Ogasiti 2025, 11:00')).toBeInTheDocument();
    expect(history().getByText('Chifukwa chanu: Too low')).toBeInTheDocument();
  });

  it('confirms in Chichewa and shows a server refusal the catalogue knows in Chichewa, one it does not as it came', async () => {
    const user = userEvent.setup();
    let refusal = 'This offer was withdrawn and replaced by a newer one. Reload the page to see it.';
    mockApi([
      [VIEW_URL, () => json(anOpenOfferView())],
      [ACCEPT_URL, () => json({ message: refusal }, 409)],
    ]);
    renderStatusPage();
    await user.click(await screen.findByRole('button', { name: 'Vomerezani mtengo' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Mukuvomereza MWK 230,000?' })).getByRole('button', {
        name: 'Inde, vomerezani',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(NY[refusal]!);

    refusal = 'Cannot accept the offer: The offer has expired.';
    await user.click(await screen.findByRole('button', { name: 'Vomerezani mtengo' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Inde, vomerezani' }));
    expect(await screen.findByText(refusal)).toHaveAttribute('role', 'alert');
  });
});
