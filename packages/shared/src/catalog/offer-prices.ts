import * as z from 'zod/mini';

// Apart from offers.ts, which the home page's first load imports: a zod schema built at the top
// of a module stays in the bundle even unused, and with it zod (about 10 kB gzip).

/** catalog.offers: each offer's cheapest piece on its listing (null when the listing is empty). */
export const offerPrices = z.array(
  z.object({
    id: z.string(),
    percent: z.number(),
    fromPrice: z.nullable(z.number()),
    count: z.number(),
  }),
);
export type OfferPrices = z.infer<typeof offerPrices>;
