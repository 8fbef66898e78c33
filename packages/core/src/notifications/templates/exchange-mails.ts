import { createElement as h } from 'react';
import { Text } from '@react-email/text';
import * as z from 'zod/mini';
import { action, heading, Layout, small, text, type ShopIdentity } from './layout';

/** What an old-gold request's mail says, written when it moves (its notification's payload). */
export const exchangeMailData = z.object({
  reference: z.string(),
  state: z.enum(['requested', 'credited', 'paid_out', 'cancelled']),
  /** "Insured pickup on 10 Dec 2026, 10 am – 1 pm, at 12, 3rd Cross…" or "Store visit…". */
  visit: z.string(),
  /** One line per piece: as described at the request, as tested at settlement. */
  pieces: z.array(z.string()),
  estimate: z.string(),
  /** At settlement: the value found, and what was taken off and why. */
  finalValue: z.string(),
  deduction: z.string(),
});
export type ExchangeMailData = z.infer<typeof exchangeMailData>;

const TITLES: Record<ExchangeMailData['state'], string> = {
  requested: 'We have your old-gold request',
  credited: 'Your old gold is valued and credited',
  paid_out: 'Your old gold is valued and paid',
  cancelled: 'Your old-gold request is closed',
};

function body(d: ExchangeMailData): string {
  switch (d.state) {
    case 'requested':
      return `${d.visit}. Today's estimate for your pieces is ${d.estimate}; the final value is set after we test them with you.`;
    case 'credited':
      return `We tested your pieces and valued them at ${d.finalValue}. It is in your store credit, to use on your next purchase.`;
    case 'paid_out':
      return `We tested your pieces and valued them at ${d.finalValue}, paid to you.`;
    case 'cancelled':
      return 'Your request is closed without an exchange. Write to us if this is not what you expected.';
  }
}

/** One mail when an old-gold request is made and one when it is settled, with the valuation. */
export function exchangeMail(data: ExchangeMailData, shop: ShopIdentity) {
  const title = TITLES[data.state];
  const lines = body(data);
  return {
    subject: `Old gold ${data.reference}: ${title.toLowerCase()}`,
    element: h(
      Layout,
      { shop, preview: lines },
      heading(title),
      h(Text, { style: text }, lines),
      data.pieces.length > 0
        ? h(
            Text,
            { style: small },
            data.state === 'requested' ? 'Pieces as described:' : 'Pieces as tested:',
            ...data.pieces.flatMap((p) => [h('br', { key: `b-${p}` }), `• ${p}`]),
          )
        : null,
      data.deduction ? h(Text, { style: small }, data.deduction) : null,
      action(`${shop.url}/user-details?layout=5`, 'Your passbook'),
    ),
  };
}
