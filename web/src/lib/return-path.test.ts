import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

describe('safeReturnPath', () => {
  it('keeps a same-site path with its query', () => {
    expect(safeReturnPath('/checkout?step=2')).toBe('/checkout?step=2');
    expect(safeReturnPath('/user-details?layout=2')).toBe('/user-details?layout=2');
  });
  it('refuses other origins and anything that is not a path', () => {
    for (const value of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '',
      42,
      undefined,
      null,
    ]) {
      expect(safeReturnPath(value)).toBeUndefined();
    }
  });
});
