import { trpc } from '@/lib/trpc';

/** The built-in contact details, shown until the configured ones arrive. */
export const SUPPORT = {
  phone: '+91 80 4000 1234',
  email: 'care@kanak.shop',
  address: '12 Residency Road, Bengaluru, Karnataka 560025',
};

/** The shop's details change rarely: asked again at most every 10 minutes. */
export const SHOP_INFO_STALE_MS = 10 * 60_000;

/**
 * The shop's configured contact details and social links (GET /api/shop-info); until they
 * arrive, or if they cannot, the built-in details stand in and no social link is shown.
 */
export function useShopInfo() {
  const info = trpc.pages.shopInfo.useQuery(undefined, { staleTime: SHOP_INFO_STALE_MS });
  const facts = info.data?.facts;
  return {
    phone: facts?.supportPhone ?? SUPPORT.phone,
    email: facts?.supportEmail ?? SUPPORT.email,
    address: facts?.shopAddress ?? SUPPORT.address,
    social: info.data?.social ?? [],
  };
}
