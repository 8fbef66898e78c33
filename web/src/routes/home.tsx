import { createRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { BRAND } from '@/components/layout/Logo';
import { HeroCarousel } from '@/features/home/HeroCarousel';
import { TodaysRate } from '@/features/pricing/TodaysRate';
import { HoverBanners, Poster, ShopByCategory } from '@/features/home/HomeSections';
import { ProductSlider } from '@/features/home/ProductSlider';
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
        collection="best-sellers"
      />
      <HoverBanners />
      <ShopByCategory />
      <ProductSlider
        id="new-arrivals"
        title="New Arrivals"
        subtitle="Fresh from the karkhana"
        collection="new-arrival"
      />
      <Poster kind="necklace" />
      <ProductSlider
        id="reccomanded"
        title="Recommended for you"
        subtitle="Chosen for you"
        collection="reccomanded"
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
