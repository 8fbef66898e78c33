import { CATALOGUE_MENU } from '@kanak/shared';

/** Link props for a listing page /{levelOne}/{levelTwo}/{levelThree} (spec section 2). */
export const listingLink = (levelOne: string, levelTwo: string, levelThree: string) => ({
  to: '/$levelOne/$levelTwo/$levelThree' as const,
  params: { levelOne, levelTwo, levelThree },
});

export { CATALOGUE_MENU };
