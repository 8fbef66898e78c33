import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a same-site path with its query and fragment', () => {
    expect(safeReturnPath('/checkout?step=2')).toBe('/checkout?step=2');
    expect(safeReturnPath('/product/abc#reviews')).toBe('/product/abc#reviews');
    expect(safeReturnPath('/user-details?layout=2')).toBe('/user-details?layout=2');
    expect(safeReturnPath('/')).toBe('/');
  });

  it('keeps an encoded query value and answers the parsed form', () => {
    expect(safeReturnPath('/search?q=gold%20ring')).toBe('/search?q=gold%20ring');
    expect(safeReturnPath('/a/../cart')).toBe('/cart');
  });

  it('refuses paths that a browser reads as another host, as sent and once decoded', () => {
    for (const value of [
      // As they appear in the address bar (a reader that does not decode).
      '/.//evil.example',
      '/a/..//evil.example',
      '/%2e%2e//evil.example',
      '/./%2F/evil.example',
      '/%09/evil.example',
      '/%0a/evil.example',
      '/%5Cevil.example',
      '/%2F/evil.example',
      '/%2f%2fevil.example',
      // As the router hands them over (percent-decoded once).
      '/\t/evil.example',
      '/\n/evil.example',
      '/\r\n/evil.example',
      '/\\evil.example',
      '/\\/evil.example',
      '//evil.example',
      '//evil.example/x',
      '///evil.example',
      '/\u0000/evil.example',
    ]) {
      expect(safeReturnPath(value), JSON.stringify(value)).toBeUndefined();
    }
  });

  it('refuses other origins, schemes and anything that is not a path', () => {
    for (const value of [
      'https://evil.example',
      'http:evil.example',
      'javascript:alert(1)',
      ' /checkout',
      'checkout',
      '%2F%2Fevil.example',
      '/%E0%A4%A',
      '',
      42,
      undefined,
      null,
      { redirect: '/' },
    ]) {
      expect(safeReturnPath(value), JSON.stringify(value)).toBeUndefined();
    }
  });
});
