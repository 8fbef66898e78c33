import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { ProductCard } from '@/features/catalog/ProductCard';
import { trpc } from '@/lib/trpc';

/** The home page's three sliders, in the collections' own (spec) spelling. */
export const HOME_COLLECTIONS = {
  bestSellers: 'best-sellers',
  newArrivals: 'new-arrival',
  recommended: 'reccomanded',
} as const;

/** Home slider query of spec section 7 (category jewellery, prices 10 to 1000000, 12 per page). */
export const homeQuery = (collection: string) => ({
  category: 'jewellery',
  color: '',
  occasion: '',
  type: '',
  minPrice: 10,
  maxPrice: 1_000_000,
  minDiscount: 0,
  maxDiscount: 100,
  sort: 'low_to_high',
  pageNumber: 1,
  pageSize: 12,
  collection,
});

// 4 per view, 3 below 1150 px, 2 below 968 px, 1 below 700 px (spec section 9).
const slideBasis = 'basis-full min-[700px]:basis-1/2 min-[968px]:basis-1/3 min-[1150px]:basis-1/4';

export function ProductSlider({
  id,
  title,
  subtitle,
  collection,
}: {
  id: string;
  title: string;
  subtitle: string;
  collection: string;
}) {
  const products = trpc.catalog.list.useQuery(homeQuery(collection));
  // The browser's own scrolling with snap points (touch, trackpad and keyboard for free, no
  // carousel library in the first load); the arrows move one view at a time.
  const track = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ prev: false, next: false });
  const update = useCallback(() => {
    const el = track.current;
    if (el)
      setEdges({
        prev: el.scrollLeft > 1,
        next: el.scrollLeft + el.clientWidth < el.scrollWidth - 1,
      });
  }, []);
  useEffect(() => {
    const el = track.current;
    if (!el) return;
    update();
    const resize = new ResizeObserver(update);
    resize.observe(el);
    el.addEventListener('scroll', update, { passive: true });
    return () => {
      resize.disconnect();
      el.removeEventListener('scroll', update);
    };
  }, [update, products.data]);
  const scrollBy = (direction: 1 | -1) =>
    track.current?.scrollBy({ left: direction * track.current.clientWidth, behavior: 'smooth' });

  const headingId = `${id}-title`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className="mx-auto max-w-7xl scroll-mt-32 px-4 py-12"
    >
      <div className="mb-6 flex items-end justify-between gap-4">
        <div>
          <p className="text-xs font-semibold tracking-[0.3em] text-gold-ink uppercase">
            {subtitle}
          </p>
          <h2 id={headingId} className="mt-1 text-3xl text-primary sm:text-4xl">
            {title}
          </h2>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={() => scrollBy(-1)}
            disabled={!edges.prev}
            aria-label={`Previous ${title}`}
            className="rounded-full border bg-card p-2 shadow-xs transition hover:border-primary disabled:opacity-40"
          >
            <ChevronLeft className="size-5" />
          </button>
          <button
            type="button"
            onClick={() => scrollBy(1)}
            disabled={!edges.next}
            aria-label={`Next ${title}`}
            className="rounded-full border bg-card p-2 shadow-xs transition hover:border-primary disabled:opacity-40"
          >
            <ChevronRight className="size-5" />
          </button>
        </div>
      </div>
      <div
        ref={track}
        className="-mx-2 snap-x snap-mandatory overflow-x-auto overscroll-x-contain py-2 [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
      >
        <div className="flex">
          {products.isLoading
            ? Array.from({ length: 4 }, (_, i) => (
                <div key={i} className={`${slideBasis} min-w-0 shrink-0 px-2`}>
                  <Skeleton className="aspect-[3/4] w-full rounded-xl" />
                </div>
              ))
            : products.data?.content.map((product) => (
                <div
                  key={product._id}
                  className={`${slideBasis} min-w-0 shrink-0 snap-start px-2`}
                  data-testid="slider-card"
                >
                  <ProductCard product={product} />
                </div>
              ))}
        </div>
      </div>
    </section>
  );
}
