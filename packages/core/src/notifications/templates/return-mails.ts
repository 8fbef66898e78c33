import { createElement as h } from 'react';
import { Text } from '@react-email/text';
import { action, heading, Layout, small, text, type ShopIdentity } from './layout';

/**
 * What a return's mail tells the shopper: a move of the request, or the provider confirming its
 * refund. `inspection`: received, but the check has not passed (never "your refund follows");
 * `refund-processing`: the refund is asked, not done; `refunded`: the provider confirmed it.
 */
export const RETURN_MAIL_STEPS = [
  'requested',
  'approved',
  'pickup-changed',
  'refused',
  'received',
  'inspection',
  'on_hold',
  'refund-processing',
  'refunded',
] as const;
export type ReturnMailStep = (typeof RETURN_MAIL_STEPS)[number];

/** What a return's mail says, written with the move (the payload of its notification row). */
export interface ReturnMailData {
  orderId: string;
  kind: 'return' | 'exchange';
  step: ReturnMailStep;
  note: string;
  /** Rupees owed back or credited. */
  amount: string;
}

const UNDER_INSPECTION =
  'We have received your piece and it is under inspection: every returned piece is checked against its hallmark record before the refund. We will write again as soon as the check is complete.';

const LINES: Record<ReturnMailStep, (d: ReturnMailData) => [string, string]> = {
  requested: (d) => [
    `We have your ${d.kind} request`,
    `We will look at your ${d.kind} request and write again within two working days.`,
  ],
  approved: (d) => [
    `Your ${d.kind} is approved`,
    // The note is how it comes back, as recorded at approval: the pickup booked, or the post.
    `Please pack the piece with its certificate and tags. ${d.note || 'We will write to you with how to send it.'}`,
  ],
  'pickup-changed': (d) => [
    `Your ${d.kind} pickup has changed`,
    // The note is the pickup as it stands now, replacing the one in the approval mail.
    `We have changed how your piece comes back to us. ${d.note}`,
  ],
  refused: () => ['We cannot accept this return', 'We are sorry: we cannot accept this request.'],
  received: (d) => [
    'We have received your piece',
    `We have received the piece and checked its hallmark. ${d.kind === 'return' ? 'Your refund follows.' : 'Your store credit follows.'}`,
  ],
  inspection: () => ['Your piece is under inspection', UNDER_INSPECTION],
  on_hold: () => ['Your piece is under inspection', UNDER_INSPECTION],
  'refund-processing': (d) => [
    'Your refund is being processed',
    `Your refund of ${d.amount} is being processed. We will write again when your bank has it; banks take 5–7 working days to show a refund.`,
  ],
  refunded: (d) =>
    d.kind === 'return'
      ? [
          'Your refund is on its way',
          `We have refunded ${d.amount} to your original payment method. Banks take 5–7 working days to show it.`,
        ]
      : [
          'Your store credit is ready',
          `${d.amount} is now in your store credit, to use on your next purchase.`,
        ],
};

/** One mail per move of a return or exchange, linking to the order page that shows it. */
export function returnMail(data: ReturnMailData, shop: ShopIdentity) {
  const no = data.orderId.slice(0, 8).toUpperCase();
  const [title, body] = LINES[data.step](data);
  return {
    subject: `Order ${no}: ${title.toLowerCase()}`,
    element: h(
      Layout,
      { shop, preview: body },
      heading(title),
      h(Text, { style: text }, body),
      data.note && data.step !== 'approved' && data.step !== 'pickup-changed'
        ? h(Text, { style: small }, data.note)
        : null,
      action(`${shop.url}/account/orders/${data.orderId}/0`, 'View your order'),
    ),
  };
}
