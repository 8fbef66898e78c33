import { describe, expect, it } from 'vitest';
import { DEFAULT_CARRIERS } from '@kanak/shared';
import { DomainError } from '../common/errors';
import { mailLinkBase } from '../notifications/link-base';
import { orderMailKind } from '../notifications/order-mails';
import { parseCarriers } from './carrier-settings';
import { shipmentIntent } from './ship-request';
import { csvCell, manifestCsv } from './manifest';

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    if (error instanceof DomainError) return `${error.kind}: ${error.message}`;
    throw error;
  }
  return 'accepted';
};

describe('a ship move with a carrier', () => {
  it('is nothing without carrier and AWB (the spec’s bodiless ship)', () => {
    expect(shipmentIntent(DEFAULT_CARRIERS, 'ship', {})).toBeNull();
    expect(shipmentIntent(DEFAULT_CARRIERS, 'confirmed', {})).toBeNull();
  });

  it('names the carrier and its tracking page for a known carrier and AWB', () => {
    expect(
      shipmentIntent(DEFAULT_CARRIERS, 'ship', { carrier: 'sequel', awb: 'sq 123 456' }),
    ).toEqual({
      carrierCode: 'sequel',
      carrierName: 'Sequel Logistics',
      awb: 'SQ123456',
      trackingUrl: 'https://www.sequel247.com/track?trackingNumber=SQ123456',
    });
  });

  it('refuses an unknown carrier, a missing or bad AWB and a carrier on another move (400)', () => {
    expect(
      refusal(() => shipmentIntent(DEFAULT_CARRIERS, 'ship', { carrier: 'x', awb: '1234567' })),
    ).toMatch(/^BAD_REQUEST: Unknown carrier "x"/);
    expect(refusal(() => shipmentIntent(DEFAULT_CARRIERS, 'ship', { carrier: 'bvc' }))).toMatch(
      /BVC Logistics needs its AWB/,
    );
    expect(refusal(() => shipmentIntent(DEFAULT_CARRIERS, 'ship', { awb: '1234567' }))).toMatch(
      /carrier is required/,
    );
    expect(
      refusal(() => shipmentIntent(DEFAULT_CARRIERS, 'ship', { carrier: 'bvc', awb: '12' })),
    ).toMatch(/AWB number is 6–30/);
    expect(
      refusal(() =>
        shipmentIntent(DEFAULT_CARRIERS, 'deliver', { carrier: 'bvc', awb: '1234567' }),
      ),
    ).toMatch(/only when shipping/);
  });
});

describe('CARRIERS', () => {
  it('defaults when unset or empty, and takes a JSON list', () => {
    expect(parseCarriers(undefined)).toEqual(DEFAULT_CARRIERS);
    expect(parseCarriers('  ')).toEqual(DEFAULT_CARRIERS);
    const own = [
      {
        code: 'tirupati',
        name: 'Shree Tirupati',
        trackingUrl: 'https://st.example/t/{awb}',
        insuredCap: 300000,
      },
    ];
    expect(parseCarriers(JSON.stringify(own))).toEqual(own);
  });

  it('stops start-up on a malformed list, saying what is wrong', () => {
    expect(() => parseCarriers('[{')).toThrow(/CARRIERS is not JSON/);
    expect(() => parseCarriers('[{"code":"a b"}]')).toThrow(/CARRIERS: 0\.code/);
  });
});

describe('mail links', () => {
  it('use PUBLIC_URL, or MAIL_LINK_BASE_URL when set apart', () => {
    expect(mailLinkBase({ PUBLIC_URL: 'https://shop.example.com/', PORT: 8080 })).toBe(
      'https://shop.example.com',
    );
    expect(
      mailLinkBase({
        PUBLIC_URL: 'https://shop.example.com',
        MAIL_LINK_BASE_URL: 'https://m.example',
      }),
    ).toBe('https://m.example');
  });

  it('use the host and port the shop listens on when PUBLIC_URL is unset', () => {
    expect(mailLinkBase({ HOST: '127.0.0.1', PORT: 4321 })).toBe('http://localhost:4321');
    expect(mailLinkBase({ HOST: '0.0.0.0', PORT: 8080 })).toBe('http://localhost:8080');
    expect(mailLinkBase({ HOST: '192.168.1.20', PORT: 3000 })).toBe('http://192.168.1.20:3000');
    expect(mailLinkBase({ HOST: 'fe80::1', PORT: 3000 })).toBe('http://[fe80::1]:3000');
    expect(mailLinkBase({})).toBe('http://localhost:3000');
  });
});

describe('order mails', () => {
  it('send one mail on confirmation, as on placing, shipping and delivery', () => {
    expect(orderMailKind('PLACED', 'CONFIRMED', false)).toBe('order-confirmed');
    expect(orderMailKind('CONFIRMED', 'SHIPPED', false)).toBe('shipped');
    expect(orderMailKind('PENDING', 'PLACED', true)).toBe('order-placed');
  });
});

describe('the manifest CSV', () => {
  it('escapes cells a spreadsheet would run, and quotes commas and quotes', () => {
    expect(csvCell('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    for (const lead of ['+', '-', '@', '\t']) expect(csvCell(`${lead}1`)).toBe(`'${lead}1`);
    expect(csvCell('Mumbai, MH')).toBe('"Mumbai, MH"');
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell('Blue Dart')).toBe('Blue Dart');
  });

  it('has a header and one line per parcel', () => {
    const csv = manifestCsv([
      {
        orderId: 'o',
        orderNumber: 'AB12CD34',
        shippedAt: '2026-11-27T05:00:00.000Z',
        carrier: 'Blue Dart',
        awb: '7070123456',
        insuredValue: 77600,
        consignee: '@Priya Sharma',
        city: 'Mumbai',
        state: 'Maharashtra',
        pin: '400001',
        pieces: 1,
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Order,Shipped at (UTC),Carrier,AWB,Insured value (INR),Consignee,City,State,PIN,Pieces',
      "AB12CD34,2026-11-27T05:00:00.000Z,Blue Dart,7070123456,77600,'@Priya Sharma,Mumbai,Maharashtra,400001,1",
      '',
    ]);
  });
});
