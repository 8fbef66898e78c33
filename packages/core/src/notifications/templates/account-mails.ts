import { createElement as h } from 'react';
import { Text } from '@react-email/text';
import { action, heading, Layout, small, text, type ShopIdentity } from './layout';

export function passwordResetMail(data: { firstName: string; link: string }, shop: ShopIdentity) {
  return {
    subject: `Reset your ${shop.name} password`,
    element: h(
      Layout,
      { shop, preview: 'A link to choose a new password, valid for 30 minutes.' },
      heading('Choose a new password'),
      h(Text, { style: text }, `Dear ${data.firstName},`),
      h(
        Text,
        { style: text },
        'Someone (we hope you) asked to reset the password of your account. The link works once, for 30 minutes.',
      ),
      action(data.link, 'Choose a new password'),
      h(
        Text,
        { style: { ...small, marginTop: '16px' } },
        'If you did not ask, ignore this mail: your password stays as it is.',
      ),
    ),
  };
}

export function passwordChangedMail(data: { firstName: string; at: string }, shop: ShopIdentity) {
  return {
    subject: `Your ${shop.name} password was changed`,
    element: h(
      Layout,
      { shop, preview: 'Every other device was signed out.' },
      heading('Your password was changed'),
      h(Text, { style: text }, `Dear ${data.firstName},`),
      h(
        Text,
        { style: text },
        `Your password was changed on ${data.at}. Every device signed in before was signed out.`,
      ),
      h(
        Text,
        { style: small },
        `If this was not you, reset your password now and write to ${shop.supportEmail}.`,
      ),
      action(`${shop.url}/login`, 'Sign in'),
    ),
  };
}

export function adminSignInMail(
  data: { firstName: string; at: string; address: string },
  shop: ShopIdentity,
) {
  return {
    subject: `New sign-in to your ${shop.name} admin account`,
    element: h(
      Layout,
      { shop, preview: 'An administrator account was signed in to.' },
      heading('New admin sign-in'),
      h(Text, { style: text }, `Dear ${data.firstName},`),
      h(
        Text,
        { style: text },
        `Your administrator account was signed in to on ${data.at} from ${data.address}.`,
      ),
      h(
        Text,
        { style: small },
        'If this was not you, reset your password at once: that signs every device out.',
      ),
    ),
  };
}

export function backInStockMail(
  data: { title: string; weight: string; productId: string; unsubscribeToken: string },
  shop: ShopIdentity,
) {
  return {
    subject: `Back in stock: ${data.title} (${data.weight})`,
    element: h(
      Layout,
      { shop, preview: `${data.title} in ${data.weight} is available again.` },
      heading('Back in stock'),
      h(
        Text,
        { style: text },
        `${data.title} in ${data.weight} is available again. Pieces sell quickly; it is not held for you.`,
      ),
      action(`${shop.url}/product/${data.productId}`, 'See the piece'),
      h(
        Text,
        { style: { ...small, marginTop: '16px' } },
        'You asked to hear when it returns; this is the only mail about it. ',
        h(
          'a',
          { href: `${shop.url}/stock-alerts/unsubscribe/${data.unsubscribeToken}` },
          'Stop these alerts',
        ),
      ),
    ),
  };
}

/** The double opt-in of a visitor's rate alert: nobody can sign a stranger up. */
export function rateAlertConfirmMail(
  data: { token: string; what: string; below: string },
  shop: ShopIdentity,
) {
  return {
    subject: `Confirm your rate alert: ${data.what} below ${data.below}`,
    element: h(
      Layout,
      { shop, preview: `One click to get an e-mail when ${data.what} is below ${data.below}.` },
      heading('Confirm your rate alert'),
      h(
        Text,
        { style: text },
        `Someone, we hope you, asked ${shop.name} to e-mail this address once when ${data.what} is below ${data.below}.`,
      ),
      action(`${shop.url}/rate-alerts/confirm/${data.token}`, 'Confirm the alert'),
      h(
        Text,
        { style: { ...small, marginTop: '16px' } },
        'If it was not you, ignore this mail: nothing will be sent without the click.',
      ),
    ),
  };
}

/** The one-time code that confirms a cash-on-delivery order, and a link that fills it in. */
export function codConfirmMail(
  data: { orderId: string; code: string; amount: string; confirmBy: string },
  shop: ShopIdentity,
) {
  const no = data.orderId.slice(0, 8).toUpperCase();
  return {
    subject: `Your code for order ${no}: ${data.code}`,
    element: h(
      Layout,
      { shop, preview: `Enter ${data.code} to confirm cash on delivery.` },
      heading('Confirm cash on delivery'),
      h(
        Text,
        { style: text },
        `To confirm order ${no} for cash on delivery (${data.amount} to pay the courier), enter this code by ${data.confirmBy} (IST):`,
      ),
      h(
        Text,
        { style: { ...text, fontSize: '28px', fontWeight: 700, letterSpacing: '6px' } },
        data.code,
      ),
      action(`${shop.url}/cod/${data.orderId}?code=${data.code}`, 'Confirm the order'),
      h(
        Text,
        { style: { ...small, marginTop: '16px' } },
        'Unconfirmed by then, the order is cancelled and nothing is sent. If it was not you, ignore this mail.',
      ),
    ),
  };
}

/** The rate alert itself: sent once when a publish brings the rate below the shopper's figure. */
export function rateAlertMail(
  data: { token: string; what: string; metal: string; rate: string; below: string },
  shop: ShopIdentity,
) {
  // The search page with the metal's filter: every piece of that metal.
  const listing = `/search?q=${encodeURIComponent(data.metal)}&type=${encodeURIComponent(data.metal)}`;
  return {
    subject: `${data.what} is ${data.rate} today, below your ${data.below}`,
    element: h(
      Layout,
      { shop, preview: `Today's rate: ${data.what} ${data.rate}.` },
      heading(`${data.what}: ${data.rate}`),
      h(
        Text,
        { style: text },
        `Today's published rate for ${data.what} is ${data.rate}, below the ${data.below} you asked us to watch for. Prices of metal-priced pieces follow it.`,
      ),
      action(`${shop.url}${listing}`, 'See the pieces'),
      h(
        Text,
        { style: { ...small, marginTop: '16px' } },
        'This alert has now fired and will not write again unless you ask for a new one. ',
        h('a', { href: `${shop.url}/rate-alerts/unsubscribe/${data.token}` }, 'Unsubscribe'),
      ),
    ),
  };
}
