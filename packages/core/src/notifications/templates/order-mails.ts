import { createElement as h } from 'react';
// Each component from its own package: the umbrella package loads every component (code blocks
// with Prism, Markdown, Tailwind), about 27 MB of resident memory in each process that mails.
import { Column } from '@react-email/column';
import { Link } from '@react-email/link';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { formatRupees } from '@kanak/shared';
import { action, COLORS, heading, Layout, small, text, type ShopIdentity } from './layout';

/** What an order mail shows, read from the order when the mail is sent. */
export interface OrderMailData {
  orderId: string;
  /** Who the mail greets: the delivery first name, or the address itself while unproven. */
  firstName: string;
  items: {
    title: string;
    weight: string;
    size: string;
    quantity: number;
    price: number;
    productId: string | null;
  }[];
  totalPrice: number;
  discount: number;
  total: number;
  /** The delivery name and address; empty (not printed) for an address not yet proven. */
  address: string[];
  /** Why (a cancellation's cause), as the order records it. */
  note: string | null;
  /** Recorded HUIDs of the pieces (shipped mail); empty until the invoice work records them. */
  huids: string[];
  /** The courier and its tracking page (shipped mail), when the ship named them. */
  shipment?: { carrier: string; awb: string; trackingUrl: string } | null;
  /** Rupees to pay the carrier in cash (total and any COD fee); absent when paid online. */
  cashDue?: number | null;
  /**
   * How the order was paid (placed mail): the money its payments brought (rupees) and the
   * balances its tenders spent. Absent: paid by its payment link alone, as orders always were.
   */
  paidWith?: OrderPaidWith;
}

export interface OrderPaidWith {
  /** Rupees received as money (a payment link); 0 when balances paid it all. */
  money: number;
  tenders: { kind: 'scheme' | 'store_credit'; amount: number }[];
}

const TENDER_WORDS = { scheme: 'from your savings scheme', store_credit: 'from store credit' };

/**
 * What the placed mail says about the payment: the money received (never when none moved),
 * and each balance spent: "Paid ₹21,500 from your savings scheme, ₹26,616 from store credit".
 */
export function paymentSentence(order: Pick<OrderMailData, 'orderId' | 'total' | 'paidWith'>) {
  const no = orderNo(order.orderId);
  const paid = order.paidWith ?? { money: order.total, tenders: [] };
  // In TENDER_WORDS' order, whatever order the balances were spent in (often the same instant).
  const kinds = Object.keys(TENDER_WORDS);
  const parts = paid.tenders
    .filter((t) => t.amount > 0)
    .sort((a, b) => kinds.indexOf(a.kind) - kinds.indexOf(b.kind))
    .map((t) => `${formatRupees(t.amount)} ${TENDER_WORDS[t.kind]}`);
  if (parts.length === 0)
    return paid.money > 0
      ? `We have received your payment of ${formatRupees(paid.money)} and your order ${no} is placed.`
      : `Your order ${no} is placed.`;
  const money = paid.money > 0 ? ` and ${formatRupees(paid.money)} by your online payment` : '';
  return `Paid ${parts.join(', ')}${money}. Your order ${no} is placed.`;
}

export type OrderMailKind =
  'order-placed' | 'order-confirmed' | 'shipped' | 'delivered' | 'cancelled' | 'refund-due';

const orderNo = (id: string) => id.slice(0, 8).toUpperCase();

function itemsTable(order: OrderMailData) {
  const cell = { ...text, margin: 0, padding: '8px 0', borderBottom: `1px solid ${COLORS.line}` };
  return h(
    Section,
    { style: { margin: '8px 0 16px' } },
    ...order.items.map((item, i) =>
      h(
        Row,
        { key: i, children: null },
        h(
          Column,
          { style: cell },
          `${item.title} · ${item.weight}${item.size ? ` · ${item.size}` : ''} × ${item.quantity}`,
        ),
        h(
          Column,
          { style: { ...cell, textAlign: 'right', whiteSpace: 'nowrap' } },
          formatRupees(item.price),
        ),
      ),
    ),
    h(
      Row,
      null,
      h(Column, { style: { ...small, margin: 0, paddingTop: '8px' } }, 'Price'),
      h(
        Column,
        { style: { ...small, margin: 0, paddingTop: '8px', textAlign: 'right' } },
        formatRupees(order.totalPrice),
      ),
    ),
    h(
      Row,
      null,
      h(Column, { style: { ...small, margin: 0 } }, 'Discount'),
      h(
        Column,
        { style: { ...small, margin: 0, textAlign: 'right' } },
        `−${formatRupees(order.discount)}`,
      ),
    ),
    h(
      Row,
      null,
      h(
        Column,
        { style: { ...text, fontWeight: 700, margin: 0, paddingTop: '6px' } },
        'Total paid',
      ),
      h(
        Column,
        { style: { ...text, fontWeight: 700, margin: 0, paddingTop: '6px', textAlign: 'right' } },
        formatRupees(order.total),
      ),
    ),
  );
}

const address = (order: OrderMailData) =>
  order.address.length
    ? h(Text, { style: small }, h('strong', null, 'Delivering to: '), order.address.join(', '))
    : null;

/** Subject and body of each order mail. */
export function orderMail(kind: OrderMailKind, order: OrderMailData, shop: ShopIdentity) {
  const no = orderNo(order.orderId);
  const orderUrl = `${shop.url}/account/orders/${order.orderId}/0`;
  const hello = h(Text, { style: text }, `Dear ${order.firstName},`);
  const body = (() => {
    switch (kind) {
      case 'order-placed': {
        if (order.cashDue != null)
          return {
            subject: `Order ${no} placed: cash on delivery`,
            preview: `Pay ${formatRupees(order.cashDue)} in cash when it arrives.`,
            children: [
              heading('Thank you for your order'),
              hello,
              h(
                Text,
                { style: text },
                `Your order ${no} is confirmed for cash on delivery: please keep ${formatRupees(order.cashDue)} ready for the courier. We will write again when it ships.`,
              ),
              itemsTable(order),
              address(order),
              action(orderUrl, 'View your order'),
            ],
          };
        const money = order.paidWith ? order.paidWith.money : order.total;
        const sentence = paymentSentence(order);
        return {
          subject:
            money > 0
              ? `Order ${no} placed: payment received`
              : order.paidWith?.tenders.length
                ? `Order ${no} placed: paid from your balances`
                : `Order ${no} placed`,
          preview: money > 0 ? `We have your payment of ${formatRupees(money)}.` : sentence,
          children: [
            heading('Thank you for your order'),
            hello,
            h(Text, { style: text }, `${sentence} We will write again when it ships.`),
            itemsTable(order),
            address(order),
            action(orderUrl, 'View your order'),
          ],
        };
      }
      case 'order-confirmed':
        return {
          subject: `Order ${no} confirmed`,
          preview: 'We are preparing your jewellery for dispatch.',
          children: [
            heading('Your order is confirmed'),
            hello,
            h(
              Text,
              { style: text },
              `We have confirmed order ${no} and are preparing your pieces: checking each one, its hallmark and its packing. We will write again with the courier and tracking number when it ships.`,
            ),
            itemsTable(order),
            address(order),
            action(orderUrl, 'View your order'),
          ],
        };
      case 'shipped': {
        const shipment = order.shipment;
        return {
          subject: `Order ${no} has shipped`,
          preview: shipment
            ? `On its way with ${shipment.carrier}, AWB ${shipment.awb}.`
            : 'Your jewellery is on its way, fully insured.',
          children: [
            heading('Your order is on its way'),
            hello,
            h(
              Text,
              { style: text },
              `Order ${no} has left our workshop, fully insured. Please accept it only if the seal is unbroken.`,
            ),
            ...(shipment
              ? [
                  h(
                    Text,
                    { style: text },
                    h('strong', null, 'Courier: '),
                    `${shipment.carrier} · AWB ${shipment.awb}`,
                  ),
                  h(
                    Text,
                    { style: small },
                    "Track the parcel on the courier's page: ",
                    h(Link, { href: shipment.trackingUrl }, shipment.trackingUrl),
                  ),
                ]
              : []),
            ...(order.huids.length
              ? [
                  h(
                    Text,
                    { style: small },
                    `Hallmark HUIDs of your pieces: ${order.huids.join(', ')}`,
                  ),
                ]
              : []),
            itemsTable(order),
            address(order),
            ...(shipment
              ? [
                  action(shipment.trackingUrl, `Track with ${shipment.carrier}`),
                  h(
                    Text,
                    { style: { ...small, marginTop: '16px' } },
                    h(Link, { href: orderUrl }, 'Your order on our site'),
                  ),
                ]
              : [action(orderUrl, 'Track your order')]),
          ],
        };
      }
      case 'delivered': {
        const first = order.items.find((i) => i.productId);
        return {
          subject: `Order ${no} delivered`,
          preview: 'We hope you love it. Tell others what you think.',
          children: [
            heading('Delivered'),
            hello,
            h(Text, { style: text }, `Order ${no} was delivered. We hope you love it.`),
            itemsTable(order),
            first
              ? action(`${shop.url}/product/${first.productId}/ratrev`, 'Rate and review')
              : action(orderUrl, 'View your order'),
          ],
        };
      }
      case 'cancelled':
        return {
          subject: `Order ${no} cancelled`,
          preview: 'Your unpaid order was cancelled.',
          children: [
            heading('Your order was cancelled'),
            hello,
            h(
              Text,
              { style: text },
              `Order ${no} was cancelled before any payment was taken${order.note ? `: ${order.note}` : '.'}`,
            ),
            h(
              Text,
              { style: text },
              'Nothing was charged. The pieces are back in the shop if you would still like them.',
            ),
            action(shop.url, 'Visit the shop'),
          ],
        };
      case 'refund-due':
        return {
          subject: `Order ${no} cancelled: refund of ${formatRupees(order.total)} due`,
          preview: `${formatRupees(order.total)} will be refunded to your payment method.`,
          children: [
            heading('Your refund is on its way'),
            hello,
            h(
              Text,
              { style: text },
              `Order ${no} was cancelled${order.note ? `: ${order.note}` : '.'}`,
            ),
            h(
              Text,
              { style: { ...text, fontWeight: 700 } },
              `Refund due: ${formatRupees(order.total)}, to the method you paid with, within 7 working days.`,
            ),
            h(
              Text,
              { style: small },
              'You do not need to do anything. If it has not arrived after 7 working days, reply to this mail.',
            ),
            itemsTable(order),
            action(orderUrl, 'View your order'),
          ],
        };
    }
  })();
  return {
    subject: body.subject,
    element: h(Layout, { shop, preview: body.preview }, ...body.children),
  };
}
