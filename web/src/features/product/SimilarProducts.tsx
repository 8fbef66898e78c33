import { Skeleton } from '@/components/ui/skeleton';
import { ProductCard } from '@/features/catalog/ProductCard';
import { trpc } from '@/lib/trpc';
import { SIMILAR_LIMIT } from './product-queries';

export function SimilarProducts({ productId }: { productId: string }) {
  const similar = trpc.catalog.similar.useQuery({ productId, limit: SIMILAR_LIMIT });
  if (similar.data?.length === 0) return null;
  return (
    <section aria-labelledby="similar-title" className="mt-16">
      <h2 id="similar-title" className="mb-6 text-3xl text-primary">
        You May Also Like
      </h2>
      <ul className="grid grid-cols-2 gap-4 md:grid-cols-4">
        {similar.data
          ? similar.data.map((p) => (
              <li key={p._id}>
                <ProductCard product={p} />
              </li>
            ))
          : Array.from({ length: 4 }, (_, i) => (
              <li key={i}>
                <Skeleton className="aspect-[3/4]" />
              </li>
            ))}
      </ul>
    </section>
  );
}
