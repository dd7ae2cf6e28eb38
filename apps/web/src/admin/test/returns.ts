import type { AdminReturn } from '@marketplace/shared';
import { json } from '../../test/fetch-mock';

type Handler = (url: URL, init: RequestInit | undefined) => Response;

export const SHOP_STAFF_ME = {
  id: 7,
  display_name: 'Tadala',
  email: 'tadala@example.mw',
  role: 'Shop staff',
  shop_id: 3,
};

/** The shops list the shop filter and the list's shop column read. */
export const shopsRoute: [RegExp, Handler] = [
  /^GET \/api\/admin\/shops\?limit=100&offset=0$/,
  () =>
    json({
      shops: [
        { id: 3, name: 'Lilongwe City Mall', address: 'Area 3', town: 'Lilongwe', hours: '', contact: '', phone: null },
        {
          id: 4,
          name: 'Blantyre Shop',
          address: 'Victoria Ave',
          town: 'Blantyre',
          hours: '',
          contact: '',
          phone: null,
        },
      ],
      total: 2,
      limit: 100,
      offset: 0,
    }),
];

/** A return of a phone, as staff see it, asked the day after the order was completed. */
export function aReturn(overrides: Partial<AdminReturn> & { warning?: string } = {}): AdminReturn {
  return {
    id: 5,
    reference: 'R-7KQ2M',
    product_id: 12,
    kind: 'return',
    reason: 'not_working',
    status: 'requested',
    refund_amount: null,
    refund_method: null,
    decline_reason: null,
    created_at: '2026-11-20T09:30:00.000Z',
    updated_at: '2026-11-20T09:30:00.000Z',
    order_id: 7,
    order_number: 'MW-4K7Q2',
    order_item_id: 21,
    item_name: 'Samsung Galaxy A14',
    item_price: 185000,
    shop_id: 3,
    buyer_name: 'Thoko Banda',
    phone: '+265999123456',
    note: 'It stopped charging on day 5.',
    how_back: 'bring',
    photos: [],
    condition: null,
    imei: null,
    imei_matches: null,
    refund_reason: null,
    repair_sent_at: null,
    repair_back_at: null,
    handed_over_at: null,
    replacement_product_id: null,
    written_off_at: null,
    received_at: null,
    decided_at: null,
    version: 1,
    ...overrides,
  };
}
