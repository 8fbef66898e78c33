import { ArrowRight } from 'lucide-react';
import { Link } from '@tanstack/react-router';
import { listingLink } from '@/components/layout/catalogue-links';
import { HOME_OFFERS, offerSearch, type HomeOffer } from '@kanak/shared';
import { BRAND } from '@/components/layout/Logo';
import { OfferFrom, useOfferPrices } from './offer-prices';

const offer = (id: (typeof HOME_OFFERS)[number]['id']): HomeOffer =>
  HOME_OFFERS.find((o) => o.id === id)!;

const BANNERS: { title: string; offer: string; image: string; listing: HomeOffer }[] = [
  {
    title: 'Featured Bangles',
    offer: '20% off',
    image: '/media/art/bangle-gold-a.svg',
    listing: offer('featured-bangles'),
  },
  {
    title: 'New Designs',
    offer: '20% off',
    image: '/media/art/pendant-emerald-a.svg',
    listing: offer('new-designs'),
  },
  {
    title: 'Bestsellings',
    offer: '10% off',
    image: '/media/art/bracelet-rose-a.svg',
    listing: offer('bestsellings'),
  },
];

/** Three hover banners (spec section 2), under the offers-contest anchor. */
export function HoverBanners() {
  const prices = useOfferPrices();
  return (
    <section
      id="offers-contest"
      aria-label="Offers"
      className="mx-auto grid max-w-7xl scroll-mt-32 gap-4 px-4 py-6 md:grid-cols-3"
    >
      {BANNERS.map((b) => (
        <Link
          key={b.title}
          {...listingLink(...b.listing.levels)}
          search={offerSearch(b.listing)}
          data-offer-link={b.listing.id}
          className="group relative flex h-48 items-center overflow-hidden rounded-2xl bg-gradient-to-r from-secondary to-[#f3e3c3] p-6 shadow-sm ring-1 ring-border transition hover:shadow-lg"
        >
          <div className="relative z-10 max-w-[55%] space-y-1">
            <p className="text-xs font-semibold tracking-[0.24em] text-gold-ink uppercase">
              {b.offer}
            </p>
            <h3 className="text-2xl text-primary">{b.title}</h3>
            <OfferFrom
              offerId={b.listing.id}
              prices={prices}
              className="min-h-5 text-sm text-foreground/80"
            />
            <span className="inline-flex items-center gap-1 text-sm font-medium text-foreground/80 group-hover:text-primary">
              Shop now <ArrowRight className="size-4 transition group-hover:translate-x-1" />
            </span>
          </div>
          <img
            src={b.image}
            alt=""
            loading="lazy"
            className="absolute top-1/2 -right-4 size-44 -translate-y-1/2 rounded-full object-cover transition duration-500 group-hover:scale-110 group-hover:-rotate-6"
          />
        </Link>
      ))}
    </section>
  );
}

const CATEGORIES = [
  { name: 'Earrings', slug: 'earring', image: '/media/art/drop-gold-a.svg' },
  { name: 'Finger Rings', slug: 'ring', image: '/media/art/ring-ruby-a.svg' },
  { name: 'Pendants', slug: 'pendant', image: '/media/art/pendant-diamond-a.svg' },
  { name: 'Mangalsutras', slug: 'mangal-sutra', image: '/media/art/mangalsutra-gold-a.svg' },
  { name: 'Chains', slug: 'chain', image: '/media/art/chain-gold-a.svg' },
  { name: 'Bracelets', slug: 'bracelet', image: '/media/art/bracelet-white-a.svg' },
  { name: 'Bangles', slug: 'bangle', image: '/media/art/bangle-rose-a.svg' },
  { name: 'Neckwears', slug: 'necklace', image: '/media/art/necklace-emerald-a.svg' },
];

export function ShopByCategory() {
  return (
    <section
      id="categories"
      aria-labelledby="categories-title"
      className="scroll-mt-32 bg-secondary/60 py-14"
    >
      <div className="mx-auto max-w-7xl px-4">
        <div className="mb-8 text-center">
          <p className="text-xs font-semibold tracking-[0.3em] text-gold-ink uppercase">
            Find your piece
          </p>
          <h2 id="categories-title" className="mt-1 text-3xl text-primary sm:text-4xl">
            Shop By Category
          </h2>
        </div>
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-4">
          {CATEGORIES.map((c) => (
            <li key={c.slug}>
              <Link
                {...listingLink('all-jewellery', 'category', c.slug)}
                className="group block overflow-hidden rounded-xl bg-card text-center shadow-sm ring-1 ring-border transition hover:-translate-y-1 hover:shadow-lg"
              >
                <div className="aspect-square overflow-hidden bg-muted">
                  <img
                    src={c.image}
                    alt=""
                    loading="lazy"
                    className="size-full object-cover transition duration-500 group-hover:scale-110"
                  />
                </div>
                <div className="p-3">
                  <h3 className="font-serif text-xl text-foreground">{c.name}</h3>
                  <span className="mt-0.5 inline-flex items-center gap-1 text-xs font-semibold tracking-[0.2em] text-primary uppercase">
                    Explore <ArrowRight className="size-3.5 transition group-hover:translate-x-1" />
                  </span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function Poster({ kind }: { kind: 'necklace' | 'earrings' }) {
  const necklace = kind === 'necklace';
  return (
    <section
      aria-label={necklace ? 'Necklace collection' : 'Earrings collection'}
      className="mx-auto max-w-7xl px-4 py-6"
    >
      <Link
        {...(necklace
          ? listingLink('all-jewellery', 'category', 'necklace')
          : listingLink('gold', 'earrings', 'stud'))}
        search={necklace ? undefined : { type: 'gold' }}
        className={`group relative grid overflow-hidden rounded-2xl shadow-md md:grid-cols-2 ${necklace ? 'bg-gradient-to-r from-[#4a1222] to-[#7a2b3d]' : 'bg-gradient-to-r from-[#5c3a17] to-[#8a6024]'}`}
      >
        <div
          className={`space-y-3 p-8 text-primary-foreground sm:p-12 ${necklace ? '' : 'md:order-2'}`}
        >
          <p className="text-xs font-semibold tracking-[0.3em] text-gold uppercase">
            {necklace ? 'The Necklace Edit' : 'Everyday Gold'}
          </p>
          <h2 className="text-4xl leading-tight sm:text-5xl">
            {necklace ? 'Heirlooms for every neckline' : 'Gold studs that stay with you'}
          </h2>
          <p className="max-w-md text-primary-foreground/80">
            {necklace
              ? 'Temple, kundan and diamond necklaces crafted by the karigars of ' + BRAND + '.'
              : 'Light, hallmarked 22 KT gold studs for office days and festive evenings alike.'}
          </p>
          <span className="inline-flex items-center gap-2 font-medium text-gold">
            Discover <ArrowRight className="size-4 transition group-hover:translate-x-1" />
          </span>
        </div>
        <div className="flex items-center justify-center p-6">
          <img
            src={necklace ? '/media/art/necklace-diamond-a.svg' : '/media/art/stud-gold-a.svg'}
            alt=""
            loading="lazy"
            className="size-56 rounded-full object-cover shadow-[0_0_0_6px_rgba(233,196,106,0.4)] transition duration-500 group-hover:scale-105 sm:size-72"
          />
        </div>
      </Link>
    </section>
  );
}
