import { sql, type Kysely } from 'kysely';

/**
 * The shop's policy pages (Shipping & Returns, Privacy, Terms, About Us, Contact), public and
 * edited by the admin. Texts are markdown-lite ("## " headings, "- " list items, blank lines
 * between paragraphs); `{{name}}` placeholders are filled from the server's configuration when
 * a page is read (return window, buyback percent, grievance officer…), so changing a setting
 * changes every page that quotes it.
 */
const DEFAULT_PAGES: { slug: string; title: string; body: string }[] = [
  {
    slug: 'shipping-returns',
    title: 'Shipping & Returns',
    body: `## Delivery
Every order ships free, fully insured and in tamper-proof packaging from our Bengaluru workshop. In-stock pieces are dispatched within 2 working days of payment; made-to-order and resized pieces within 7–10 working days.

- Metro cities: 3–5 working days after dispatch.
- Rest of India: 5–8 working days after dispatch.
- A signature and a photo identity are asked for at delivery. Please do not accept a parcel whose seal is broken; refuse it and write to us.
- We deliver within India only. Pincodes our insured couriers do not serve are told at checkout.

## Returns
You may return an unworn piece within {{returnWindowDays}} days of delivery for a full refund of the price paid.

- The piece must be unused, undamaged and unaltered, with its tags, hallmark/HUID, certificates, invoice and original packaging.
- Engraved, resized or made-to-order pieces, gold coins and bars cannot be returned (they can still be exchanged or sold back, see below).
- Write to {{supportEmail}} or call {{supportPhone}} with your order number. We arrange an insured pickup at no cost.
- After the piece passes our quality check, the refund is made to the original payment method within 7 working days, with a credit note against your invoice.

## Lifetime exchange and buyback
- Exchange: any Kanak piece can be exchanged for a new one at {{exchangePercent}}% of its metal value at the day's rate.
- Buyback: we buy back Kanak gold and platinum at {{buybackPercent}}% of the metal value at the day's rate, paid by bank transfer.
- Diamonds and certified gemstones are valued on their certificate at the time of exchange or buyback.
- Making charges, stone-setting charges and taxes are not refunded on exchange or buyback. Bring the invoice and the piece to our store, or ask us for an insured pickup.`,
  },
  {
    slug: 'privacy',
    title: 'Privacy Policy',
    body: `This policy explains what personal data Kanak Jewellers keeps, why, and how you can have it corrected or erased, as India's Digital Personal Data Protection Act, 2023 provides.

## What we keep
- Your account: name, e-mail address, mobile number and a one-way hash of your password (never the password itself).
- Your delivery addresses and your orders, reviews, wishlist and cart.
- Payments are taken by our payment provider: we keep the payment reference and status, never your card, UPI or bank details.
- Technical records of requests (address, time) for security, kept for a limited period.

## Why we keep it
We use your data only to run your account, deliver and invoice your orders, handle returns, exchanges and buybacks, answer your questions, prevent fraud and meet our legal duties (tax invoices are kept for the period the GST law requires). We do not sell your data, and we share it only with the courier, the payment provider and the authorities the law names.

## Your rights
- See the data we hold about you, and have it corrected or completed.
- Withdraw your consent and have your account erased: write to {{supportEmail}}. We erase your personal data within 30 days, except what the law obliges us to keep (invoices), which we keep only for as long as required.
- Nominate another person to exercise these rights should you be unable to.
- Complain to our Grievance Officer (below), and then to the Data Protection Board of India.

## Grievance Officer
{{grievanceOfficerName}}, Kanak Jewellers, {{shopAddress}}. E-mail {{grievanceOfficerEmail}}, phone {{grievanceOfficerPhone}}. Complaints are acknowledged within 48 hours and resolved within one month.`,
  },
  {
    slug: 'terms',
    title: 'Terms of Use',
    body: `These terms apply to every purchase from Kanak Jewellers through this website. By placing an order you accept them.

## Products and prices
- All prices are in Indian rupees (₹) and include GST. Weights, purity and stone details are given on each product page; hallmarked gold carries its BIS hallmark and HUID.
- Photographs are enlarged to show detail; small differences in colour and finish between handmade pieces are natural.
- We may cancel an order if a piece is no longer available or was priced in error; any money taken is refunded in full.

## Orders and payment
An order is confirmed once its payment is received through our payment provider. A tax invoice is sent with every delivery. For a purchase above ₹2,00,000 we ask for your PAN, as the law requires.

## Returns, exchange and buyback
Returns within {{returnWindowDays}} days, lifetime exchange at {{exchangePercent}}% and buyback at {{buybackPercent}}% of the metal value, as set out on the Shipping & Returns page.

## Reviews
Reviews must be your own honest opinion of the piece. We may remove reviews that are abusive, off-topic or advertising.

## Grievances
Write to our Grievance Officer, {{grievanceOfficerName}}, at {{grievanceOfficerEmail}} or call {{grievanceOfficerPhone}}. These terms are governed by the laws of India; the courts of Bengaluru have jurisdiction.`,
  },
  {
    slug: 'about',
    title: 'About Us',
    body: `Kanak Jewellers began in 1962 as a small goldsmith's workshop on Residency Road, Bengaluru. Three generations later we still design and finish every piece in our own workshop.

## What we stand for
- Hallmarked gold only: every gold piece carries its BIS hallmark and HUID, which you can verify in the BIS CARE app.
- Certified diamonds and gemstones, with the certificate in the box.
- Honest prices: the metal rate, making charges and GST shown on every invoice.
- A lifetime promise: exchange at {{exchangePercent}}% and buyback at {{buybackPercent}}% of the metal value.

## Visit us
Our store at {{shopAddress}} is open every day from 10 am to 8 pm. Write to {{supportEmail}} or call {{supportPhone}}.`,
  },
  {
    slug: 'contact',
    title: 'Contact Us',
    body: `## Customer care
Our jewellery advisors answer from 10 am to 8 pm, every day. E-mail {{supportEmail}} or call {{supportPhone}}; please keep your order number at hand.

## Store
{{shopAddress}}

## Grievance Officer
{{grievanceOfficerName}}: {{grievanceOfficerEmail}}, {{grievanceOfficerPhone}}.`,
  },
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE policy_pages (
      slug text PRIMARY KEY,
      title text NOT NULL,
      body text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await db.insertInto('policy_pages').values(DEFAULT_PAGES).execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE IF EXISTS policy_pages`.execute(db);
}
