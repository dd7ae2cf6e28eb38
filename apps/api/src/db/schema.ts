import type {
  CeirResult,
  ConditionGrade,
  Language,
  OfferDeclineReason,
  OfferStatus,
  RefundMethod,
  ReportDecision,
  ReportReason,
  ReturnKind,
  ReturnReason,
  ReturnStatus,
  ReturnWayBack,
} from '@marketplace/shared';
import type { ColumnType, Generated } from 'kysely';

// The one description of every table: the repositories derive their row types from it with Kysely's
// Selectable, Insertable and Updateable (Pick for the columns a query selects) instead of repeating them.

// Booleans are 0/1 integers and times are ISO-8601 UTC text on both engines, so one query layer
// returns the same values from SQLite and PostgreSQL and text times sort correctly.
type Flag = number;
type Time = string;

export interface UsersTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  display_name: string;
  role: 'Admin' | 'Moderator' | 'Shop staff' | 'User';
  status: 'active' | 'inactive';
  /** The one shop a Shop staff user works for (migration 0026); null for every other role. */
  shop_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Time;
  updated_at: Time;
  /** When the owner proved the email (an Admin making the account counts); null for an unproved seller account. */
  email_confirmed_at: Time | null;
}

export interface EmailLinksTable {
  id: Generated<number>;
  purpose: 'seller_account' | 'password_reset' | 'second_factor_unlock';
  token_hash: string;
  email: string;
  user_id: number | null;
  seller_request_id: number | null;
  password_hash: string | null;
  created_at: Time;
  expires_at: Time;
  used_at: Time | null;
}

interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: Time;
  last_seen_at: Time;
  expires_at: Time;
  revoked_at: Time | null;
}

/** A staff member's second factor (docs/decisions/0050); confirmed_at null while set-up awaits its first code. */
interface SecondFactorsTable {
  user_id: number;
  /** The TOTP secret, encrypted (auth/secret-box.ts); never sent back once set-up is confirmed. */
  secret_box: string;
  created_at: Time;
  confirmed_at: Time | null;
  /** The time step of the last code accepted: that code and earlier ones are refused. */
  last_step: ColumnType<number | null, number | null | undefined, number | null>;
  /** Wrong codes in a row (each try claimed before it is judged); 10 lock the factor (docs/decisions/0085). */
  failed_codes: ColumnType<number, number | undefined, number>;
  /** When the 10th wrong code locked it; null when unlocked. */
  locked_at: ColumnType<Time | null, Time | null | undefined, Time | null>;
}

interface RecoveryCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: Time | null;
}

/** Between a right password and the second factor's code: no session yet. */
interface LoginChallengesTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: Time;
  expires_at: Time;
  attempts: ColumnType<number, number | undefined, number>;
  used_at: Time | null;
}

export interface ShopsTable {
  id: Generated<number>;
  name: string;
  address: string;
  /** Kept equal to hours: the field's first name, still read and sent. */
  contact: string;
  town: string;
  hours: string;
  phone: string | null;
  delivery_fee: number | null;
  created_at: Time;
  updated_at: Time;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  name_key: string;
  description: string | null;
  parent_id: number | null;
  created_at: Time;
  updated_at: Time;
}

export interface ImagesTable {
  id: Generated<number>;
  filename: string;
  content_type: string;
  width: number;
  height: number;
  byte_size: number;
  data: Buffer;
  created_at: Time;
}

interface ImageVariantsTable {
  image_id: number;
  variant: string;
  byte_size: number;
  data: Buffer;
  created_at: Time;
}

interface CatalogueChangesTable {
  version: number;
  tag: string;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  price: number;
  sale_price: number | null;
  /** What we paid the seller: the accepted offer of the seller request it came from. */
  buying_price: number | null;
  currency: string;
  location: string | null;
  shop_id: number | null;
  category_id: number | null;
  published: Flag;
  /** 1 while reports from different visitors hid it, until staff decide (migration 0022). */
  hidden_by_reports: Generated<Flag>;
  sold: Flag;
  seller_request_id: number | null;
  /** The condition grade; null: not graded (migration 0013 left older rows so). */
  condition: ConditionGrade | null;
  /** Days of warranty the shop gives, 0 for none; null: not stated. */
  warranty_days: number | null;
  /** Battery health in percent (phones, laptops); null: not stated. */
  battery_health: number | null;
  /** Brand as staff state it ("Samsung"), storage and memory in whole GB (migration 0031); null: not stated. */
  brand: ColumnType<string | null, string | null | undefined, string | null>;
  storage_gb: ColumnType<number | null, number | null | undefined, number | null>;
  ram_gb: ColumnType<number | null, number | null | undefined, number | null>;
  /** MACRA CEIR check of the device's IMEI (decision 0057); 'not_checked' for items that are no phone. */
  ceir: ColumnType<CeirResult, CeirResult | undefined, CeirResult>;
  /** Staff who recorded the CEIR result and when; null while not checked. */
  ceir_checked_by: ColumnType<number | null, number | null | undefined, number | null>;
  ceir_checked_at: ColumnType<Time | null, Time | null | undefined, Time | null>;
  /** The shop the item is travelling to (decision 0062); null when it is not being moved. Not orderable meanwhile. */
  transit_shop_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** Taken out of stock for good after it came back (migration 0048): when, and why. Nothing in the ledger. */
  written_off_at: ColumnType<Time | null, Time | null | undefined, Time | null>;
  written_off_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** Staff-only offer prices (migration 0049, decision 0103): below the floor an offer is declined at once, at or
   * above accept_price accepted at once; null: not set. Never in a public answer. */
  floor_price: ColumnType<number | null, number | null | undefined, number | null>;
  accept_price: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Time;
  updated_at: Time;
}

/** A buyer's ask to bring an item to their shop (decision 0062); staff accept (a move) or decline. */
interface StockRequestsTable {
  id: Generated<number>;
  product_id: number;
  to_shop_id: number;
  buyer_name: string;
  /** Normalised +265 number: the SMS answer goes here. */
  phone: string;
  address_group: string;
  /** The storefront's language when the buyer asked: the answer's SMS follows it. */
  language: ColumnType<Language, Language | undefined, Language>;
  state: 'open' | 'accepted' | 'declined';
  reason: string | null;
  created_at: Time;
  decided_by: number | null;
  decided_at: Time | null;
}

/** A buyer's alert (decision 0070, migration 0032): a saved item's price or sale, or a search's new matches. */
interface AlertsTable {
  id: Generated<number>;
  phone: string;
  kind: 'item' | 'search';
  product_id: number | null;
  query: string | null;
  /** JSON of the list filters (catalogueFilterSchema); null for none. */
  filters: string | null;
  language: Language;
  base_price: number | null;
  base_orderable: Flag | null;
  stop_hash: string;
  created_at: Time;
  expires_at: Time;
  told_at: Time | null;
  ended_at: Time | null;
}

/** Products a search alert already knew of: present when it was set, or told since. */
interface AlertSeenTable {
  alert_id: number;
  product_id: number;
}

/** The last alert SMS sent to a phone: at most one a day. */
interface AlertPhonesTable {
  phone: string;
  sent_at: Time;
}

export type StockMoveState = 'in_transit' | 'received' | 'cancelled';

/** One move of an item between shops: its history (decision 0062, migration 0027). */
interface StockMovesTable {
  id: Generated<number>;
  product_id: number;
  from_shop_id: number | null;
  to_shop_id: number;
  state: StockMoveState;
  created_by: number;
  created_at: Time;
  closed_by: number | null;
  closed_at: Time | null;
}

interface ProductImagesTable {
  product_id: number;
  image_id: number;
  position: number;
}

/**
 * The words search matches for a product (name, description, category name), space-separated, written by
 * the repositories. Indexed per engine (migration 0011): the FTS5 table product_search_fts on SQLite, a
 * generated tsvector column `document` with a GIN index on PostgreSQL; queries reach those through sql``.
 */
interface ProductSearchTable {
  product_id: number;
  /** The words of the name and category name: a match here ranks first (migration 0012). */
  name_terms: string;
  terms: string;
}

/** Every word indexed so far: what a misspelt search word is corrected to (migration 0012). */
interface SearchWordsTable {
  word: string;
}

/** Products per (category, published); category_id 0 counts all products. Kept by triggers (migration 0011). */
interface ProductCountsTable {
  category_id: number;
  published: Flag;
  products: number;
}

interface ProductInterestsTable {
  product_id: number;
  visitor_id: string;
  created_at: Time;
  /** The address (IPv6 by /64) that added the watcher, for the per-day limit; null before migration 0016. */
  address_group: string | null;
}

/** A visitor's report of a listing (migration 0022): one per item per visitor id and per address group. */
interface ProductReportsTable {
  id: Generated<number>;
  product_id: number;
  visitor_id: string;
  address_group: string;
  /** The reporter's proved phone (+265...); null for an anonymous report (migration 0043). */
  phone: string | null;
  reason: ReportReason;
  note: string | null;
  created_at: Time;
  closed_at: Time | null;
  decision: ReportDecision | null;
  /** Set on the report whose count hid the item: the hourly cap on automatic hides counts these. */
  hid_at: Time | null;
}

interface FeaturedProductsTable {
  id: Generated<number>;
  product_id: number;
  created_at: Time;
}

/** One row: bumped (by triggers) in every transaction that changes what the public catalogue shows. */
interface CatalogueVersionTable {
  id: number;
  version: number;
}

export interface SellerRequestsTable {
  id: Generated<number>;
  /** 'S-7QK2M', read out on the phone. */
  reference: string;
  /** SHA-256 of the seller's private status link token. */
  status_token_hash: string;
  /** The phone's national digits ('999123456'), for finding a request by phone. */
  phone_key: string;
  /** When the open offer expires unanswered; null when no offer is open. */
  offer_expires_at: Time | null;
  seller_name: string;
  email: string;
  phone: string;
  item_name: string;
  description: string;
  price: number;
  location: string;
  status: string;
  notify_on_offer: Flag;
  terms_accepted: Flag;
  create_seller_account: Flag;
  /** The seller account (role User) the request belongs to, once the seller made or linked one. */
  seller_user_id: number | null;
  /** The grade the seller chose, or staff set; null: not graded. */
  condition: ConditionGrade | null;
  /** The category the seller chose; null: not given (older requests), or since deleted. */
  category_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The language the form was filled in ('en', 'ny'); staff's walk-in requests are 'en'. */
  language: ColumnType<Language, Language | undefined, Language>;
  /** The address group a public submission came from (caps the SMS sent on submission); null for staff's. */
  client_group: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 when the SMS on submission was written to the outbox. */
  receipt_sms: ColumnType<Flag, Flag | undefined, Flag>;
  /** MACRA CEIR check of the device's IMEI (decision 0057); 'not_checked' for items that are no phone. */
  ceir: ColumnType<CeirResult, CeirResult | undefined, CeirResult>;
  /** Staff who recorded the CEIR result and when; null while not checked. */
  ceir_checked_by: ColumnType<number | null, number | null | undefined, number | null>;
  ceir_checked_at: ColumnType<Time | null, Time | null | undefined, Time | null>;
  /** SHA-256 of a public submission's request_id (migration 0035): a retry finds the first submission by it. */
  request_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** When staff archived it (migration 0039): it then leaves the default list; money keeps it from deletion. */
  archived_at: ColumnType<Time | null, Time | null | undefined, Time | null>;
  version: number;
  created_by: number | null;
  created_at: Time;
  updated_at: Time;
}

/** One IMEI of a product or of a seller request (never both); kept when the item is sold or the request closes. */
interface DeviceImeisTable {
  id: Generated<number>;
  imei: string;
  product_id: number | null;
  seller_request_id: number | null;
  /** 0 or 1: the order staff typed them in. */
  position: number;
}

interface SellerRequestImagesTable {
  seller_request_id: number;
  image_id: number;
  position: number;
}

interface SellerRequestOffersTable {
  id: Generated<number>;
  seller_request_id: number;
  kind: 'offer' | 'counter';
  amount: number;
  reason: string | null;
  actor_id: number | null;
  created_at: Time;
}

export interface SellerRequestEventsTable {
  id: Generated<number>;
  seller_request_id: number;
  action: string;
  from_status: string | null;
  to_status: string;
  reason: string | null;
  by: 'seller' | 'staff' | 'system';
  actor_id: number | null;
  /** The offer an answer (accept, decline, expiry) answers. */
  offer_id: number | null;
  created_at: Time;
}

interface AuditLogTable {
  id: Generated<number>;
  actor_id: number | null;
  action: string;
  subject_type: string;
  subject_id: string | null;
  detail: string | null;
  created_at: Time;
}

interface LoginFailuresTable {
  id: Generated<number>;
  email_key: string;
  ip: string;
  created_at: Time;
}

export interface OrdersTable {
  id: Generated<number>;
  number: string;
  token_hash: string;
  /** Six digits only the buyer is told; staff need it to complete the order (decision 0059). */
  collection_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** Wrong collection codes tried; at WRONG_CODES_HOLD the order waits for an Admin. */
  wrong_codes: ColumnType<number, number | undefined, number>;
  /** SHA-256 of the client's retry key: finds a request's orders again after a lost answer. */
  request_key: string | null;
  status: string;
  version: number;
  shop_id: number | null;
  buyer_name: string;
  phone: string;
  email: string | null;
  fulfilment: 'collect' | 'delivery' | 'coach';
  address: string | null;
  area: string | null;
  subtotal: number;
  delivery_fee: number | null;
  total: number;
  payment_method: string | null;
  payment_reference: string | null;
  expires_at: Time;
  completed_at: Time | null;
  created_at: Time;
  updated_at: Time;
  /** The placing client's address group (IPv4 address, IPv6 /64): what the per-network cap counts. */
  client_group: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 when the buyer's phone was proved by a code or a phone token. */
  phone_proved: ColumnType<number, number | undefined, number>;
  /** How the buyer chose to pay: on_collection, airtel_money, tnm_mpamba. */
  payment: ColumnType<string, string | undefined, string>;
  /** not_required, pending, paid, failed, refunding, refunded. */
  payment_status: ColumnType<string, string | undefined, string>;
  /** The storefront's language when the order was placed: every message to the buyer follows it (decision 0060). */
  language: ColumnType<Language, Language | undefined, Language>;
  /** SHA-256 of the link derived from the server's key (buyer-links.ts): later messages carry it. */
  link_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the 6-hour reminder was claimed by a sweep: set once, so each order is reminded at most once. */
  reminded_at: ColumnType<Time | null, Time | null | undefined, Time | null>;
  /** When the buyer was told the order is reserved: at placement, or for pay-now once paid or held unpaid (0083). */
  told_placed_at: ColumnType<Time | null, Time | null | undefined, Time | null>;
  /** A coach parcel's town and the buyer's company or depot (decision 0072); null for other orders. */
  coach_town: ColumnType<string | null, string | null | undefined, string | null>;
  coach_depot: ColumnType<string | null, string | null | undefined, string | null>;
  /** Added by staff after calling the buyer; part of the total. Null: paid at the depot. */
  coach_fare: ColumnType<number | null, number | null | undefined, number | null>;
  /** Set when the parcel is sent: the coach company and its waybill number, which the buyer is told. */
  coach_company: ColumnType<string | null, string | null | undefined, string | null>;
  waybill: ColumnType<string | null, string | null | undefined, string | null>;
}

export type TransferKind = 'charge' | 'refund' | 'seller_payout';
/**
 * starting: written, the gateway not yet answered; only paid and failed are final. `manual`: a refund or payout the gateway cannot send (its operator takes no withdrawals): an Admin pays it by
 * another route and records how (decision 0079). Not polled; shown on the Money screen until done.
 */
export type TransferRowStatus = 'starting' | 'pending' | 'paid' | 'failed' | 'manual';

/** A charge, refund or seller payout through the gateway, or a cash payout (docs/decisions/0052). */
export interface MoneyTransfersTable {
  id: Generated<number>;
  kind: TransferKind;
  transfer_id: string;
  order_id: number | null;
  seller_request_id: number | null;
  refund_of: number | null;
  method: string;
  mobile: string | null;
  amount: number;
  status: TransferRowStatus;
  reference: string | null;
  fee: number | null;
  /** The gateway's fee exactly as printed, in tambala (0036); `fee` is its whole-kwacha ledger figure. */
  fee_tambala: number | null;
  note: string | null;
  staff_id: number | null;
  /** 1: staff sent it to a number whose prefix names the other network (a ported number; migration 0038). */
  network_override: ColumnType<number, number | undefined, number>;
  check_at: Time | null;
  checks: ColumnType<number, number | undefined, number>;
  created_at: Time;
  updated_at: Time;
  settled_at: Time | null;
}

/** Codes sent by SMS to prove a buyer's phone (hashed; 10 minutes, 5 tries). */
export interface PhoneCodesTable {
  id: Generated<number>;
  phone: string;
  code_hash: string;
  client_group: string;
  tries: ColumnType<number, number | undefined, number>;
  expires_at: Time;
  used_at: Time | null;
  created_at: Time;
}

/** One movement of money (docs/decisions/0049); rows are only ever inserted. */
export interface LedgerEntriesTable {
  id: Generated<number>;
  /** sale (taken at the counter), payment (paid online), refund, seller_payout, fee, correction. */
  kind: LedgerKind;
  direction: 'in' | 'out';
  method: string;
  /** Whole MWK, always positive; `direction` says which way. */
  amount: number;
  reference: string | null;
  order_id: number | null;
  seller_request_id: number | null;
  /** The order's number or the seller request's reference (MW-4K7Q2, S-7QK2M). */
  subject_number: string | null;
  shop_id: number | null;
  shop_name: string | null;
  staff_id: number | null;
  staff_name: string | null;
  note: string | null;
  /** A correction's entry it corrects (docs/decisions/0082). */
  corrects_id: ColumnType<number | null, number | null | undefined, never>;
  created_at: Time;
}

export type LedgerKind = 'sale' | 'payment' | 'refund' | 'seller_payout' | 'fee' | 'correction';

export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number | null;
  name: string;
  price: number;
  image: string | null;
  /** The accepted offer this line was bought at (migration 0049); null: the listed price. */
  offer_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  action: string;
  from_status: string | null;
  to_status: string;
  reason: string | null;
  by: 'buyer' | 'staff' | 'system';
  actor_id: number | null;
  created_at: Time;
}

export interface ProductHoldsTable {
  product_id: number;
  order_id: number;
  created_at: Time;
}

export type OutboxChannel = 'sms' | 'email';
type OutboxState = 'pending' | 'sending' | 'sent' | 'failed' | 'unconfigured';

export interface OutboxMessagesTable {
  id: Generated<number>;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  subject_type: string;
  subject_id: number;
  state: OutboxState;
  attempts: Generated<number>;
  /** The retry time while pending; the end of the worker's lease while sending. */
  next_attempt_at: Time;
  last_error: string | null;
  version: Generated<number>;
  created_at: Time;
  sent_at: Time | null;
  /** When an SMS was let through the budget (decision 0084); null until then, and for email. */
  budget_at: Time | null;
  /** The staff member whose action caused the message: not held by the per-number SMS cap. */
  staff_id: number | null;
}

interface AppSettingsTable {
  key: string;
  value: string;
  created_at: Time;
}

export interface Database {
  app_settings: AppSettingsTable;
  login_failures: LoginFailuresTable;
  users: UsersTable;
  sessions: SessionsTable;
  second_factors: SecondFactorsTable;
  recovery_codes: RecoveryCodesTable;
  login_challenges: LoginChallengesTable;
  shops: ShopsTable;
  categories: CategoriesTable;
  images: ImagesTable;
  image_variants: ImageVariantsTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  product_search: ProductSearchTable;
  search_words: SearchWordsTable;
  product_counts: ProductCountsTable;
  product_interests: ProductInterestsTable;
  featured_products: FeaturedProductsTable;
  product_reports: ProductReportsTable;
  catalogue_version: CatalogueVersionTable;
  /** One row: bumped by every write to product_interests (migration 0016), apart from the catalogue version. */
  watchers_version: CatalogueVersionTable;
  /** What each catalogue version changed, as tags (migration 0046, decision 0089): read by the catalogue cache. */
  catalogue_changes: CatalogueChangesTable;
  seller_requests: SellerRequestsTable;
  seller_request_images: SellerRequestImagesTable;
  device_imeis: DeviceImeisTable;
  seller_request_offers: SellerRequestOffersTable;
  seller_request_events: SellerRequestEventsTable;
  audit_log: AuditLogTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_events: OrderEventsTable;
  product_holds: ProductHoldsTable;
  stock_moves: StockMovesTable;
  stock_requests: StockRequestsTable;
  returns: ReturnsTable;
  return_images: ReturnImagesTable;
  return_events: ReturnEventsTable;
  offers: OffersTable;
  phone_codes: PhoneCodesTable;
  ledger_entries: LedgerEntriesTable;
  money_transfers: MoneyTransfersTable;
  outbox_messages: OutboxMessagesTable;
  email_links: EmailLinksTable;
  alerts: AlertsTable;
  alert_seen: AlertSeenTable;
  alert_phones: AlertPhonesTable;
}

/** A return or warranty claim on one item of a completed order (migration 0048, docs/decisions/0099). */
export interface ReturnsTable {
  id: Generated<number>;
  reference: string;
  order_id: number;
  order_item_id: number;
  product_id: number | null;
  shop_id: number | null;
  kind: ReturnKind;
  reason: ReturnReason;
  note: string | null;
  how_back: ReturnWayBack | null;
  status: ReturnStatus;
  version: ColumnType<number, number | undefined, number>;
  address_group: string;
  received_at: Time | null;
  received_by: number | null;
  condition: ConditionGrade | null;
  imei: string | null;
  /** 1: the IMEI read matches intake's; 0: it does not (a warning); null: none read or none recorded. */
  imei_matches: Flag | null;
  refund_amount: number | null;
  refund_method: RefundMethod | null;
  refund_reason: string | null;
  refund_transfer_id: number | null;
  repair_sent_at: Time | null;
  repair_back_at: Time | null;
  handed_over_at: Time | null;
  replacement_product_id: number | null;
  replacement_item_id: number | null;
  decline_reason: string | null;
  decided_at: Time | null;
  decided_by: number | null;
  created_at: Time;
  updated_at: Time;
}

interface ReturnImagesTable {
  return_id: number;
  image_id: number;
  position: number;
}

export interface ReturnEventsTable {
  id: Generated<number>;
  return_id: number;
  from_status: ReturnStatus | null;
  to_status: ReturnStatus;
  by: 'buyer' | 'staff';
  user_id: number | null;
  note: string | null;
  created_at: Time;
}

/** A buyer's offer on an item (migration 0049, docs/decisions/0103). */
export interface OffersTable {
  id: Generated<number>;
  reference: string;
  token_hash: string;
  product_id: number;
  shop_id: number | null;
  list_price: number;
  amount: number;
  counter_amount: number | null;
  agreed_amount: number | null;
  buyer_name: string;
  phone: string;
  language: ColumnType<Language, Language | undefined, Language>;
  note: string | null;
  status: OfferStatus;
  decline_reason: OfferDeclineReason | null;
  expires_at: Time | null;
  agreed_until: Time | null;
  order_id: number | null;
  version: ColumnType<number, number | undefined, number>;
  address_group: string;
  decided_by: number | null;
  created_at: Time;
  updated_at: Time;
}
