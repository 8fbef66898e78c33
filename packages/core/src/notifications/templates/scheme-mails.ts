import { createElement as h } from 'react';
import { Text } from '@react-email/text';
import * as z from 'zod/mini';
import { action, heading, Layout, small, text, type ShopIdentity } from './layout';

export interface SchemeReminderData {
  plan: string;
  n: string;
  amount: string;
  due: string;
  link: string;
  expires: string;
  /**
   * 'before': 3 days ahead; 'due': on the day; 'late': past its date (the admin's, by hand);
   * 'missed': its grace ran out unpaid (`rule` says what that does to the scheme).
   */
  when: string;
  rule?: string;
}

/** A savings scheme's instalment reminder, with a pay link that stops working at `expires`. */
export function schemeReminderMail(data: SchemeReminderData, shop: ShopIdentity) {
  if (data.when === 'missed') return missedMail(data, shop);
  const onTheDay = data.when === 'due';
  const late = data.when === 'late';
  return {
    subject: late
      ? `Instalment ${data.n} of your ${data.plan} was due on ${data.due}`
      : onTheDay
        ? `Instalment ${data.n} of your ${data.plan} is due today`
        : `Instalment ${data.n} of your ${data.plan} is due on ${data.due}`,
    element: h(
      Layout,
      { shop, preview: `${data.amount} due on ${data.due}. Pay in one click.` },
      heading(
        late
          ? 'Your instalment is overdue'
          : onTheDay
            ? 'Your instalment is due today'
            : 'Your instalment is due soon',
      ),
      h(
        Text,
        { style: text },
        late
          ? `Instalment ${data.n} of ${data.amount} for your ${data.plan} was due on ${data.due}. Paying it now keeps your scheme on track.`
          : `Instalment ${data.n} of ${data.amount} for your ${data.plan} is due on ${data.due}.`,
      ),
      action(data.link, `Pay ${data.amount}`),
      h(
        Text,
        { style: { ...small, marginTop: '16px' } },
        `This payment link works until ${data.expires}. After that, open the scheme in your account to pay.`,
      ),
    ),
  };
}

/** The grace of an instalment ran out unpaid: what the plan's rule does, and a link to pay. */
function missedMail(data: SchemeReminderData, shop: ShopIdentity) {
  return {
    subject: `Instalment ${data.n} of your ${data.plan} was missed (due ${data.due})`,
    element: h(
      Layout,
      { shop, preview: `${data.amount} was due on ${data.due}: the grace days are over.` },
      heading('Your instalment was missed'),
      h(
        Text,
        { style: text },
        `Instalment ${data.n} of ${data.amount} for your ${data.plan} was due on ${data.due} and its grace days are over. ${data.rule ?? ''}`.trim(),
      ),
      action(data.link, `Pay ${data.amount} now`),
      h(
        Text,
        { style: { ...small, marginTop: '16px' } },
        `This payment link works until ${data.expires}. After that, open the scheme in your account to pay.`,
      ),
    ),
  };
}

/** What an instalment's receipt mail says (its notification's payload, written when it is paid). */
export const schemeReceiptData = z.object({
  enrolmentId: z.string(),
  plan: z.string(),
  holder: z.string(),
  n: z.number(),
  instalments: z.number(),
  amount: z.string(),
  receiptNo: z.string(),
  /** The provider's payment id. */
  reference: z.string(),
  /** "7 Dec 2026", India's date. */
  date: z.string(),
  /** The next instalment's India date ("7 Jan 2027"); empty once all are paid. */
  nextDue: z.string(),
});
export type SchemeReceiptData = z.infer<typeof schemeReceiptData>;

/**
 * The receipt of an instalment received: the first one is the enrolment's welcome (the scheme
 * starts with it), each later one a plain receipt. The body carries the receipt itself.
 */
export function schemeReceiptMail(d: SchemeReceiptData, shop: ShopIdentity) {
  const first = d.n === 1;
  const ref = d.enrolmentId.slice(0, 8).toUpperCase();
  const lines = [
    `Receipt no. ${d.receiptNo}`,
    `Date: ${d.date}`,
    `Received from: ${d.holder}`,
    `Amount: ${d.amount} (instalment ${d.n} of ${d.instalments})`,
    `Payment reference: ${d.reference}`,
    `Scheme: ${ref} · ${d.plan}`,
  ];
  return {
    subject: first
      ? `You are enrolled in ${d.plan}: receipt ${d.receiptNo}`
      : `Instalment ${d.n} of your ${d.plan} received: receipt ${d.receiptNo}`,
    element: h(
      Layout,
      { shop, preview: `${d.amount} received on ${d.date}, receipt ${d.receiptNo}` },
      heading(first ? 'Welcome to your savings scheme' : 'Instalment received'),
      h(
        Text,
        { style: text },
        first
          ? `Thank you: your ${d.plan} has started with its first instalment of ${d.amount}.`
          : `Thank you: we have received instalment ${d.n} of ${d.amount} for your ${d.plan}.`,
      ),
      h(
        Text,
        { style: { ...text, border: '1px solid #e8e0d4', padding: '12px' } },
        ...lines.flatMap((line, i) => (i === 0 ? [line] : [h('br', { key: `r-${i}` }), line])),
      ),
      d.nextDue
        ? h(Text, { style: small }, `Instalment ${d.n + 1} is due on ${d.nextDue}.`)
        : h(Text, { style: small }, 'Every instalment is paid: the bonus is added at maturity.'),
      action(`${shop.url}/account/schemes/${d.enrolmentId}`, 'Your scheme and receipts'),
      h(
        Text,
        { style: { ...small, marginTop: '16px' } },
        'The scheme balance buys jewellery only, never cash.',
      ),
    ),
  };
}
