import { describe, expect, it } from 'vitest';
import { multipartBoundary } from './multipart';

describe('multipartBoundary', () => {
  it('reads a plain or quoted boundary', () => {
    expect(multipartBoundary('multipart/form-data; boundary=----abc123')).toBe('----abc123');
    expect(multipartBoundary('multipart/form-data; charset=utf-8; BOUNDARY="a b"')).toBe('a b');
  });
  it('is null without a usable boundary', () => {
    for (const type of [
      undefined,
      'multipart/form-data',
      'multipart/form-data; boundary=',
      'multipart/form-data; boundary=""',
      `multipart/form-data; boundary=${'x'.repeat(201)}`,
      'multipart/form-databoundary=x',
    ])
      expect(multipartBoundary(type), String(type)).toBeNull();
  });
});
