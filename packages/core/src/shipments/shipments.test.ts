import { describe, expect, it } from 'vitest';
import { DEFAULT_CARRIERS } from '@kanak/shared';
import { DomainError } from '../common';
import { mailLinkBase } from '../notifications';
import { orderMailKind } from '../notifications';
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

  it("has a header and one line per parcel, shipped at India's time in ISO with its offset", () => {
    const csv = manifestCsv([
      {
        orderId: 'o',
        orderNumber: 'AB12CD34',
        shippedAt: '2026-12-06T20:44:35.268Z',
        carrier: 'Blue Dart',
        carrierCode: 'bluedart',
        awb: '7070123456',
        invoiceNumber: 'KJ/2026-27/000123',
        insuredValue: 77600,
        consignee: '@Priya Sharma',
        phone: '9845012345',
        city: 'Mumbai',
        state: 'Maharashtra',
        pin: '400001',
        pieces: 2,
        netWeightGrams: 12.5,
      },
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Order,Invoice,Shipped at (IST),Carrier,AWB,Pieces,Net weight (g),Insured value (INR),Consignee,Phone,City,State,PIN',
      "AB12CD34,KJ/2026-27/000123,2026-12-07T02:14:35+05:30,Blue Dart,7070123456,2,12.5,77600,'@Priya Sharma,9845012345,Mumbai,Maharashtra,400001",
      '',
    ]);
  });
});
