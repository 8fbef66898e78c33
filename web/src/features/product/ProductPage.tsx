import { getRouteApi, Link, Outlet, useNavigate } from '@tanstack/react-router';
import { BadgeCheck, RotateCcw, ShieldCheck, ShoppingBag, Truck } from 'lucide-react';
import { useEffect, useState } from 'react';
import { toast } from '@/lib/toast';
import { HomeTrail } from '@/components/layout/HomeTrail';
import {
  BreadcrumbItem,
  BreadcrumbLink,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from '@/components/ui/breadcrumb';
import { Button } from '@/components/ui/button';
import { Separator } from '@/components/ui/separator';
import { useAddToCart } from '@/features/cart/use-cart';
import { FavouriteToggle } from '@/features/catalog/FavouriteToggle';
import { PriceLine } from '@/features/catalog/PriceLine';
import { PriceBreakupTable } from '@/features/pricing/PriceBreakupTable';
import { titleCase } from '@/features/listing/listing-search';
import { trpc } from '@/lib/trpc';
import { cn } from '@/lib/utils';
import { Gallery } from './Gallery';
import { ReviewsSection } from './ReviewsSection';
import { SimilarProducts } from './SimilarProducts';
import { Stars } from './Stars';
import { asJsonLd, productStructuredData } from './structured-data';
import { useSiteOrigin } from '@/lib/site-origin';
import { HallmarkLine } from '@/features/hallmark/HallmarkLine';
import { CertificateSection } from '@/features/stones/CertificateSection';
import { SizeGuideDialog } from '@/features/size-guide/SizeGuideDialog';
import { sizeLabel } from '@/features/size-guide/size-label';
import { openingSizeIndex, sizeGuideKind } from '@kanak/shared';
import { NotifyWhenAvailable } from '@/features/stock-alerts/NotifyWhenAvailable';
import { CheckDelivery } from '@/features/delivery/CheckDelivery';

const route = getRouteApi('/product/$productId');

function OptionButtons({
  label,
  options,
  selected,
  onSelect,
}: {
  label: string;
  options: { key: string; text: string; disabled: boolean }[];
  selected: string;
  onSelect: (key: string) => void;
}) {
  return (
    <fieldset>
      <legend className="mb-2 text-sm font-medium">{label}</legend>
      <div className="flex flex-wrap gap-2">
        {options.map((o) => (
          <button
            key={o.key}
            type="button"
            data-replay={`${label.toLowerCase()}-${o.key}`}
            disabled={o.disabled}
            aria-pressed={selected === o.key}
            onClick={() => onSelect(o.key)}
            className={cn(
              'min-w-16 rounded-md border px-3 py-2 text-sm transition disabled:cursor-not-allowed disabled:line-through disabled:opacity-40',
              selected === o.key
                ? 'border-primary bg-primary text-primary-foreground'
                : 'bg-card hover:border-primary',
            )}
          >
            {o.text}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

export function ProductPage() {
  const { productId } = route.useParams();
  const [product] = trpc.catalog.byId.useSuspenseQuery({ productId });
  const navigate = useNavigate();
  const origin = useSiteOrigin();
  const cart = useAddToCart();
  // The size its card priced (shared's openingSizeIndex: the first in stock).
  const firstInStock = openingSizeIndex(product.sizes);
  const [row, setRow] = useState(firstInStock);
  useEffect(() => setRow(firstInStock), [productId, firstInStock]);

  useEffect(() => {
    const previous = document.title;
    document.title = `${product.title} | Kanak Jewellers`;
    return () => {
      document.title = previous;
    };
  }, [product.title]);

  const size = product.sizes[row];
  const showSizes = Boolean(product.sizes[0]?.size);
  const archived = product.status === 'archived';
  const soldOut = !size || size.stock <= 0;
  const guide = sizeGuideKind(product.category.name);

  const addToCart = async () => {
    if (!size) return;
    try {
      await cart.add(product._id, size.weight, size.stock);
      await navigate({ to: '/cart' });
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Could not add to cart');
    }
  };

  const highlights = [
    ['Color', titleCase(product.color)],
    ['Brand', product.brand],
    ['Occasion', titleCase(product.occasion)],
    ['Category', titleCase(product.category.name)],
    ['Jewellery Type', titleCase(product.type)],
  ];

  return (
    <main className="mx-auto max-w-7xl px-4 py-8">
      <script
        type="application/ld+json"
        // A data block, never executed: what search engines read as the product's offer.
        dangerouslySetInnerHTML={{
          __html: asJsonLd(productStructuredData(product, origin)),
        }}
      />
      <HomeTrail nowrap>
        {/* The title gives way (ellipsis) to Home and the category. */}
        <BreadcrumbItem className="shrink-0">
          <BreadcrumbLink asChild>
            <Link
              to="/$levelOne/$levelTwo/$levelThree"
              params={{
                levelOne: 'all-jewellery',
                levelTwo: 'category',
                levelThree: product.category.name,
              }}
            >
              {titleCase(product.category.name)}
            </Link>
          </BreadcrumbLink>
        </BreadcrumbItem>
        <BreadcrumbSeparator />
        <BreadcrumbItem className="min-w-0">
          <BreadcrumbPage className="block truncate">{product.title}</BreadcrumbPage>
        </BreadcrumbItem>
      </HomeTrail>

      <div className="mt-6 grid gap-10 lg:grid-cols-2">
        <Gallery images={product.imageUrls} title={product.title} />
        <div className="space-y-5">
          <div>
            <p className="text-xs font-semibold tracking-[0.24em] text-gold-ink uppercase">
              {product.brand}
            </p>
            <div className="mt-1 flex items-start justify-between gap-4">
              <h1 className="text-4xl leading-tight text-foreground">{product.title}</h1>
              <FavouriteToggle productId={product._id} title={product.title} className="shrink-0" />
            </div>
            {product.averageRating !== null && (
              <p className="mt-2 flex items-center gap-2 text-sm text-muted-foreground">
                <Stars value={product.averageRating} /> {product.averageRating.toFixed(1)} ·{' '}
                {product.numRatings} {product.numRatings === 1 ? 'rating' : 'ratings'}
              </p>
            )}
          </div>
          <p className="leading-relaxed text-foreground/80">{product.description}</p>
          <div>
            {/* The selected size's own price (metal pricing prices each size). */}
            <PriceLine
              price={size?.price ?? product.price}
              discountedPrice={size?.discountedPrice ?? product.discountedPrice}
              size="lg"
            />
            <p className="mt-1 text-xs text-muted-foreground">
              Inclusive of all taxes · Free insured delivery
            </p>
            <HallmarkLine mark={product.hallmark} />
          </div>
          <Separator />
          <OptionButtons
            label="Weight"
            selected={String(row)}
            onSelect={(k) => setRow(Number(k))}
            options={product.sizes.map((s, i) => ({
              key: String(i),
              text: s.weight,
              disabled: s.stock <= 0,
            }))}
          />
          {showSizes && (
            <OptionButtons
              label="Size"
              selected={String(row)}
              onSelect={(k) => setRow(Number(k))}
              options={product.sizes.map((s, i) => ({
                key: String(i),
                text: guide ? sizeLabel(guide, s.size) : s.size,
                disabled: s.stock <= 0,
              }))}
            />
          )}
          {guide && <SizeGuideDialog kind={guide} />}
          {archived ? (
            // Kept for the orders that link to it: shown, never sold.
            <p
              role="status"
              className="rounded-lg border border-dashed bg-muted/60 px-4 py-3 text-sm font-medium"
            >
              No longer sold. This piece stays here for the orders that include it.
            </p>
          ) : (
            <>
              <div className="flex flex-wrap items-center gap-3">
                <Button
                  size="lg"
                  className="min-w-56"
                  onClick={addToCart}
                  data-replay="add-to-cart"
                  disabled={soldOut || cart.isPending}
                >
                  <ShoppingBag />{' '}
                  {soldOut ? 'Out of stock' : cart.isPending ? 'Adding…' : 'Add to Cart'}
                </Button>
                {size && size.stock > 0 && size.stock <= 3 && (
                  <p className="text-sm text-destructive">Only {size.stock} left</p>
                )}
              </div>
              <NotifyWhenAvailable
                productId={product._id}
                preferred={soldOut ? size?.weight : undefined}
                soldOut={product.sizes
                  .filter((s) => s.stock <= 0)
                  .map((s) => ({
                    weight: s.weight,
                    label:
                      showSizes && s.size
                        ? `${s.weight} · ${guide ? sizeLabel(guide, s.size) : s.size}`
                        : s.weight,
                  }))}
              />
              <CheckDelivery value={size?.discountedPrice ?? product.discountedPrice} />
            </>
          )}
          <PriceBreakupTable size={size} />
          <ul className="grid grid-cols-3 gap-2 pt-2 text-center text-xs text-muted-foreground">
            <li className="flex flex-col items-center gap-1 rounded-lg bg-secondary/60 p-3">
              <ShieldCheck className="size-5 text-primary" /> BIS Hallmarked
            </li>
            <li className="flex flex-col items-center gap-1 rounded-lg bg-secondary/60 p-3">
              <Truck className="size-5 text-primary" /> Free insured delivery
            </li>
            <li className="flex flex-col items-center gap-1 rounded-lg bg-secondary/60 p-3">
              <RotateCcw className="size-5 text-primary" /> 15-day exchange
            </li>
          </ul>
          <p className="text-sm text-muted-foreground">
            Have old gold?{' '}
            <Link
              to="/old-gold"
              className="font-medium text-primary underline-offset-2 hover:underline"
            >
              See what it is worth today
            </Link>{' '}
            against this piece.
          </p>
          <section aria-labelledby="highlights-title" className="rounded-xl border bg-card p-5">
            <h2 id="highlights-title" className="text-2xl">
              Highlights
            </h2>
            <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-2 text-sm">
              {highlights.map(([k, v]) => (
                <div key={k} className="flex items-center gap-2">
                  <BadgeCheck className="size-4 text-gold" aria-hidden />
                  <dt className="text-muted-foreground">{k}:</dt>
                  <dd className="font-medium">{v}</dd>
                </div>
              ))}
            </dl>
            <h2 className="mt-5 text-2xl">Details</h2>
            <p className="mt-2 text-sm leading-relaxed text-foreground/80">{product.details}</p>
          </section>
        </div>
      </div>

      <div className="mt-8">
        <CertificateSection stones={product.stones} />
      </div>
      <ReviewsSection product={product} />
      <SimilarProducts productId={product._id} />
      <Outlet />
    </main>
  );
}
