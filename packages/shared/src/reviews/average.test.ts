import { describe, expect, it } from 'vitest';
import { averageRating } from './average';

describe('averageRating', () => {
  it('is null when nobody rated', () => {
    expect(averageRating([])).toBeNull();
  });

  it('weights each value by its count and rounds to one decimal', () => {
    // (5×2 + 4×1) / 3 = 4.666…
    expect(
      averageRating([
        { rating: 5, count: 2 },
        { rating: 4, count: 1 },
      ]),
    ).toBe(4.7);
  });

  it('gives the same answer for single ratings as for their grouped counts', () => {
    const single = [4.5, 3, 3, 5].map((rating) => ({ rating, count: 1 }));
    const grouped = [
      { rating: 4.5, count: 1 },
      { rating: 3, count: 2 },
      { rating: 5, count: 1 },
    ];
    expect(averageRating(single)).toBe(3.9);
    expect(averageRating(grouped)).toBe(3.9);
  });
});
