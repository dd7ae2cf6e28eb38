import { z } from 'zod';
import { MALAWI_PHONE_MESSAGE, normalizeMalawiPhone } from './phone.js';

// Finding, exporting and erasing what is kept about one person (docs/decisions/0078): by phone or by email.

export const PERSON_NEEDED = 'Give a phone number or an email address';
export const ERASE_REFUSED_OPEN_ORDER = 'This person has an open order: finish or cancel it before erasing their data.';
export const ERASE_REFUSED_OPEN_PAYOUT =
  'A payment or payout to this person is still open: wait until it is paid or failed before erasing their data.';
/** What an erased name reads; phones and emails that cannot be null become ''. */
export const ERASED_NAME = 'Erased';

/** ?phone= or ?email= (one of them): the phone normalised like everywhere else, the email lower-cased. */
export const personQuerySchema = z
  .object({
    phone: z
      .string()
      .trim()
      .max(30, MALAWI_PHONE_MESSAGE)
      .optional()
      .transform((v) => v || undefined)
      .refine((v) => v === undefined || normalizeMalawiPhone(v) !== null, MALAWI_PHONE_MESSAGE)
      .transform((v) => (v === undefined ? undefined : (normalizeMalawiPhone(v) as string))),
    email: z
      .string()
      .trim()
      .max(254)
      .optional()
      .transform((v) => v?.toLowerCase() || undefined)
      .refine((v) => v === undefined || z.string().email().safeParse(v).success, 'Enter a valid email address'),
  })
  .refine((q) => (q.phone === undefined) !== (q.email === undefined), { message: PERSON_NEEDED, path: ['phone'] });
export type PersonQuery = z.input<typeof personQuerySchema>;
/** The person asked about, as the API passes it on: a normalised phone (+265...) or a lower-cased email, never both. */
export type Person = { phone: string; email?: undefined } | { email: string; phone?: undefined };

export const personalOrderSchema = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.string(),
  buyer_name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  area: z.string().nullable(),
  total: z.number(),
  created_at: z.string(),
});
export const personalSellerRequestSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: z.string(),
  seller_name: z.string(),
  phone: z.string(),
  email: z.string(),
  location: z.string(),
  item_name: z.string(),
  price: z.number(),
  created_at: z.string(),
});
export const personalAccountSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  display_name: z.string(),
  status: z.string(),
  created_at: z.string(),
});
export const personalMessageSchema = z.object({
  id: z.number().int(),
  channel: z.string(),
  recipient: z.string(),
  subject: z.string().nullable(),
  body: z.string(),
  state: z.string(),
  created_at: z.string(),
});
export const personalAlertSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  query: z.string().nullable(),
  product_id: z.number().int().nullable(),
  created_at: z.string(),
  ended_at: z.string().nullable(),
});
export const personalStockRequestSchema = z.object({
  id: z.number().int(),
  product_id: z.number().int(),
  buyer_name: z.string(),
  phone: z.string(),
  state: z.string(),
  created_at: z.string(),
});
export const personalPaymentSchema = z.object({
  id: z.number().int(),
  kind: z.string(),
  method: z.string(),
  mobile: z.string().nullable(),
  amount: z.number(),
  status: z.string(),
  created_at: z.string(),
});

/** A buyer's offer on an item (decision 0103). */
export const personalOfferSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  product_id: z.number().int(),
  amount: z.number().int(),
  agreed_amount: z.number().int().nullable(),
  buyer_name: z.string(),
  note: z.string().nullable(),
  status: z.string(),
  created_at: z.string(),
});

/** GET /api/admin/personal-data: everything kept about the person; the export file has the same shape. */
export const personalDataSchema = z.object({
  phone: z.string().nullable(),
  email: z.string().nullable(),
  orders: z.array(personalOrderSchema),
  seller_requests: z.array(personalSellerRequestSchema),
  seller_accounts: z.array(personalAccountSchema),
  messages: z.array(personalMessageSchema),
  alerts: z.array(personalAlertSchema),
  transfer_requests: z.array(personalStockRequestSchema),
  payments: z.array(personalPaymentSchema),
  offers: z.array(personalOfferSchema),
  /** Codes sent to prove the phone: only how many (the codes are hashed). */
  phone_codes: z.number().int(),
  /** Reports of listings proved with the phone (decision 0086): only how many; erasing keeps them, phone aside. */
  listing_reports: z.number().int(),
});
export type PersonalData = z.infer<typeof personalDataSchema>;

/** POST /api/admin/personal-data/erase: the same phone or email. */
export const eraseAnswerSchema = z.object({
  orders: z.number().int(),
  seller_requests: z.number().int(),
  seller_accounts: z.number().int(),
  messages: z.number().int(),
  alerts: z.number().int(),
  transfer_requests: z.number().int(),
  offers: z.number().int(),
  phone_codes: z.number().int(),
});
export type EraseAnswer = z.infer<typeof eraseAnswerSchema>;

/** Whether nothing at all is kept about the person. */
export function nothingKept(d: PersonalData): boolean {
  return (
    d.orders.length +
      d.seller_requests.length +
      d.seller_accounts.length +
      d.messages.length +
      d.alerts.length +
      d.transfer_requests.length +
      d.payments.length +
      d.offers.length +
      d.phone_codes +
      d.listing_reports ===
    0
  );
}
