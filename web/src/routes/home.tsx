import { createRoute } from '@tanstack/react-router';
import { formatRupees } from '@kanak/shared';
import { trpc } from '@/lib/trpc';
import { rootRoute } from './root';

function HomePage() {
  const products = trpc.catalog.list.useQuery({ category: 'jewellery', pageSize: 8, collection: 'best-sellers' });
  return (
    <main className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-4xl text-primary">Best Sellers</h1>
      <ul className="mt-6 grid grid-cols-2 gap-4 md:grid-cols-4">
        {products.data?.content.map((p) => (
          <li key={p._id} className="rounded-lg border bg-card p-3">
            <img src={p.imageUrls[0]?.imageUrl} alt={p.title} className="aspect-square w-full rounded-md" loading="lazy" />
            <p className="mt-2 text-sm font-medium">{p.title}</p>
            <p className="text-primary font-semibold">{formatRupees(p.discountedPrice)}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}

export const homeRoute = createRoute({ getParentRoute: () => rootRoute, path: '/', component: HomePage });
