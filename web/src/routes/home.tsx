import { createRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { BRAND } from '@/components/layout/Logo';
import { HeroCarousel } from '@/features/home/HeroCarousel';
import { TodaysRate } from '@/features/pricing/TodaysRate';
import { HoverBanners, Poster, ShopByCategory } from '@/features/home/HomeSections';
import { HOME_COLLECTIONS, homeQuery, ProductSlider } from '@/features/home/ProductSlider';
import { OFFERS_STALE_MS } from '@/features/home/offer-prices';
import { RATES_STALE_MS } from '@/features/pricing/TodaysRate';
import { warmQueries } from '@/lib/warm-queries';
import { openAuthModal } from '@/features/session/session';
import { validateLoginSearch } from './guards';
import { rootRoute } from './root';

function HomePage() {
  return (
    <main>
      <h1 className="sr-only">{BRAND} Jewellers: gold, diamond and silver jewellery</h1>
      <HeroCarousel />
      <TodaysRate className="border-b px-4 py-2.5" />
      <ProductSlider
        id={`best-of-${BRAND.toLowerCase()}`}
        title="Best Sellers"
        subtitle="Loved by our patrons"
        collection={HOME_COLLECTIONS.bestSellers}
      />
      <HoverBanners />
      <ShopByCategory />
      <ProductSlider
        id="new-arrivals"
        title="New Arrivals"
        subtitle="Fresh from the karkhana"
        collection={HOME_COLLECTIONS.newArrivals}
      />
      <Poster kind="necklace" />
      <ProductSlider
        id="reccomanded"
        title="Recommended for you"
        subtitle="Chosen for you"
        collection={HOME_COLLECTIONS.recommended}
      />
      <Poster kind="earrings" />
    </main>
  );
}

/** /login and /register: the home page with the auth modal opened over it. */
function AuthRoutePage({ mode }: { mode: 'login' | 'register' }) {
  useEffect(() => openAuthModal(mode), [mode]);
  return <HomePage />;
}

export const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  // The sliders, the offers' prices and today's rates: one server render with all of them.
  loader: ({ context: { trpc } }) =>
    warmQueries(
      trpc.catalog.offers.prefetch(undefined, { staleTime: OFFERS_STALE_MS }),
      trpc.pricing.rates.prefetch(undefined, { staleTime: RATES_STALE_MS }),
      ...Object.values(HOME_COLLECTIONS).map((collection) =>
        trpc.catalog.list.prefetch(homeQuery(collection)),
      ),
    ),
  component: HomePage,
});
export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: validateLoginSearch,
  component: () => <AuthRoutePage mode="login" />,
});
export const registerRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'register',
  validateSearch: validateLoginSearch,
  component: () => <AuthRoutePage mode="register" />,
});
