import { describe, expect, it } from 'vitest';
import { LISTING_SEARCH_PARAMS, listingRedirect, listingToProductQuery } from '@kanak/shared';
import { titleCase, toListInput, validateListingSearch } from './listing-search';

describe('validateListingSearch', () => {
  it('keeps the seven listing parameters as text and drops empty ones', () => {
    expect(
      validateListingSearch({
        color: 'yellow,rose',
        price: '1000,60000',
        discount: '',
        sort: 'high_to_low',
        type: 'gold',
        occasion: 'bridal',
        other: 'x',
      }),
    ).toEqual({
      color: 'yellow,rose',
      price: '1000,60000',
      sort: 'high_to_low',
      type: 'gold',
      occasion: 'bridal',
    });
  });

  it('turns the page into a number and a non-numeric page into 1', () => {
    expect(validateListingSearch({ page: 3 })).toEqual({ page: 3 });
    expect(validateListingSearch({ page: '4' })).toEqual({ page: 4 });
    expect(validateListingSearch({ page: 'abc' })).toEqual({ page: 1 });
    expect(validateListingSearch({ page: 0 })).toEqual({ page: 1 });
  });
});

describe('toListInput', () => {
  it('applies the spec defaults and writes lists back as comma-separated text', () => {
    const input = toListInput(
      listingToProductQuery('ring', validateListingSearch({ color: 'yellow,rose', page: 2 })),
    );
    expect(input).toEqual({
      category: 'ring',
      color: 'yellow,rose',
      type: '',
      occasion: '',
      minPrice: 100,
      maxPrice: 1_000_000,
      minDiscount: 0,
      maxDiscount: 100,
      sort: 'low_to_high',
      pageNumber: 2,
      pageSize: 12,
    });
  });

  it('reads the slider ranges written as min,max', () => {
    const input = toListInput(
      listingToProductQuery('jewellery', { price: '1000,60000', discount: '10,50' }),
    );
    expect([input.minPrice, input.maxPrice, input.minDiscount, input.maxDiscount]).toEqual([
      1000, 60000, 10, 50,
    ]);
  });
});

describe('listing redirects the route applies', () => {
  it('moves a type in the third level to the query and the path to /{one}/{type}/jewellery', () => {
    expect(listingRedirect(['all-jewellery', 'jewellery-types', 'gold'], {})).toEqual({
      levels: ['all-jewellery', 'gold', 'jewellery'],
      search: { type: 'gold' },
    });
  });
  it('settles after one redirect', () => {
    const first = listingRedirect(['all-jewellery', 'occasion', 'bridal'], {
      sort: 'high_to_low',
    })!;
    expect(first.search).toEqual({ sort: 'high_to_low', occasion: 'bridal' });
    expect(listingRedirect(first.levels, first.search)).toBeNull();
  });
});

describe('titleCase', () => {
  it('labels slugs', () => {
    expect(titleCase('traditional-ethenic')).toBe('Traditional Ethenic');
  });
});

describe('the listing reads exactly LISTING_SEARCH_PARAMS (the page cache keys on them)', () => {
  it('keeps each of them and nothing else', () => {
    const every = Object.fromEntries(LISTING_SEARCH_PARAMS.map((name) => [name, '1']));
    expect(Object.keys(validateListingSearch({ ...every, z: 'random' })).sort()).toEqual(
      [...LISTING_SEARCH_PARAMS].sort(),
    );
  });
});
