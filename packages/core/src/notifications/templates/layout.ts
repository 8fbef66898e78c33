import { createElement as h, type ReactNode } from 'react';
import { Body } from '@react-email/body';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';

/** The shop as every mail names it. */
export interface ShopIdentity {
  name: string;
  supportEmail: string;
  /** The shop's address for links, without a trailing slash. */
  url: string;
}

/** The shop's look (web/src/styles.css): maroon on cream, serif headings. */
export const COLORS = {
  maroon: '#6b1f2b',
  cream: '#fbf8f1',
  ink: '#2b1d1f',
  muted: '#6f6462',
  line: '#e8e0d4',
};
const serif = "'Cormorant Garamond', Georgia, 'Times New Roman', serif";
const sans = "Inter, 'Helvetica Neue', Arial, sans-serif";

export const text = {
  fontFamily: sans,
  fontSize: '15px',
  lineHeight: '22px',
  color: COLORS.ink,
  margin: '0 0 12px',
};
export const small = { ...text, fontSize: '13px', color: COLORS.muted };

/** A button-like link (mail clients ignore most CSS, so it is a padded, coloured link). */
export const action = (href: string, label: string) =>
  h(
    Link,
    {
      href,
      style: {
        display: 'inline-block',
        background: COLORS.maroon,
        color: '#ffffff',
        fontFamily: sans,
        fontSize: '15px',
        padding: '12px 22px',
        borderRadius: '6px',
        textDecoration: 'none',
      },
    },
    label,
  );

export const heading = (title: string) =>
  h(
    Heading,
    {
      as: 'h1',
      style: {
        fontFamily: serif,
        fontSize: '28px',
        fontWeight: 600,
        color: COLORS.maroon,
        margin: '0 0 16px',
      },
    },
    title,
  );

/** 600 px wide on a cream page: the shop's name above, the support address below. */
export function Layout(props: { shop: ShopIdentity; preview: string; children?: ReactNode }) {
  const { shop } = props;
  return h(
    Html,
    { lang: 'en' },
    h(Head, null),
    h(Preview, null, props.preview),
    h(
      Body,
      { style: { background: COLORS.cream, margin: 0, padding: '24px 0' } },
      h(
        Container,
        {
          style: {
            width: '100%',
            maxWidth: '600px',
            background: '#ffffff',
            border: `1px solid ${COLORS.line}`,
            borderRadius: '8px',
          },
        },
        h(
          Section,
          { style: { padding: '20px 32px', borderBottom: `3px solid ${COLORS.maroon}` } },
          h(
            Link,
            {
              href: shop.url,
              style: {
                fontFamily: serif,
                fontSize: '26px',
                color: COLORS.maroon,
                textDecoration: 'none',
                letterSpacing: '1px',
              },
            },
            shop.name,
          ),
        ),
        h(Section, { style: { padding: '28px 32px 8px' } }, props.children),
        h(
          Section,
          { style: { padding: '0 32px' } },
          h(Hr, { style: { borderColor: COLORS.line, margin: '8px 0' } }),
        ),
        h(
          Section,
          { style: { padding: '8px 32px 24px' } },
          h(
            Text,
            { style: small },
            'Questions? Write to ',
            h(
              Link,
              { href: `mailto:${shop.supportEmail}`, style: { color: COLORS.maroon } },
              shop.supportEmail,
            ),
            ` — ${shop.name}, BIS-hallmarked jewellery.`,
          ),
        ),
      ),
    ),
  );
}
