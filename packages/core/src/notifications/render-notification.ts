import type { ReactElement } from 'react';
import type { Kysely } from 'kysely';
import type { Database, NotificationsTable } from '@kanak/db';
import type { Selectable } from 'kysely';
import { DomainError, lazy } from '../common';
import { huidLines } from '../hallmark';
import type { SellerDetails } from '../invoices';
import { invoicePdf } from '../invoices';
import { ORDER_NOTIFICATION_KINDS, type NotificationKind } from '../mail-queue';
import type { ShopIdentity } from './templates/layout';
import {
  orderMail,
  type OrderMailData,
  type OrderMailKind,
  type OrderPaidWith,
} from './templates/order-mails';
import {
  adminSignInMail,
  backInStockMail,
  codConfirmMail,
  rateAlertConfirmMail,
  rateAlertMail,
  passwordChangedMail,
  passwordResetMail,
} from './templates/account-mails';
import { RETURN_MAIL_STEPS, returnMail, type ReturnMailStep } from './templates/return-mails';
import { schemeReceiptData, schemeReceiptMail, schemeReminderMail } from './templates/scheme-mails';
import { exchangeMail, exchangeMailData } from './templates/exchange-mails';

export type NotificationRow = Selectable<NotificationsTable>;

// The renderer loads Prettier's HTML printer and html-to-text (about 18 MB resident): loaded on
// the first mail, not by every process that could send one.
const emailRenderer = lazy(() => import('@react-email/render'));

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  attachments: MailAttachment[];
}

/** The mails that carry the order's tax invoice, once it can be issued (its HUIDs, its PAN). */
const INVOICE_KINDS = new Set(['order-placed', 'shipped']);

/**
 * What a mail carries beside its body: the order-placed mail the tax invoice PDF when it can be
 * issued at once; the shipped mail too (an invoice waiting for HUIDs is ready by dispatch). The
 * PDF is the stored one (rendered here if first), so the mail and a download are one document.
 */
export async function attachmentsFor(
  db: Kysely<Database>,
  notification: NotificationRow,
  seller: SellerDetails,
): Promise<MailAttachment[]> {
  if (!INVOICE_KINDS.has(notification.kind) || !notification.order_id) return [];
  try {
    const file = await invoicePdf(db, { orderId: notification.order_id, kind: 'INVOICE', seller });
    return [{ filename: file.fileName, content: file.body, contentType: 'application/pdf' }];
  } catch (error) {
    // None issued (unpaid), or not yet issuable (HUIDs, PAN): the mail goes without it.
    if (error instanceof DomainError && ['NOT_FOUND', 'CONFLICT'].includes(error.kind)) return [];
    throw error;
  }
}

/** HUIDs recorded for an order's pieces (the shipped mail lists them). */
export async function huidsFor(db: Kysely<Database>, orderId: string): Promise<string[]> {
  return (await huidLines(db, orderId)).flatMap((line) => line.huids);
}

async function orderData(db: Kysely<Database>, row: NotificationRow): Promise<OrderMailData> {
  if (!row.order_id) throw new DomainError('NOT_FOUND', 'order mail without an order');
  const order = await db
    .selectFrom('orders')
    .selectAll()
    .where('id', '=', row.order_id)
    .executeTakeFirst();
  if (!order) throw new DomainError('NOT_FOUND', 'the order of this mail no longer exists');
  const items = await db
    .selectFrom('order_items')
    .select(['title', 'weight', 'size', 'quantity', 'discounted_price', 'product_id'])
    .where('order_id', '=', order.id)
    .orderBy('position')
    .execute();
  const payload = row.payload as { note?: string | null };
  // The delivery name and address are text whoever placed the order typed: an account can be
  // opened with someone else's address, so until its owner has proven it (a mailed link used),
  // the mail greets by the address, as the security mails do, and prints none of that text.
  const owner = await db
    .selectFrom('users')
    .select(['email_verified_at'])
    .where('id', '=', order.user_id)
    .executeTakeFirst();
  const proven = Boolean(owner?.email_verified_at);
  return {
    orderId: order.id,
    firstName: proven ? order.ship_first_name : row.recipient,
    items: items.map((i) => ({
      title: i.title,
      weight: i.weight,
      size: i.size,
      quantity: i.quantity,
      price: i.discounted_price,
      productId: i.product_id,
    })),
    totalPrice: order.total_price,
    discount: order.discount,
    total: order.total_discounted_price,
    address: proven
      ? [
          `${order.ship_first_name} ${order.ship_last_name}`,
          order.ship_street_address,
          order.ship_city,
          `${order.ship_state} ${order.ship_zip_code}`,
          order.ship_mobile,
        ]
      : [],
    note: payload.note ?? order.status_note,
    huids: row.kind === 'shipped' ? await huidsFor(db, order.id) : [],
    shipment: row.kind === 'shipped' ? await shipmentFor(db, order.id) : null,
    ...(row.kind === 'order-placed' ? { paidWith: await paidWithOf(db, order.id) } : {}),
    cashDue: await cashDueOf(db, order.id, order.total_discounted_price),
  };
}

/**
 * How an order was paid, for its placed mail: the money its link payments brought (a payment
 * that placed it, even if later owed back by a cancel) and the balances its tenders spent when
 * it was placed (SPENT, or RETURNED since by a cancel or a return), by kind, in rupees.
 */
async function paidWithOf(db: Kysely<Database>, orderId: string): Promise<OrderPaidWith> {
  const [payments, tenders] = await Promise.all([
    db
      .selectFrom('payments')
      .select('amount')
      .where('order_id', '=', orderId)
      .where('provider_payment_id', 'is not', null)
      .where((eb) =>
        eb.or([
          eb('status', '=', 'PAID'),
          eb.and([
            eb('status', '=', 'REFUND_PENDING'),
            eb('refund_reason', 'in', ['CANCELLED_BY_SHOP', 'SOLD_OUT']),
          ]),
        ]),
      )
      .execute(),
    db
      .selectFrom('order_tenders')
      .select(['kind', 'amount_paise'])
      .where('order_id', '=', orderId)
      .where('status', 'in', ['SPENT', 'RETURNED'])
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ]);
  const byKind = new Map<'scheme' | 'store_credit', number>();
  for (const t of tenders) byKind.set(t.kind, (byKind.get(t.kind) ?? 0) + Number(t.amount_paise));
  return {
    money: payments.reduce((sum, p) => sum + p.amount, 0),
    tenders: [...byKind].map(([kind, paise]) => ({ kind, amount: Math.round(paise / 100) })),
  };
}

/** What the courier collects for a cash-on-delivery order (with its fee); null when paid online. */
async function cashDueOf(db: Kysely<Database>, orderId: string, total: number) {
  const cod = await db
    .selectFrom('cod_orders')
    .select('fee_rupees')
    .where('order_id', '=', orderId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  return cod ? total + cod.fee_rupees : null;
}

/** The carrier, AWB and tracking page the shipped mail shows (none for a bodiless ship). */
async function shipmentFor(db: Kysely<Database>, orderId: string) {
  const row = await db
    .selectFrom('shipments')
    .select(['carrier_name', 'awb', 'tracking_url'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  return row ? { carrier: row.carrier_name, awb: row.awb, trackingUrl: row.tracking_url } : null;
}

const ORDER_KINDS = new Set<string>(ORDER_NOTIFICATION_KINDS);

async function compose(
  db: Kysely<Database>,
  row: NotificationRow,
  shop: ShopIdentity,
): Promise<{ subject: string; element: ReactElement }> {
  const p = row.payload as Record<string, string>;
  if (ORDER_KINDS.has(row.kind))
    return orderMail(row.kind as OrderMailKind, await orderData(db, row), shop);
  switch (row.kind) {
    case 'exchange-update':
      return exchangeMail(exchangeMailData.parse(row.payload), shop);
    case 'return-update':
      return returnMail(
        {
          orderId: p.orderId ?? '',
          kind: p.kind === 'exchange' ? 'exchange' : 'return',
          // Rows written before `step` carry the state only (its steps share the names).
          step: (RETURN_MAIL_STEPS as readonly string[]).includes(p.step ?? p.state ?? '')
            ? ((p.step ?? p.state) as ReturnMailStep)
            : 'requested',
          note: p.note ?? '',
          amount: p.amount ?? '',
        },
        shop,
      );
    case 'password-reset':
      return passwordResetMail({ firstName: p.firstName ?? '', link: p.link ?? shop.url }, shop);
    case 'password-changed':
      return passwordChangedMail({ firstName: p.firstName ?? '', at: p.at ?? '' }, shop);
    case 'admin-sign-in':
      return adminSignInMail(
        { firstName: p.firstName ?? '', at: p.at ?? '', address: p.address ?? 'unknown' },
        shop,
      );
    case 'cod-confirm':
      return codConfirmMail(
        {
          orderId: p.orderId ?? '',
          code: p.code ?? '',
          amount: p.amount ?? '',
          confirmBy: p.confirmBy ?? '',
        },
        shop,
      );
    case 'rate-alert-confirm':
      return rateAlertConfirmMail(
        { token: p.token ?? '', what: p.what ?? '', below: p.below ?? '' },
        shop,
      );
    case 'rate-alert':
      return rateAlertMail(
        {
          token: p.token ?? '',
          what: p.what ?? '',
          metal: p.metal ?? 'gold',
          rate: p.rate ?? '',
          below: p.below ?? '',
        },
        shop,
      );
    case 'scheme-receipt':
      return schemeReceiptMail(schemeReceiptData.parse(row.payload), shop);
    case 'scheme-reminder':
      return schemeReminderMail(
        {
          plan: p.plan ?? '',
          n: p.n ?? '',
          amount: p.amount ?? '',
          due: p.due ?? '',
          link: p.link ?? shop.url,
          expires: p.expires ?? '',
          when: p.when ?? 'before',
          rule: p.rule ?? '',
        },
        shop,
      );
    case 'back-in-stock':
      return backInStockMail(
        {
          title: p.title ?? '',
          weight: p.weight ?? '',
          productId: p.productId ?? '',
          unsubscribeToken: p.unsubscribeToken ?? '',
        },
        shop,
      );
  }
  throw new DomainError('BAD_REQUEST', `no template for mail kind ${row.kind}`);
}

/** The mail of one notification row: HTML and plain text from the same React Email template. */
/**
 * Makes the attachments of one kind of mail whose document belongs to a folder above this one
 * (a scheme receipt): passed in by whoever sends, so notifications imports none of them.
 */
export type AttachmentMaker = (
  db: Kysely<Database>,
  row: NotificationRow,
  seller: SellerDetails,
) => Promise<MailAttachment[]>;

export interface RenderOptions {
  shop: ShopIdentity;
  /** Prints the tax invoice the order mails attach. */
  seller: SellerDetails;
  /** Attachments by kind of mail, beside the invoice this folder attaches itself. */
  attach?: Partial<Record<NotificationKind, AttachmentMaker>>;
}

export async function renderNotification(
  db: Kysely<Database>,
  row: NotificationRow,
  { shop, seller, attach = {} }: RenderOptions,
): Promise<RenderedMail> {
  const [{ subject, element }, { render }] = await Promise.all([
    compose(db, row, shop),
    emailRenderer(),
  ]);
  const maker = attach[row.kind as NotificationKind];
  const [html, text, attachments] = await Promise.all([
    render(element),
    render(element, { plainText: true }),
    maker ? maker(db, row, seller) : attachmentsFor(db, row, seller),
  ]);
  return { subject, html, text, attachments };
}
