// The stone origins and certificate labs (see stones.ts for the disclosure rule). Apart from the
// schemas there: the listing's origin filter needs these lists, not zod.
export const STONE_ORIGINS = ['natural', 'laboratory-grown'] as const;
export type StoneOriginValue = (typeof STONE_ORIGINS)[number];
export const CERTIFICATE_LABS = ['IGI', 'GIA', 'SGL', 'other'] as const;
