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
