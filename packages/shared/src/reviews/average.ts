/** How many ratings have one value (a row of a GROUP BY rating, or a single rating with count 1). */
export interface RatingCount {
  rating: number;
  count: number;
}

/** The average rating to one decimal place, or null for a product nobody rated. */
export function averageRating(ratings: Iterable<RatingCount>): number | null {
  let count = 0;
  let sum = 0;
  for (const r of ratings) {
    count += r.count;
    sum += r.rating * r.count;
  }
  return count ? Math.round((sum / count) * 10) / 10 : null;
}
