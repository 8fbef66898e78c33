import { describe, expect, it } from 'vitest';
import { listingRedirect } from './listing';
import { HOME_OFFERS, offerFilter, offerSearch } from './offers';

describe('home offers', () => {
  it('link to listings the browser shows as linked (no redirect changes their filters)', () => {
    for (const offer of HOME_OFFERS)
      expect(listingRedirect([...offer.levels], offerSearch(offer)), offer.id).toBeNull();
  });

  it('filter their listing from the offer up', () => {
    for (const offer of HOME_OFFERS) {
      const filter = offerFilter(offer);
      expect(filter.minDiscount, offer.id).toBe(offer.percent);
      expect(filter.maxDiscount).toBe(100);
      expect(filter.sort).toBe('low_to_high');
    }
  });

  it('are the spec’s percents: hero 20, 40, 10; banners 20, 20, 10', () => {
    expect(HOME_OFFERS.map((o) => o.percent)).toEqual([20, 40, 10, 20, 20, 10]);
  });
});
