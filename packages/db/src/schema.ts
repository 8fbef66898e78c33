// Kysely table types: the one source of row types for core, server and worker.
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { OrderStatus, PriceBreakup, RefundReason, RefundState } from '@kanak/shared';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
/** numeric columns come back from pg as strings. */
type Numeric = ColumnType<string, number | string, number | string>;

export interface UsersTable {
  id: Generated<string>;
  first_name: string;
  last_name: string;
  email: string;
  password_hash: string;
  role: Generated<'CUSTOMER' | 'ADMIN'>;
  mobile: string | null;
  created_at: Timestamp;
  /** Set when an admin removed the account; its e-mail and password are scrubbed then. */
  removed_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Tokens carry it; a reset, change, logout-all, demotion or removal bumps it (migration 013). */
  token_version: Generated<number>;
  /** When the address's owner proved it by using a mailed link (migration 023); null until then. */
  email_verified_at: ColumnType<
    Date | null,
    Date | string | null | undefined,
    Date | string | null
  >;
}

export interface AddressesTable {
  id: Generated<string>;
  user_id: string;
  first_name: string;
  last_name: string;
  street_address: string;
  city: string;
  state: string;
  zip_code: string;
  mobile: string;
  created_at: Timestamp;
}

export interface CategoriesTable {
  id: Generated<string>;
  name: string;
  level: 1 | 2 | 3;
  parent_id: string | null;
}

/** Words shoppers could mean, for correcting typed words (migration 007). */
export interface SearchTermsTable {
  term: string;
}

export interface ProductsTable {
  id: Generated<string>;
  title: string;
  brand: string;
  color: string;
  price: number;
  discounted_price: number;
  discount_percent: number;
  description: string;
  details: string;
  occasion: string;
  quantity: number;
  collection_name: string;
  type: string;
  category_id: string;
  /** The category's name, kept by a trigger (migration 008): what listings filter on. */
  category_name: ColumnType<string, never, never>;
  created_at: Timestamp;
  updated_at: Timestamp;
  search_vector: ColumnType<string, never, never>;
  /** Migration 011: 'fixed' (prices as typed) or 'metal' (from the day's rate). */
  pricing_basis: Generated<'fixed' | 'metal'>;
  pricing_metal: string | null;
  pricing_purity: string | null;
  making_kind: 'percent' | 'perGram' | null;
  making_value: ColumnType<string | null, number | string | null, number | string | null>;
  stones: Generated<number>;
  making_discount_percent: ColumnType<string, number | string | undefined, number | string>;
  /** The rate row the stored prices were computed from (metal pricing). */
  metal_rate_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** BIS hallmark purity mark of a gold piece (22K916…), migration 012. */
  hallmark: ColumnType<string | null, string | null | undefined, string | null>;
  /** Migration 021: the design number, unique (case-insensitively); a trigger fills one when absent. */
  sku: ColumnType<string, string | undefined, string>;
  /** Migration 021: only `live` products are listed, searched, cached and sold. */
  status: ColumnType<ProductStatus, ProductStatus | undefined, ProductStatus>;
}

export type ProductStatus = 'draft' | 'live' | 'archived';

/** Migration 031: a bulk edit of the products table. */
export interface BulkEditsTable {
  id: Generated<string>;
  /** The change as bulkEditChange (@kanak/shared) parsed it. */
  change: ColumnType<unknown, string, string>;
  state: ColumnType<'queued' | 'running' | 'done' | 'failed', string | undefined, string>;
  total: number;
  done: Generated<number>;
  changed: Generated<number>;
  created_by: string | null;
  created_at: Timestamp;
  finished_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  undone_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** Migration 031: one product of a bulk edit, with what the edit replaced and what it left. */
/** A bulk edit's preview (migration 040): its inputs, pieces before → after, products' versions. */
export interface BulkEditPreviewsTable {
  id: Generated<string>;
  input: unknown;
  pieces: unknown;
  /** Product id → its updated_at and total stock as the preview read them. */
  versions: unknown;
  created_at: Generated<Date>;
  used_at: Date | null;
}

export interface BulkEditProductsTable {
  bulk_edit_id: string;
  product_id: string;
  applied: Generated<boolean>;
  changed: Generated<boolean>;
  before: ColumnType<unknown, string | null | undefined, string | null>;
  after_updated_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** Size id → stock after the edit. */
  after_stock: ColumnType<Record<string, number> | null, string | null | undefined, string | null>;
  undone: Generated<boolean>;
  /** The product's version as the preview read it; null for edits started before it was kept. */
  checked_version: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why the worker left this product as it was (it moved since the preview). */
  refused: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ProductImagesTable {
  id: Generated<string>;
  product_id: string;
  position: number;
  url: string;
}

export interface ProductSizesTable {
  id: Generated<string>;
  product_id: string;
  position: number;
  weight: string;
  size: Generated<string>;
  stock: number;
  /** Migration 011: grams of metal (metal pricing); the size's own prices (null: the product's). */
  net_weight: ColumnType<string | null, number | string | null | undefined, number | string | null>;
  price: ColumnType<number | null, number | null | undefined, number | null>;
  discounted_price: ColumnType<number | null, number | null | undefined, number | null>;
  /** Migration 021: the size's own SKU, unique; a trigger fills one (<product sku>-<weight>). */
  sku: ColumnType<string, string | undefined, string>;
}

export interface ReviewsTable {
  id: Generated<string>;
  user_id: string;
  product_id: string;
  review: string;
  created_at: Timestamp;
}

export interface RatingsTable {
  id: Generated<string>;
  user_id: string;
  product_id: string;
  rating: Numeric;
  created_at: Timestamp;
}

export interface WishItemsTable {
  id: Generated<string>;
  user_id: string;
  product_id: string;
  created_at: Timestamp;
}

export interface CartsTable {
  id: Generated<string>;
  user_id: string;
  updated_at: Timestamp;
}

export interface CartItemsTable {
  id: Generated<string>;
  cart_id: string;
  product_id: string;
  size_id: string;
  quantity: number;
  created_at: Timestamp;
  /** Unit price (discounted) when the line was added (migration 011): the cart says when it moved. */
  added_price: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface OrdersTable {
  id: Generated<string>;
  user_id: string;
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  ship_first_name: string;
  ship_last_name: string;
  ship_street_address: string;
  ship_city: string;
  ship_state: string;
  ship_zip_code: string;
  ship_mobile: string;
  total_price: number;
  total_discounted_price: number;
  discount: number;
  total_item: number;
  status_note: string | null;
  /** The buyer's PAN, asked above the threshold (migration 012). */
  buyer_pan: ColumnType<string | null, string | null | undefined, string | null>;
  order_date: Timestamp;
  /** When its prices were last quoted (migration 016): held for a payment link's life. */
  quoted_at: Timestamp;
  delivered_at: Timestamp | null;
  updated_at: Timestamp;
}

export interface OrderItemsTable {
  id: Generated<string>;
  order_id: string;
  position: number;
  product_id: string | null;
  size_id: string | null;
  title: string;
  brand: string;
  image_url: string;
  weight: string;
  size: string;
  quantity: number;
  price: number;
  discounted_price: number;
  /** Migration 011: the line's breakup as quoted (null for fixed-price products) and its rate row. */
  price_breakup: ColumnType<PriceBreakup | null, string | null | undefined, string | null>;
  metal_rate_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** CANCELLED: the shop closed the link (order deleted or cancelled); EXPIRED: its time ran out. */
export type PaymentStatus =
  'CREATED' | 'PAID' | 'FAILED' | 'REFUND_PENDING' | 'CANCELLED' | 'EXPIRED';

export interface PaymentsTable {
  id: Generated<string>;
  /** No foreign key (migration 009): a payment outlives an unpaid order deleted after it. */
  order_id: string;
  provider: string;
  payment_link_id: string;
  payment_link_url: string;
  provider_payment_id: string | null;
  status: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>;
  amount: number;
  note: string | null;
  /** Set with REFUND_PENDING (migration 006). */
  refund_reason: RefundReason | null;
  /** When the link stops taking payments (migration 009); null for links made before. */
  expires_at: Date | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The link had its last check after its expiry and grace: not asked about again (migration 025). */
  reconciled: Generated<boolean>;
  /** When the provider's payment was first recorded on the row (migration 026's trigger). */
  received_at: Generated<Date | null>;
}

/** A refund asked of the provider (migration 026): one per payment and purpose. */
export interface RefundsTable {
  id: Generated<string>;
  payment_id: string;
  order_id: string;
  /** The idempotency key within the payment: `refund-due`, or a return's own. */
  purpose: string;
  reason: RefundReason;
  /** Whole rupees, like payments.amount. */
  amount: number;
  state: RefundState;
  /** Grows when a failed refund is asked again (a fresh idempotency key at the provider). */
  attempt: Generated<number>;
  /** The worker's asks within an attempt (migration 039): each try is a fresh idempotency key. */
  tries: Generated<number>;
  provider: string;
  provider_payment_id: string;
  provider_refund_id: string | null;
  failure: string | null;
  requested_by: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  processed_at: Date | null;
}

/** A savings-scheme instalment owed back, paid back through the provider (migration 039). */
export interface InstalmentRefundsTable {
  id: Generated<string>;
  /** Unique: an instalment payment is refunded once. */
  scheme_payment_id: string;
  enrolment_id: string;
  /** Whole rupees. */
  amount: number;
  state: RefundState;
  tries: Generated<number>;
  provider: string;
  provider_payment_id: string;
  provider_refund_id: string | null;
  failure: string | null;
  requested_by: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  processed_at: Date | null;
}

/** The sandbox provider's record of refunds asked of it (migration 027). */
export interface SandboxRefundsTable {
  idempotency_key: string;
  refund_id: string;
  payment_id: string;
  amount: number;
  status: 'processed' | 'failed';
  failure: string | null;
  calls: Generated<number>;
  created_at: Timestamp;
}

/** Payments whose next sandbox refund fails (migration 027; tests and demos). */
export interface SandboxRefundFailuresTable {
  payment_id: string;
  reason: string;
}

export interface OrderEventsTable {
  id: Generated<string>;
  order_id: string;
  actor_user_id: string | null;
  /** 'admin', 'customer', 'payment', 'system' */
  actor: string;
  from_status: OrderStatus | null;
  to_status: OrderStatus;
  note: string | null;
  /** Key of the queued job that applied this move (migration 003); unique. */
  job_key: string | null;
  created_at: Timestamp;
  /** The request behind the move (migration 014): the payment return, webhook or admin click. */
  request_id: Generated<string | null>;
}

export interface DeadLettersTable {
  id: Generated<string>;
  queue: string;
  job_id: string;
  payload: ColumnType<unknown, string, string>;
  error: string;
  attempts: number;
  created_at: Timestamp;
  /** The order the job was about, when it names one (migration 020). */
  order_id: string | null;
  /** How an admin resolved it; null while open (migration 020). */
  resolution: 'retried' | 'dismissed' | null;
  resolved_by: string | null;
  resolved_at: Date | null;
  /** The job a retry added. */
  retry_job_id: string | null;
}

/** What the worker recorded for an outbox row (see core/src/outbox). */
export type OutboxOutcome =
  /** settled: false when running it again later may change the answer (payment not captured yet). */
  | { kind: 'done'; value: unknown; settled: boolean }
  | { kind: 'refused'; error: string; message: string }
  | { kind: 'fault'; message: string };

export interface OutboxTable {
  /** bigserial, read as a number (connection.ts parses int8). */
  id: Generated<number>;
  queue: string;
  job_key: string;
  payload: ColumnType<unknown, string, string>;
  generation: Generated<number>;
  attempts: Generated<number>;
  available_at: Generated<Date>;
  sent_at: Date | null;
  last_error: string | null;
  finished_at: Date | null;
  outcome: ColumnType<OutboxOutcome | null, string | null, string | null>;
  created_at: Generated<Date>;
  /** The request that wrote the row (migration 014); handed to the job as `requestId`. */
  request_id: Generated<string | null>;
  /** Its span's W3C traceparent when tracing runs (migration 018); handed to the job as `traceparent`. */
  traceparent: Generated<string | null>;
}

/** Shipping & Returns, Privacy, Terms, About Us, Contact (migration 010): edited by the admin. */
export interface PolicyPagesTable {
  slug: string;
  title: string;
  /** Markdown-lite with {{placeholders}} filled from the server's configuration when read. */
  body: string;
  updated_at: Generated<Date>;
}

/** One publish of rates and the repricing it started (migration 011). */
export interface RatePublicationsTable {
  id: Generated<number>;
  published_by: string | null;
  published_at: Generated<Date>;
  status: Generated<'queued' | 'running' | 'done' | 'superseded'>;
  total: Generated<number>;
  done: Generated<number>;
  /** The last product id repriced: a resumed run goes on after it. */
  cursor: string | null;
  finished_at: Date | null;
  /** Migration 021: of the `done` metal-priced products, how many changed price. */
  changed: Generated<number>;
}

/** Every published rate, rupees per gram as integer paise (migration 011). */
export interface MetalRatesTable {
  id: Generated<number>;
  metal: string;
  purity: string;
  rate_paise: ColumnType<number, number, number>;
  publication_id: number | null;
  published_by: string | null;
  published_at: Generated<Date>;
}

export type NotificationStatus =
  'pending' | 'queued' | 'connecting' | 'sending' | 'sent' | 'failed' | 'unknown';

/** One e-mail (migration 013): its own outbox, sent at most once by the worker's notifications queue. */
export interface NotificationsTable {
  /** bigserial, read as a number. */
  id: Generated<number>;
  idempotency_key: string;
  kind: string;
  recipient: string;
  user_id: string | null;
  order_id: string | null;
  payload: ColumnType<Record<string, unknown>, string | undefined, string>;
  status: Generated<NotificationStatus>;
  attempts: Generated<number>;
  next_attempt_at: Generated<Date>;
  queued_at: Date | null;
  last_error: string | null;
  message_id: string | null;
  subject: string | null;
  created_at: Generated<Date>;
  sent_at: Date | null;
}

export interface PasswordResetsTable {
  user_id: string;
  token_hash: string;
  expires_at: Date;
  created_at: Generated<Date>;
  /** The account's token version when the link was asked: a later bump ends the link (023). */
  token_version: Generated<number>;
}

export interface StockAlertsTable {
  id: Generated<number>;
  product_id: string;
  weight: string;
  email: string;
  user_id: string | null;
  token: string;
  created_at: Generated<Date>;
  notified_at: Date | null;
  unsubscribed_at: Date | null;
}

/** One HUID per gold unit sold; the key makes a HUID sellable once in the shop (migration 012). */
export interface OrderItemHuidsTable {
  huid: string;
  order_item_id: string;
  order_id: string;
  created_at: Generated<Date>;
}

/** The parcel an order shipped in (migration 019): one per order, written with its SHIPPED move. */
export interface ShipmentsTable {
  order_id: string;
  carrier_code: string;
  carrier_name: string;
  awb: string;
  tracking_url: string;
  /** bigint, read as a number (connection.ts parses INT8). */
  insured_value_paise: number;
  shipped_at: Timestamp;
  actor_user_id: string | null;
}

export type StoneOrigin = 'natural' | 'laboratory-grown';

/** A product's stones with their certificate (migration 012). */
export interface ProductStonesTable {
  id: Generated<string>;
  product_id: string;
  position: number;
  kind: string;
  origin: StoneOrigin;
  count: number;
  carat: Numeric;
  colour: string | null;
  clarity: string | null;
  cut: string | null;
  cert_lab: string | null;
  cert_number: string | null;
  cert_url: string | null;
}

/** The last number handed out per series (KJ, KJCN) and financial year ('2026-27'). */
export interface InvoiceCountersTable {
  series: string;
  fy: string;
  last_number: number;
}

export type InvoiceKind = 'INVOICE' | 'CREDIT_NOTE';

/** A tax invoice or credit note as issued: `document` is everything printed (never changed). */
export interface InvoicesTable {
  id: Generated<string>;
  order_id: string;
  kind: InvoiceKind;
  series: string;
  fy: string;
  seq: number;
  number: string;
  refers_to: string | null;
  issued_at: Date;
  document: ColumnType<unknown, string, string>;
  /** The rendered PDF; null until first downloaded or mailed (then never changed). */
  pdf: Buffer | null;
}

/** A shopper's "tell me when the rate is below" (migration 024). */
export interface RateAlertsTable {
  id: Generated<number>;
  email: string;
  user_id: string | null;
  metal: string;
  purity: string;
  below_paise: ColumnType<number, number, number>;
  token: string;
  created_at: Generated<Date>;
  confirmed_at: Date | null;
  fired_at: Date | null;
  unsubscribed_at: Date | null;
}

/** A rate alert asked for an unproven address, waiting for its mailed link (migration 041). */
export interface RateAlertRequestsTable {
  token: string;
  email: string;
  user_id: string | null;
  metal: string;
  purity: string;
  below_paise: ColumnType<number, number, number>;
  created_at: Generated<Date>;
  confirmed_at: Date | null;
}

/** (migration 028): one catalogue upload's dry run and apply. */
export interface CatalogueImportsTable {
  id: Generated<string>;
  created_by: string | null;
  created_at: Generated<Date>;
  file_name: string;
  state: ColumnType<CatalogueImportState, CatalogueImportState | undefined, CatalogueImportState>;
  summary: ColumnType<unknown, string, string>;
  errors: ColumnType<unknown, string | undefined, string>;
  total: Generated<number>;
  applied: Generated<number>;
  failed: Generated<number>;
  message: string | null;
  finished_at: Date | null;
}

export type CatalogueImportState = 'validated' | 'applying' | 'applied' | 'failed';

/** A valid row of an import that changes something; `applied_at` is set with the product. */
export interface CatalogueImportRowsTable {
  import_id: string;
  row_no: number;
  sku: string;
  kind: 'new' | 'changed' | 'archived';
  product_id: string | null;
  input: ColumnType<unknown, string, string>;
  diff: ColumnType<unknown, string | undefined, string>;
  applied_at: Date | null;
  error: string | null;
}

/** Images an import brought, by the SHA-256 of their bytes. */
export interface CatalogueImportImagesTable {
  sha256: string;
  url: string;
}

export type ExchangeVisit = 'pickup' | 'store';
export type ExchangeStatus = 'requested' | 'credited' | 'paid_out' | 'cancelled';

/** A shopper's old-gold exchange ask (migration 035): pieces as described, estimate, settlement. */
export interface ExchangeRequestsTable {
  id: Generated<string>;
  user_id: string;
  contact_name: string;
  contact_phone: string;
  visit: ExchangeVisit;
  pin: string | null;
  note: string | null;
  /** The pieces as described: [{ metal, purity, grossWeight, netWeight | null }]. */
  items: ColumnType<unknown, string, string>;
  estimate_paise: number;
  status: Generated<ExchangeStatus>;
  final_paise: number | null;
  settled_at: Date | null;
  settled_by: string | null;
  created_at: Generated<Date>;
  /** Where a pickup collects the pieces (migration 038); null for a store visit. */
  address: string | null;
  /** The visit's India date (YYYY-MM-DD) and window (EXCHANGE_SLOT_WINDOWS). */
  slot_date: string | null;
  slot_window: string | null;
  /** What the store found on testing: { pieces: [{ purity, grossWeight, netWeight }], deduction, reason }. */
  test_record: ColumnType<unknown, string | null, string | null>;
}

export type CreditSource = 'exchange' | 'return' | 'order' | 'adjustment';

/** Store credit as an append-only book (migration 035); (source, source_id) credits once. */
export interface CustomerCreditEntriesTable {
  id: Generated<number>;
  user_id: string;
  /** bigint, read as a number; negative when spent. */
  amount_paise: number;
  source: CreditSource;
  source_id: string;
  note: string;
  actor_user_id: string | null;
  created_at: Generated<Date>;
}

export type ReturnKind = 'return' | 'exchange';
export type ReturnState =
  'requested' | 'approved' | 'refused' | 'received' | 'on_hold' | 'refunded';

/** A shopper's return or exchange ask (migration 036). */
export interface ReturnRequestsTable {
  id: Generated<string>;
  order_id: string;
  user_id: string;
  kind: ReturnKind;
  reason: string;
  state: Generated<ReturnState>;
  refused_reason: string | null;
  /** Why the owner holds a received return (migration 039); for the owner, not the shopper. */
  hold_reason: string | null;
  /** What did not match on receipt; set, it blocks the refund. */
  huid_mismatch: string | null;
  refund_paise: number;
  /** due: no captured payment to refund through (paid out by hand); asked: the provider refund is on its way. */
  refund_status: 'due' | 'asked' | 'paid' | 'credited' | null;
  /** A due refund paid out by bank transfer by hand (migration 047): its reference and when. */
  refund_reference: string | null;
  refund_paid_at: Date | null;
  window_ends_at: Date;
  created_at: Date;
  updated_at: Date;
  /** The reverse pickup recorded at approval (migration 044): a carrier collects, or the shopper posts it. */
  pickup_method: 'courier' | 'post' | null;
  pickup_address: string | null;
  /** YYYY-MM-DD, India's day. */
  pickup_date: string | null;
  /** `10-13`, `13-16` or `16-19`. */
  pickup_window: string | null;
  pickup_carrier: string | null;
  pickup_awb: string | null;
  pickup_instructions: string | null;
}

export interface ReturnItemsTable {
  return_id: string;
  order_item_id: string;
  received_huids: string[] | null;
  /** Pieces of the line returned (migration 044). */
  quantity: number;
}

/** Every move of a return, with its actor; one per (return, state). */
export interface ReturnEventsTable {
  id: Generated<number>;
  return_id: string;
  from_state: ReturnState | null;
  to_state: ReturnState;
  actor: 'customer' | 'admin';
  actor_user_id: string | null;
  note: string | null;
  at: Date;
}

export type SchemeMissedRule = 'MOVE_MATURITY' | 'SHRINK_BONUS';
export type SchemeState = 'PENDING' | 'ACTIVE' | 'MATURED' | 'REDEEMED' | 'CLOSED';
export type SchemePaymentStatus = 'CREATED' | 'PAID' | 'EXPIRED' | 'REFUND_PENDING';

/** A savings scheme the owner offers (migration 032); amounts in whole rupees. */
export interface SchemePlansTable {
  id: Generated<number>;
  name: string;
  min_instalment: number;
  step: number;
  instalments: Generated<number>;
  bonus_percent: number;
  grace_days: number;
  missed_rule: SchemeMissedRule;
  /** SHRINK_BONUS: each missed instalment takes this percentage of the full bonus away. */
  bonus_cut_percent: Generated<number>;
  redeem_within_days: number;
  terms: string;
  paused: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/** A shopper's enrolment, with the plan's terms copied as they were (migration 032). */
export interface SchemeEnrolmentsTable {
  id: Generated<string>;
  user_id: string;
  plan_id: number;
  plan_name: string;
  instalments: number;
  bonus_percent: number;
  grace_days: number;
  missed_rule: SchemeMissedRule;
  bonus_cut_percent: number;
  redeem_within_days: number;
  terms: string;
  instalment: number;
  holder_name: string;
  pan: string | null;
  nominee: string | null;
  /** India date (YYYY-MM-DD) the first instalment was paid; null until then. */
  started_on: string | null;
  state: Generated<SchemeState>;
  matured_at: Date | null;
  created_at: Generated<Date>;
}

/** An instalment's payment link and, once paid, its payment (migration 032). */
export interface SchemePaymentsTable {
  id: Generated<string>;
  enrolment_id: string;
  n: number;
  provider: string;
  payment_link_id: string;
  payment_link_url: string;
  provider_payment_id: string | null;
  status: Generated<SchemePaymentStatus>;
  amount: number;
  note: string | null;
  expires_at: Date;
  paid_at: Date | null;
  reconciled: Generated<boolean>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  /** The receipt's number (KJSR/2026-27/000001) once the instalment is PAID (migration 046). */
  receipt_no: Generated<string | null>;
}

export type TenderKind = 'scheme' | 'store_credit';
export type TenderStatus = 'HELD' | 'SPENT' | 'RETURNED';

/** Part of an order paid by a scheme balance or store credit (migration 037). */
export interface OrderTendersTable {
  id: Generated<string>;
  order_id: string;
  user_id: string;
  kind: TenderKind;
  /** The scheme's enrolment; null for store credit. */
  enrolment_id: string | null;
  /** bigint, read as a number; whole rupees in practice (an order's total is whole rupees). */
  amount_paise: number;
  status: Generated<TenderStatus>;
  created_at: Generated<Date>;
  settled_at: Date | null;
}

export type CodOutcome = 'collected' | 'refused';

/** An order paid in cash on delivery (migration 042). */
export interface CodOrdersTable {
  order_id: string;
  user_id: string;
  /** sha256 of the one-time code mailed to the shopper. */
  code_hash: string;
  confirm_by: Date;
  attempts: Generated<number>;
  /** Whole rupees asked on top of the order for cash on delivery (COD_FEE_RUPEES when chosen). */
  fee_rupees: Generated<number>;
  created_at: Generated<Date>;
  confirmed_at: Date | null;
  outcome: CodOutcome | null;
  outcome_at: Date | null;
  /** Rupees remitted − due, set when a short or over remittance is recorded (migration 048). */
  remittance_difference: number | null;
  /** A short remittance resolved by the owner (the rest received, or written off), with why. */
  difference_resolved_at: Date | null;
  difference_note: string | null;
}

export interface Database {
  cod_orders: CodOrdersTable;
  users: UsersTable;
  addresses: AddressesTable;
  categories: CategoriesTable;
  products: ProductsTable;
  bulk_edits: BulkEditsTable;
  bulk_edit_products: BulkEditProductsTable;
  bulk_edit_previews: BulkEditPreviewsTable;
  search_terms: SearchTermsTable;
  product_images: ProductImagesTable;
  product_sizes: ProductSizesTable;
  reviews: ReviewsTable;
  ratings: RatingsTable;
  wish_items: WishItemsTable;
  carts: CartsTable;
  cart_items: CartItemsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  payments: PaymentsTable;
  refunds: RefundsTable;
  instalment_refunds: InstalmentRefundsTable;
  sandbox_refunds: SandboxRefundsTable;
  sandbox_refund_failures: SandboxRefundFailuresTable;
  order_events: OrderEventsTable;
  dead_letters: DeadLettersTable;
  outbox: OutboxTable;
  policy_pages: PolicyPagesTable;
  rate_publications: RatePublicationsTable;
  metal_rates: MetalRatesTable;
  notifications: NotificationsTable;
  password_resets: PasswordResetsTable;
  stock_alerts: StockAlertsTable;
  order_item_huids: OrderItemHuidsTable;
  shipments: ShipmentsTable;
  product_stones: ProductStonesTable;
  invoice_counters: InvoiceCountersTable;
  invoices: InvoicesTable;
  rate_alerts: RateAlertsTable;
  rate_alert_requests: RateAlertRequestsTable;
  catalogue_imports: CatalogueImportsTable;
  catalogue_import_rows: CatalogueImportRowsTable;
  catalogue_import_images: CatalogueImportImagesTable;
  exchange_requests: ExchangeRequestsTable;
  customer_credit_entries: CustomerCreditEntriesTable;
  return_requests: ReturnRequestsTable;
  return_items: ReturnItemsTable;
  return_events: ReturnEventsTable;
  scheme_plans: SchemePlansTable;
  scheme_enrolments: SchemeEnrolmentsTable;
  scheme_payments: SchemePaymentsTable;
  order_tenders: OrderTendersTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type AddressRow = Selectable<AddressesTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;
export type ProductUpdate = Updateable<ProductsTable>;
export type ProductSizeRow = Selectable<ProductSizesTable>;
export type ProductImageRow = Selectable<ProductImagesTable>;
export type OrderRow = Selectable<OrdersTable>;
export type OrderItemRow = Selectable<OrderItemsTable>;
export type PaymentRow = Selectable<PaymentsTable>;
export type RefundRow = Selectable<RefundsTable>;
export type OrderEventRow = Selectable<OrderEventsTable>;
export type ProductStoneRow = Selectable<ProductStonesTable>;
export type InvoiceRow = Selectable<InvoicesTable>;
export type SchemePlanRow = Selectable<SchemePlansTable>;
export type SchemeEnrolmentRow = Selectable<SchemeEnrolmentsTable>;
export type SchemePaymentRow = Selectable<SchemePaymentsTable>;
export type OrderTenderRow = Selectable<OrderTendersTable>;
