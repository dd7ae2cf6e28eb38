/**
 * The three partner shops, as the API's seed lists them (apps/api/src/db/seed/catalogue.ts). There is no
 * public shops endpoint (the shops list is an admin call), so the contact page carries them as content.
 */
export interface PartnerShop {
  name: string;
  address: string;
  hours: string;
  phone: string;
}

export const PARTNER_SHOPS: readonly PartnerShop[] = [
  { name: 'Lilongwe City Centre Shop', address: 'Shop 12, Capital City Mall, City Centre, Lilongwe', hours: 'Mon–Sat 08:00–17:30, Sun closed', phone: '+265 999 123 456' },
  { name: 'Blantyre Limbe Shop', address: 'Kidney Crescent, Limbe, Blantyre', hours: 'Mon–Fri 08:00–17:00, Sat 08:00–13:00', phone: '+265 888 234 567' },
  { name: 'Mzuzu Shop', address: 'M1 Road, opposite Shoprite, Mzuzu', hours: 'Mon–Sat 08:30–17:00', phone: '+265 991 345 678' },
];
