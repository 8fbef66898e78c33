// Renders every mail template with sample data to var/mail-previews/<kind>.html (and a PNG of
// each at 600 px with --png), to look at them without sending: `pnpm exec tsx scripts/preview-mails.ts --png`.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { launchBrowser } from '@kanak/testkit/browser';
import {
  adminSignInMail,
  backInStockMail,
  orderMail,
  passwordChangedMail,
  passwordResetMail,
  render,
  type OrderMailData,
} from '../packages/core/src/notifications/templates/previews';

const shop = {
  name: 'Kanak Jewellers',
  supportEmail: 'care@kanak.shop',
  url: 'http://localhost:3000',
};
const order: OrderMailData = {
  orderId: '3f2a9c1e-5b7d-4e21-9a0f-1c2d3e4f5a6b',
  firstName: 'Priya',
  items: [
    {
      title: 'Lakshmi Temple Gold Necklace',
      weight: '24 g',
      size: '18 IN',
      quantity: 1,
      price: 162450,
      productId: 'p1',
    },
    {
      title: 'Polki Jhumka Earrings',
      weight: '8 g',
      size: '',
      quantity: 2,
      price: 48200,
      productId: 'p2',
    },
  ],
  totalPrice: 279800,
  discount: 20950,
  total: 258850,
  address: ['Priya Sharma', '12, MG Road', 'Mumbai', 'Maharashtra 400001', '9876543210'],
  note: 'Sold out while you were paying: Polki Jhumka Earrings (8 g)',
  huids: ['AB12CD', 'EF34GH'],
  shipment: {
    carrier: 'BVC Logistics',
    awb: 'BVC2611270001',
    trackingUrl: 'https://www.bvclogistics.com/track-shipment?awb=BVC2611270001',
  },
};

const mails = {
  'order-placed': orderMail('order-placed', order, shop),
  'order-confirmed': orderMail('order-confirmed', order, shop),
  shipped: orderMail('shipped', order, shop),
  delivered: orderMail('delivered', order, shop),
  cancelled: orderMail('cancelled', { ...order, note: 'not paid within 45 minutes' }, shop),
  'refund-due': orderMail('refund-due', order, shop),
  'password-reset': passwordResetMail(
    { firstName: 'Priya', link: `${shop.url}/reset-password?token=sample` },
    shop,
  ),
  'password-changed': passwordChangedMail(
    { firstName: 'Priya', at: '26 Nov 2026, 6:10 am IST' },
    shop,
  ),
  'admin-sign-in': adminSignInMail(
    { firstName: 'Shop', at: '26 Nov 2026, 6:10 am IST', address: '203.0.113.7' },
    shop,
  ),
  'back-in-stock': backInStockMail(
    {
      title: 'Lakshmi Temple Gold Necklace',
      weight: '24 g',
      productId: 'p1',
      unsubscribeToken: 'sample',
    },
    shop,
  ),
};

const dir = path.resolve(import.meta.dirname, '../var/mail-previews');
await mkdir(dir, { recursive: true });
for (const [kind, mail] of Object.entries(mails)) {
  await writeFile(path.join(dir, `${kind}.html`), await render(mail.element));
  await writeFile(
    path.join(dir, `${kind}.txt`),
    `Subject: ${mail.subject}\n\n${await render(mail.element, { plainText: true })}`,
  );
}
if (process.argv.includes('--png')) {
  const browser = await launchBrowser();
  for (const width of [600, 390]) {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    for (const kind of Object.keys(mails)) {
      await page.goto(`file://${path.join(dir, `${kind}.html`)}`);
      await page.screenshot({ path: path.join(dir, `${kind}-${width}.png`), fullPage: true });
    }
    await page.close();
  }
  await browser.close();
}
console.log(`mail previews in ${dir}`);
