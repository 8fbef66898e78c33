import { createElement as h } from 'react';
import { Text } from '@react-email/components';
import { action, heading, Layout, small, text, type ShopIdentity } from './layout';

export interface SchemeReminderData {
  plan: string;
  n: string;
  amount: string;
  due: string;
  link: string;
  expires: string;
  /** 'before': 3 days ahead; 'due': on the day; 'late': past its date (the admin's, by hand). */
  when: string;
}

/** A savings scheme's instalment reminder, with a pay link that stops working at `expires`. */
export function schemeReminderMail(data: SchemeReminderData, shop: ShopIdentity) {
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
