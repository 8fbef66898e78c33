import { formatRupees, type OfferPrices } from '@kanak/shared';
import { trpc } from '@/lib/trpc';

export const OFFERS_STALE_MS = 5 * 60_000;

/** Each home offer's cheapest piece on its listing, read from the server (catalog.offers). */
export function useOfferPrices() {
  return trpc.catalog.offers.useQuery(undefined, { staleTime: OFFERS_STALE_MS }).data;
}

/**
 * "From ₹…": the offer listing's cheapest piece, so the figure is one its page shows first.
 * Nothing while loading or when the listing is empty (no figure is better than a wrong one).
 */
export function OfferFrom({
  offerId,
  prices,
  className,
}: {
  offerId: string;
  prices: OfferPrices | undefined;
  className?: string;
}) {
  const from = prices?.find((p) => p.id === offerId)?.fromPrice;
  return (
    <p className={className} data-offer-from={offerId} data-from-price={from ?? undefined}>
      {from == null ? '' : `From ${formatRupees(from)}`}
    </p>
  );
}
