/**
 * Queries a page shows below its main content, started by its route's loader. On the server the
 * loader waits for them, so the page renders once with everything in its cache; in the browser a
 * navigation does not wait for them (the page shows its skeletons meanwhile). Never throws: a
 * failed one is fetched again by the component that shows it.
 */
export async function warmQueries(...loads: Promise<unknown>[]): Promise<void> {
  const settled = Promise.allSettled(loads);
  if (import.meta.env.SSR) await settled;
}
