import { BadgeCheck, MessageSquareText } from 'lucide-react';
import { Link } from '@tanstack/react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { trpc, type Product } from '@/lib/trpc';
import { Stars } from './Stars';

// 'November 25, 2026', from the browser's own Intl: no date library on the product page.
const reviewDate = new Intl.DateTimeFormat('en-US', {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  // The shop's day, on the server render and in any browser alike (else the page re-renders).
  timeZone: 'Asia/Kolkata',
});

function RatingSummary({ productId }: { productId: string }) {
  const summary = trpc.catalog.ratingSummary.useQuery({ productId });
  if (!summary.data) return <Skeleton className="h-56 w-full" />;
  const { average, count, breakdown } = summary.data;
  const max = Math.max(1, ...breakdown.map((b) => b.count));
  return (
    <div className="rounded-xl border bg-card p-5" data-testid="rating-summary">
      <h3 className="text-xl">Product Rating</h3>
      <div className="mt-3 flex items-center gap-3">
        <span className="font-serif text-5xl text-primary">
          {average === null ? '–' : average.toFixed(1)}
        </span>
        <div>
          <Stars value={average ?? 0} />
          <p className="text-sm text-muted-foreground">
            {count === 0 ? 'No ratings yet' : `${count} ${count === 1 ? 'rating' : 'ratings'}`}
          </p>
        </div>
      </div>
      <dl className="mt-4 space-y-2">
        {breakdown.map((b) => (
          <div
            key={b.label}
            className="grid grid-cols-[5.5rem_1fr_2rem] items-center gap-3 text-sm"
          >
            <dt>{b.label}</dt>
            <dd className="h-2 overflow-hidden rounded-full bg-secondary">
              <span
                className="block h-full rounded-full bg-gold"
                style={{ width: `${(b.count / max) * 100}%` }}
              />
            </dd>
            <dd className="text-right text-muted-foreground">{b.count}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

export function ReviewsSection({ product }: { product: Product }) {
  // Ratings pair with reviews by author, so each review shows its writer's stars.
  const ratingOf = new Map(product.ratings.map((r) => [r.user._id, r.rating]));
  return (
    <section aria-labelledby="reviews-title" className="mt-16 grid gap-8 lg:grid-cols-[1fr_20rem]">
      <div>
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          <h2 id="reviews-title" className="text-3xl text-primary">
            Recent Reviews &amp; Ratings
          </h2>
          <Button asChild variant="outline">
            <Link to="/product/$productId/ratrev" params={{ productId: product._id }}>
              <MessageSquareText /> Rate and Review
            </Link>
          </Button>
        </div>
        <ul
          className="h-[40vh] space-y-3 overflow-y-auto rounded-xl border bg-card p-4"
          tabIndex={0}
          aria-label="Reviews"
        >
          {product.reviews.length === 0 && (
            <li className="py-10 text-center text-muted-foreground">
              No reviews yet. Be the first to share your thoughts.
            </li>
          )}
          {product.reviews.map((review) => (
            <li key={review._id} className="border-b pb-3 last:border-0" data-testid="review">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="flex size-8 items-center justify-center rounded-full bg-primary font-serif text-primary-foreground">
                  {review.user.firstName.charAt(0).toUpperCase()}
                </span>
                <span className="font-medium">{review.user.firstName}</span>
                {review.verifiedBuyer && (
                  <Badge variant="secondary" title="Bought this piece from Kanak">
                    <BadgeCheck aria-hidden="true" /> Verified buyer
                  </Badge>
                )}
                {ratingOf.has(review.user._id) && <Stars value={ratingOf.get(review.user._id)!} />}
                <time dateTime={review.createdAt} className="ml-auto text-xs text-muted-foreground">
                  {reviewDate.format(new Date(review.createdAt))}
                </time>
              </div>
              <p className="mt-2 text-sm leading-relaxed whitespace-pre-line text-foreground/90">
                {review.review}
              </p>
            </li>
          ))}
        </ul>
      </div>
      <RatingSummary productId={product._id} />
    </section>
  );
}
