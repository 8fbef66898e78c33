import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { HOME_OFFERS, offerFilter, type OfferPrices } from '@kanak/shared';
import { productsMatching } from './list-products';

/**
 * The home page's "From ₹" figures: for each offer, the cheapest piece on the very listing the
 * offer opens (its discount filter from the offer up), and how many pieces it holds — so no
 * figure on the home page is one its page contradicts.
 */
export async function offerPrices(db: Kysely<Database>): Promise<OfferPrices> {
  return Promise.all(
    HOME_OFFERS.map(async (offer) => {
      const row = await productsMatching(db, offerFilter(offer))
        .select((eb) => [
          eb.fn.min('products.discounted_price').as('min'),
          eb.fn.countAll<string>().as('n'),
        ])
        .executeTakeFirstOrThrow();
      return {
        id: offer.id,
        percent: offer.percent,
        fromPrice: row.min == null ? null : Number(row.min),
        count: Number(row.n),
      };
    }),
  );
}
