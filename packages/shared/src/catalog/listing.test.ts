import { describe, expect, it } from 'vitest';
import { listingRedirect, parseProductQuery, toggleListValue } from './listing';

describe('parseProductQuery', () => {
  it('applies the spec defaults to absent, empty and "undefined" values', () => {
    const filter = parseProductQuery({
      color: '',
      type: 'undefined',
      pageSize: 'undefined',
      pageNumber: 'abc',
    });
    expect(filter).toEqual({
      category: 'jewellery',
      colors: [],
      types: [],
      occasions: [],
      minPrice: 0,
      maxPrice: 1_000_000,
      minDiscount: 0,
      maxDiscount: 100,
      sort: 'low_to_high',
      pageNumber: 1,
      pageSize: 12,
    });
  });

  it('splits comma-separated multi-values and maps gemstones to gemstone', () => {
    const filter = parseProductQuery({
      color: 'rose,white,rose',
      type: 'gold,gemstones',
      occasion: 'bridal',
    });
    expect(filter.colors).toEqual(['rose', 'white']);
    expect(filter.types).toEqual(['gold', 'gemstone']);
    expect(filter.occasions).toEqual(['bridal']);
  });

  it('clamps and orders ranges and caps the page size', () => {
    const filter = parseProductQuery({
      minPrice: '5000',
      maxPrice: '100',
      minDiscount: '-5',
      maxDiscount: '500',
      pageSize: '100000',
    });
    expect([filter.minPrice, filter.maxPrice]).toEqual([100, 5000]);
    expect([filter.minDiscount, filter.maxDiscount]).toEqual([0, 100]);
    expect(filter.pageSize).toBe(100);
  });

  it('keeps every number within what the integer columns hold', () => {
    for (const value of ['9007199254740993', '1e308', String(2 ** 31), 1e21, 2 ** 53]) {
      const filter = parseProductQuery({ minPrice: value, maxPrice: value, maxDiscount: value });
      expect([filter.minPrice, filter.maxPrice]).toEqual([2_147_483_647, 2_147_483_647]);
      expect(filter.maxDiscount).toBe(100);
    }
    const filter = parseProductQuery({ minPrice: '-1e308', pageNumber: '99999999999999999999' });
    expect(filter.minPrice).toBe(0);
    expect(filter.pageNumber).toBe(1_000_000);
  });

  it('narrows fractional bounds to the whole numbers they include', () => {
    const filter = parseProductQuery({
      minPrice: '99.5',
      maxPrice: 1000.9,
      minDiscount: '5e-324',
      maxDiscount: '49.99',
    });
    expect([filter.minPrice, filter.maxPrice]).toEqual([100, 1000]);
    expect([filter.minDiscount, filter.maxDiscount]).toEqual([1, 49]);
    // No whole rupee between the two: a range that matches nothing.
    const empty = parseProductQuery({ minPrice: '10.8', maxPrice: '10.2' });
    expect(empty.minPrice).toBeGreaterThan(empty.maxPrice);
    for (const n of [filter.minPrice, filter.maxPrice, filter.minDiscount, filter.maxDiscount])
      expect(Number.isInteger(n)).toBe(true);
  });

  it('defaults unreadable numbers and pages (a non-numeric page is page 1)', () => {
    const filter = parseProductQuery({
      minPrice: 'NaN',
      maxPrice: 'Infinity',
      minDiscount: '12abc',
      pageNumber: '1.5',
      pageSize: '-3',
    });
    expect(filter).toMatchObject({
      minPrice: 0,
      maxPrice: 1_000_000,
      minDiscount: 0,
      pageNumber: 1,
      pageSize: 12,
    });
  });

  it('reads the collection as text PostgreSQL can hold, absent when empty', () => {
    expect(parseProductQuery({ collection: 'best-\u0000sellers' }).collection).toBe('best-sellers');
    expect(parseProductQuery({ collection: '\uD800' }).collection).toBe('\uFFFD');
    expect(parseProductQuery({ collection: 'undefined' })).not.toHaveProperty('collection');
    expect(parseProductQuery({ collection: '\u0000' })).not.toHaveProperty('collection');
  });
});

describe('listingRedirect', () => {
  it('moves a type in the third level into the query and the path', () => {
    expect(listingRedirect(['all-jewellery', 'jewellery-types', 'gold'], {})).toEqual({
      levels: ['all-jewellery', 'gold', 'jewellery'],
      search: { type: 'gold' },
    });
  });
  it('sets the type from the first level and keeps the path', () => {
    expect(listingRedirect(['gold', 'earrings', 'stud'], { color: 'rose' })).toEqual({
      levels: ['gold', 'earrings', 'stud'],
      search: { color: 'rose', type: 'gold' },
    });
    expect(listingRedirect(['gold', 'earrings', 'stud'], { type: 'gold' })).toBeNull();
  });
  it('moves an occasion into the query', () => {
    expect(listingRedirect(['all-jewellery', 'occasion', 'bridal'], {})).toEqual({
      levels: ['all-jewellery', 'bridal', 'jewellery'],
      search: { occasion: 'bridal' },
    });
  });
  it('leaves plain categories alone', () => {
    expect(listingRedirect(['all-jewellery', 'category', 'ring'], {})).toBeNull();
  });
});

describe('toggleListValue', () => {
  it('adds, removes and drops the parameter when empty', () => {
    expect(toggleListValue(undefined, 'rose')).toBe('rose');
    expect(toggleListValue('rose', 'white')).toBe('rose,white');
    expect(toggleListValue('rose,white', 'rose')).toBe('white');
    expect(toggleListValue('white', 'white')).toBeUndefined();
  });
});
