/** How many similar pieces the product page shows (its route loader warms the same query). */
export const SIMILAR_LIMIT = 8;
