import { sellerStatusText, type SellerView } from '@marketplace/shared';

export const SELL_TOKEN = 'Sx7_status-link-token-0000000001';

/** A seller's view as GET /v1/sells/{token} answers it; tests override only what they are about. */
export function aSellerView(overrides: Partial<SellerView> = {}): SellerView {
  const status = overrides.status ?? 'Pending';
  return {
    reference: 'S-7QK2M',
    item_name: 'Samsung Galaxy A14',
    description: 'Good condition, 64 GB, charger included.',
    price: 250000,
    location: 'Lilongwe, Area 47',
    seller_name: 'Chikondi Banda',
    images: ['aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp', 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.webp'],
    status_text: sellerStatusText(status),
    created_at: '2025-08-14T12:30:00.000Z',
    offers: [],
    open_offer: null,
    can_answer: false,
    history: [{ action: 'submit', status: 'Pending', by: 'seller', created_at: '2025-08-14T12:30:00.000Z' }],
    account: null,
    payout: { status: 'not_paid', method: null, amount: null, reference: null, paid_at: null },
    ...overrides,
    status,
  };
}

type Offer = SellerView['offers'][number];

/** An offer of MWK 230,000 made on 15 Aug; open unless an answer is given. */
export function anOffer(overrides: Partial<Offer> = {}): Offer {
  return {
    id: 11,
    kind: 'offer',
    amount: 230000,
    reason: 'Small scratch on the back',
    created_at: '2025-08-15T08:00:00.000Z',
    answer: null,
    answered_at: null,
    answer_reason: null,
    ...overrides,
  };
}

/** The view while `offer` waits for the seller's answer. */
export function anOpenOfferView(offer: Offer = anOffer(), overrides: Partial<SellerView> = {}): SellerView {
  return aSellerView({
    status: offer.kind === 'counter' ? 'Counter Offer made' : 'Accepted - Offer Pending',
    offers: [offer],
    open_offer: {
      id: offer.id,
      kind: offer.kind,
      amount: offer.amount,
      reason: offer.reason,
      created_at: offer.created_at,
      expires_at: '2025-08-22T08:00:00.000Z',
    },
    can_answer: true,
    ...overrides,
  });
}
