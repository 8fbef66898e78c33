import { hydrate, type DehydratedState } from '@tanstack/react-query';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { queryClient, trpcClient } from '@/lib/trpc';
import { AppRoot } from './app-root';
import { router } from './router';
import { DEFAULT_TITLE, STATE_ELEMENT_ID } from './ssr/page-state';
import './styles.css';

const root = document.getElementById('root')!;
const app = <AppRoot router={router} queryClient={queryClient} trpcClient={trpcClient} />;
const state = document.getElementById(STATE_ELEMENT_ID);

if (state?.textContent) {
  // A server-rendered page: its queries' answers come with it, so the route loads from the cache
  // (no request for what the HTML shows) and the first render matches the server's markup.
  // Fresh as of now: the server drops a cached page as soon as its data changes.
  const dehydrated = JSON.parse(state.textContent) as DehydratedState;
  for (const query of dehydrated.queries) query.state.dataUpdatedAt = Date.now();
  hydrate(queryClient, dehydrated);
  // A page that sets its own title (product, policy) puts back the one it found when left: that
  // must be the shop's default, not the server's title for this page. Its effect sets it again.
  document.title = DEFAULT_TITLE;
  // The router renders its match tree as on the server (no Suspense boundary of its own around
  // it): without this flag the browser's tree has one more boundary than the HTML.
  router.ssr = { manifest: undefined };
  // Not a top-level await: this module shares its chunk with everything the page needs first, and
  // a lazy route's chunk imports from that chunk, so awaiting the route here would wait on itself.
  void router.load().then(
    () => hydrateRoot(root, app),
    (error: unknown) => {
      // A route that cannot load (a chunk gone after a deploy): render afresh rather than leave
      // a page that never answers a click.
      console.error(error);
      createRoot(root).render(app);
    },
  );
} else {
  createRoot(root).render(app);
}
