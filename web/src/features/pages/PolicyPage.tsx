import { getRouteApi, Link } from '@tanstack/react-router';
import { useEffect } from 'react';
import { PAGE_SLUGS } from '@kanak/shared';
import { Skeleton } from '@/components/ui/skeleton';
import { ContactUs } from '@/features/account/ContactUs';
import { trpc } from '@/lib/trpc';
import { PageText } from './PageText';

const route = getRouteApi('/pages/$slug');

const NAMES: Record<(typeof PAGE_SLUGS)[number], string> = {
  'shipping-returns': 'Shipping & Returns',
  privacy: 'Privacy Policy',
  terms: 'Terms of Use',
  about: 'About Us',
  contact: 'Contact Us',
};

const updated = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  // The shop's day, on the server render and in any browser alike (else the page re-renders).
  timeZone: 'Asia/Kolkata',
});

/** /pages/{slug}: one of the shop's policy pages, the same for visitors and signed-in shoppers. */
export function PolicyPage() {
  const { slug } = route.useParams();
  const page = trpc.pages.bySlug.useQuery({ slug });

  useEffect(() => {
    if (!page.data) return;
    const previous = document.title;
    document.title = `${page.data.title} | Kanak Jewellers`;
    return () => {
      document.title = previous;
    };
  }, [page.data]);

  return (
    <main className="mx-auto grid max-w-6xl gap-10 px-4 py-10 lg:grid-cols-[14rem_1fr]">
      <nav aria-label="Shop policies" className="order-2 lg:order-1">
        <h2 className="mb-3 text-sm font-semibold tracking-wide text-muted-foreground uppercase">
          Shop policies
        </h2>
        <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
          {PAGE_SLUGS.map((s) => (
            <li key={s}>
              <Link
                to="/pages/$slug"
                params={{ slug: s }}
                className="block rounded-md px-3 py-1.5 text-sm hover:bg-secondary"
                activeProps={{
                  className: 'bg-secondary font-medium text-primary',
                  'aria-current': 'page',
                }}
              >
                {NAMES[s]}
              </Link>
            </li>
          ))}
          <li>
            <Link
              to="/old-gold"
              className="block rounded-md px-3 py-1.5 text-sm hover:bg-secondary"
            >
              Old Gold Exchange
            </Link>
          </li>
        </ul>
      </nav>
      <article className="order-1 max-w-3xl lg:order-2" data-testid="policy-page">
        {page.isPending ? (
          <div className="space-y-4" aria-busy="true" aria-label="Loading the page">
            <Skeleton className="h-10 w-2/3" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-5/6" />
            <Skeleton className="h-4 w-4/6" />
          </div>
        ) : page.isError ? (
          <p role="alert" className="text-destructive">
            This page could not be loaded. Please try again in a moment.
          </p>
        ) : (
          <>
            {slug === 'contact' ? (
              <ContactUs titleLevel="h1" />
            ) : (
              <h1 className="text-4xl text-primary">{page.data.title}</h1>
            )}
            <p className="mt-2 mb-6 text-xs text-muted-foreground">
              Last updated {updated.format(new Date(page.data.updatedAt))}
            </p>
            <PageText text={page.data.body} />
          </>
        )}
      </article>
    </main>
  );
}
