// Option lists of spec section 3, spelt as the spec spells them (they are data).

export const LISTING_TYPES = ['diamond', 'gold', 'silver', 'gemstones', 'platinum'] as const;
export const METALS = ['gold', 'silver', 'diamond', 'platinum', 'gemstone'] as const;
export type Metal = (typeof METALS)[number];

export const COLORS = [
  'rose',
  'rose-white',
  'white',
  'yellow',
  'yellow-white',
  'yellow-rose',
  'yellow-white-rose',
] as const;
/** The admin form omits yellow-white (spec section 3). */
export const ADMIN_COLORS = COLORS.filter((c) => c !== 'yellow-white');
export type Color = (typeof COLORS)[number];

export const OCCASIONS = [
  'bridal',
  'casual',
  'engagement',
  'modern',
  'office',
  'traditional-ethenic',
] as const;
export type Occasion = (typeof OCCASIONS)[number];

export const SORT_VALUES = ['low_to_high', 'high_to_low'] as const;
export type Sort = (typeof SORT_VALUES)[number];
const SORT_LABELS: Record<Sort, string> = {
  low_to_high: 'Price: Low to High',
  high_to_low: 'Price: High to Low',
};
export const SORTS = SORT_VALUES.map((value) => ({ value, label: SORT_LABELS[value] }));

/** The search results page orders by relevance unless a price order is asked for. */
export type SearchSort = 'relevance' | Sort;
export const SEARCH_SORTS: { value: SearchSort; label: string }[] = [
  { value: 'relevance', label: 'Relevance' },
  ...SORTS,
];
export function searchSortOf(text: unknown): SearchSort {
  return (SORT_VALUES as readonly unknown[]).includes(text) ? (text as Sort) : 'relevance';
}

/** Fixed collections; the admin form also offers one named after the product's brand. */
export const COLLECTIONS = [
  'best-sellers',
  'reccomanded',
  'new-arrival',
  'dharohar',
  'aksharam',
] as const;

export const TOP_LEVEL_CATEGORIES = METALS;
export const SECOND_LEVEL_CATEGORIES = [
  'earrings',
  'rings',
  'nacklaces',
  'best-sellers',
  'wedding',
  'other',
] as const;
export const THIRD_LEVEL_CATEGORIES = [
  'bangle',
  'bracelet',
  'chain',
  'earring',
  'mangal-sutra',
  'necklace',
  'pendant',
  'locket',
  'ring',
  'drop',
  'hoop',
  'stud',
  'jhumka',
  'eangagement-ring',
  'pearl-ring',
  'bridal-ring',
  'couple-ring',
] as const;
export type ThirdLevelCategory = (typeof THIRD_LEVEL_CATEGORIES)[number];

/**
 * Categories of /all-jewellery/category/{category} (spec route table), in the order the
 * menu lists them (spec section 2).
 */
export const SHOP_CATEGORIES = [
  'bangle',
  'bracelet',
  'earring',
  'pendant',
  'mangal-sutra',
  'chain',
  'necklace',
  'ring',
] as const satisfies readonly ThirdLevelCategory[];
export type ShopCategory = (typeof SHOP_CATEGORIES)[number];

/** The listing's "category" value meaning every category. */
export const ALL_CATEGORIES = 'jewellery';

/**
 * The list each of a product's chosen fields takes its value from: the product's schema and
 * the catalogue file read them here (the top level category is the metal). The collection may
 * also be the brand.
 */
export const PRODUCT_CHOICES = {
  color: COLORS,
  occasion: OCCASIONS,
  type: METALS,
  topLevelCategory: METALS,
  secondLevelCategory: SECOND_LEVEL_CATEGORIES,
  thirdLevelCategory: THIRD_LEVEL_CATEGORIES,
  collectionName: COLLECTIONS,
} as const;
