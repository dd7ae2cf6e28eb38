import type { PlacedOrder, PublicOrder } from '@marketplace/shared';

/** A complete order as the buyer's page gets it; tests override only what they are about. */
export function anOrder(overrides: Partial<PublicOrder> = {}): PublicOrder {
  return {
    number: 'MW-4K7Q2',
    status: 'Placed',
    fulfilment: 'collect',
    buyer_name: 'Chikondi Banda',
    phone: '+265999123456',
    email: null,
    address: null,
    area: null,
    shop: {
      id: 1,
      name: 'Chichiri Electronics',
      town: 'Blantyre',
      address: 'Shop 4, Chichiri Shopping Centre',
      hours: 'Mon-Sat 8:00-17:00',
      phone: '+265888234567',
    },
    items: [{ product_id: 7, name: 'Samsung Galaxy A14', price: 185000, image: null }],
    subtotal: 185000,
    delivery_fee: null,
    coach: null,
    total: 185000,
    collection_code: '482913',
    expires_at: '2025-08-16T12:30:00.000Z',
    created_at: '2025-08-14T12:30:00.000Z',
    updated_at: '2025-08-14T12:30:00.000Z',
    history: [
      {
        id: 1,
        action: 'place',
        from_status: null,
        to_status: 'Placed',
        reason: null,
        actor: null,
        by: 'buyer',
        created_at: '2025-08-14T12:30:00.000Z',
      },
    ],
    payment: { method: 'on_collection', status: 'not_required', amount: 185000, message: null },
    ...overrides,
  };
}

/** A new order as POST /v1/orders answers it, with its private token. */
export function aPlacedOrder(overrides: Partial<PlacedOrder> = {}): PlacedOrder {
  return { ...anOrder(), token: 'T0k3n_for_the_private_link-00001', ...overrides };
}
