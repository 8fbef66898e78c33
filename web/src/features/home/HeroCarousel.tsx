import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { HOME_OFFERS, offerSearch, type HomeOffer } from '@kanak/shared';
import { listingLink } from '@/components/layout/catalogue-links';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { OfferFrom, useOfferPrices } from './offer-prices';

const offer = (id: (typeof HOME_OFFERS)[number]['id']): HomeOffer =>
  HOME_OFFERS.find((o) => o.id === id)!;

const SLIDES = [
  {
    offer: '20% Off',
    name: 'Kundan Jhumka Collection',
    quality: 'BIS hallmarked 22 KT gold, handcrafted in Jaipur',
    listing: offer('kundan-jhumka'),
    image: '/media/art/jhumka-gold-a.svg',
    tone: 'from-[#4a1222] via-[#6b1f33] to-[#3a0d1a]',
  },
  {
    offer: '40% Off',
    name: 'Solitaire Diamond Rings',
    quality: 'IGI certified diamonds set in 18 KT gold',
    listing: offer('solitaire-rings'),
    image: '/media/art/ring-diamond-a.svg',
    tone: 'from-[#1f2433] via-[#2d3550] to-[#161a26]',
  },
  {
    offer: '10% Off',
    name: 'Temple Gold Necklaces',
    quality: 'Antique finish 22 KT gold with ruby accents',
    listing: offer('temple-necklaces'),
    image: '/media/art/necklace-ruby-a.svg',
    tone: 'from-[#3b2410] via-[#5c3a17] to-[#2a190a]',
  },
] as const;

/** Spec section 9: advance every 1000 ms with a 500 ms fade. */
const ADVANCE_MS = 1000;

export function HeroCarousel() {
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const prices = useOfferPrices();

  useEffect(() => {
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    if (paused || reduced) return;
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % SLIDES.length), ADVANCE_MS);
    return () => window.clearInterval(timer);
  }, [paused]);

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Featured offers"
      className="relative isolate h-[460px] overflow-hidden bg-[#1f0a11] sm:h-[500px]"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      {SLIDES.map((slide, i) => (
        <div
          key={slide.name}
          role="group"
          aria-roledescription="slide"
          aria-label={`${i + 1} of ${SLIDES.length}`}
          aria-hidden={i !== index}
          inert={i !== index}
          className={cn(
            'absolute inset-0 bg-gradient-to-br transition-opacity ease-in-out',
            slide.tone,
            // A 500 ms fade through dark: the old slide leaves in 250 ms, then the new one arrives,
            // so two offers' texts never overlap.
            i === index ? 'opacity-100 delay-250 duration-250' : 'opacity-0 duration-250',
          )}
        >
          <div className="absolute inset-0 bg-[radial-gradient(circle_at_75%_50%,rgba(233,196,106,0.25),transparent_55%)]" />
          <div className="relative mx-auto grid h-full max-w-7xl content-center items-center gap-4 px-6 md:grid-cols-2 md:gap-6">
            <div className="z-10 space-y-3 text-primary-foreground max-md:order-2 max-md:text-center md:space-y-4">
              <p className="inline-block rounded-full border border-gold/60 px-4 py-1 text-xs font-semibold tracking-[0.3em] text-gold uppercase">
                {slide.offer}
              </p>
              <h2 className="font-serif text-3xl leading-tight sm:text-5xl lg:text-6xl">
                {slide.name}
              </h2>
              <p className="text-sm text-primary-foreground/80 sm:text-base">{slide.quality}</p>
              <OfferFrom
                offerId={slide.listing.id}
                prices={prices}
                className="min-h-8 font-serif text-2xl text-gold"
              />
              <Button asChild variant="gold" size="lg" className="mt-2">
                <Link
                  {...listingLink(...slide.listing.levels)}
                  search={offerSearch(slide.listing)}
                  data-offer-link={slide.listing.id}
                >
                  Shop Now
                </Link>
              </Button>
            </div>
            <div className="flex justify-center max-md:order-1">
              <div className="relative size-36 rounded-full bg-[#fbf6ec] p-2 sm:size-64 sm:p-4 md:size-80 shadow-[0_0_0_8px_rgba(233,196,106,0.35),0_30px_80px_rgba(0,0,0,0.45)] lg:size-96">
                <img
                  src={slide.image}
                  alt=""
                  className="size-full rounded-full object-cover"
                  width={384}
                  height={384}
                  fetchPriority={i === 0 ? 'high' : 'low'}
                />
              </div>
            </div>
          </div>
        </div>
      ))}
      <div className="absolute bottom-5 left-1/2 z-20 flex -translate-x-1/2 gap-2">
        {SLIDES.map((slide, i) => (
          <button
            key={slide.name}
            type="button"
            onClick={() => setIndex(i)}
            aria-label={`Show offer ${i + 1}: ${slide.offer}`}
            aria-current={i === index}
            // A 24 px target around the small dot (WCAG target size).
            className="group flex h-6 min-w-6 items-center justify-center"
          >
            <span
              className={cn(
                'h-2 rounded-full transition-all',
                i === index ? 'w-8 bg-gold' : 'w-2 bg-white/50 group-hover:bg-white/80',
              )}
            />
          </button>
        ))}
      </div>
    </section>
  );
}
