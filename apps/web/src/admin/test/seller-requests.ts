import type { SellerRequest } from '@marketplace/shared';
import { screen } from '@testing-library/react';
import { json, mockApi } from '../../test/fetch-mock';
import { ADMIN_ME, renderAdmin, signIn } from './render-admin';
import { NO_DEVICE } from './devices';

export type Handler = (url: URL, init: RequestInit | undefined) => Response;
export const me: [RegExp, Handler] = [/^GET \/api\/v1\/auth\/me$/, () => json(ADMIN_ME)];
/** The price estimates of any request: too few comparable prices for a range. */
export const noEstimates: [RegExp, Handler] = [
  /^GET \/api\/admin\/seller-requests\/\d+\/estimates/,
  () => json({ offer: { count: 0 }, sale: { count: 0 } }),
];

/** The seller's items that came back, for any request: none sold yet. */
export const noneCameBack: [RegExp, Handler] = [
  /^GET \/api\/admin\/seller-requests\/\d+\/came-back$/,
  () => json({ came_back: 0, sold: 0 }),
];

/** A seller request as GET /admin/seller-requests/12 answers it: pending, no offers, no messages. */
export function aRequest(overrides: Partial<SellerRequest> = {}): SellerRequest {
  return {
    id: 12,
    reference: 'S-7QK2M',
    seller_name: 'Chikondi Banda',
    email: 'chikondi@example.mw',
    phone: '+265 999 123 456',
    item_name: 'Samsung Galaxy A14',
    description: 'Good condition.',
    price: 185000,
    location: 'Lilongwe, Area 47',
    condition: null,
    category: null,
    status: 'Pending',
    notify_on_offer: true,
    terms_accepted: true,
    create_seller_account: false,
    created_at: '2025-08-10T09:30:00.000Z',
    archived_at: null,
    money_recorded: false,
    images: ['aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp', 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.webp'],
    product_id: null,
    offer_expires_at: null,
    device: NO_DEVICE,
    offers: [],
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
    ],
    messages: [],
    payout: { status: 'not_paid', method: null, amount: null, reference: null, paid_at: null, paid_by: null },
    ...overrides,
  };
}

/** Signs in and opens the detail of `request` (id 12); `extra` routes answer first. Returns the fetch spy. */
export async function openDetail(request: SellerRequest, extra: [RegExp, Handler][] = []) {
  signIn();
  const fetchSpy = mockApi([
    me,
    ...extra,
    [/^GET \/api\/admin\/seller-requests\/12$/, () => json(request)],
    noEstimates,
    noneCameBack,
  ]);
  renderAdmin('/admin/seller-requests/12');
  await screen.findByRole('heading', { name: request.seller_name });
  return fetchSpy;
}
