/** Shown while a product page loads. */
export function ProductSkeleton() {
  return (
    <main className="mx-auto grid max-w-7xl gap-10 px-4 py-14 lg:grid-cols-2" aria-busy="true">
      <div className="aspect-square animate-pulse rounded-2xl bg-secondary" />
      <div className="space-y-4">
        <div className="h-4 w-24 animate-pulse rounded bg-secondary" />
        <div className="h-10 w-3/4 animate-pulse rounded bg-secondary" />
        <div className="h-20 animate-pulse rounded bg-secondary" />
        <div className="h-8 w-48 animate-pulse rounded bg-secondary" />
        <div className="h-11 w-56 animate-pulse rounded bg-secondary" />
      </div>
    </main>
  );
}
