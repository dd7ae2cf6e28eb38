import type { PublicProduct } from '@marketplace/shared';

type Shop = NonNullable<PublicProduct['shop']>;

/** A partner shop with a mobile number; tests override only what they are about. */
export function aShop(overrides: Partial<Shop> = {}): Shop {
  return {
    id: 1,
    name: 'Chichiri Electronics',
    town: 'Blantyre',
    address: 'Shop 4, Chichiri Shopping Centre',
    hours: 'Mon-Sat 8:00-17:00',
    phone: '+265999123456',
    delivery_fee: null,
    ...overrides,
  };
}

/** A complete public product; tests override only what they are about. */
export function aProduct(overrides: Partial<PublicProduct> = {}): PublicProduct {
  return {
    id: 7,
    name: 'Samsung Galaxy A14',
    description: 'Good condition, 64 GB.',
    price: 185000,
    sale_price: null,
    currency: 'MWK',
    location: 'Blantyre',
    cover_image_url: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.webp',
    image_gallery: [],
    images: [],
    category: { id: 1, category_name: 'SmartPhones' },
    sold: false,
    reserved: false,
    shop: aShop(),
    watchers: 3,
    condition: null,
    warranty_days: null,
    battery_health: null,
    brand: null,
    storage_gb: null,
    ram_gb: null,
    imei_checked: false,
    in_transit: false,
    transit_town: null,
    created_at: '2025-08-01T10:00:00.000Z',
    ...overrides,
  };
}
