// The server render of the storefront (built by `pnpm build` into web/dist-ssr, loaded by the
// Fastify server: server/src/web/ssr.ts). One router, query cache and tRPC client per request;
// data comes from the server's own use cases through `call`, never over HTTP.
import { dehydrate } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { createTRPCClient } from '@trpc/client';
import { createTRPCQueryUtils } from '@trpc/react-query';
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import type { AppRouter } from '@kanak/server';
import type { RenderPage, RenderResult } from '@kanak/shared';
import { asJsonLd } from '@/features/product/structured-data';
import { newQueryClient, trpc, type Product } from '@/lib/trpc';
import { AppRoot } from './app-root';
import { createAppRouter } from './router';
import { localLink } from './ssr/local-link';
import { DEFAULT_TITLE } from './ssr/page-state';

/**
 * Renders until every query a component asked for is in the cache (each tried once). The route
 * loaders warm what each page shows (lib/warm-queries), so one pass is the rule: a second one
 * means a component asks for something its route does not load (`passes` tells the server).
 */
const MAX_PASSES = 4;

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const ldScript = (data: unknown) => `<script type="application/ld+json">${asJsonLd(data)}</script>`;

/** A script the browser would run: React's streaming renderer writes none when told (below). */
const RUNNABLE_SCRIPT = /<script(?![^>]*\btype="application\/(?:ld\+)?json")[^>]*>/i;

/** Longer than any render of a loaded page; past it the render fails and the browser renders. */
const RENDER_TIMEOUT_MS = 10_000;

/**
 * The app's markup from React's streaming renderer, whole. It waits for everything that suspends
 * (a lazy route's chunk, a suspense query) where renderToString would print the fallback; with the
 * loaders done nothing usually does, so the render is one stretch of CPU and is kept whole: the
 * server has already sent the document's head, and adds the page's own head (title, image
 * preloads React found) before this markup. A failure outside any Suspense boundary rejects.
 */
function renderToHtml(app: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let timedOut = false;
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        done();
      },
      final(done) {
        clearTimeout(timer);
        const html = Buffer.concat(chunks).toString('utf8');
        if (timedOut) reject(new Error('server render timed out'));
        // The CSP (script-src 'self') would block it: the browser renders such a page instead.
        else if (RUNNABLE_SCRIPT.test(html))
          reject(new Error('server render wrote an inline script'));
        else resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(app, {
      // Every boundary inline, whatever its size: React would otherwise send a large one after
      // the rest, revealed by an inline script ($RC), which the CSP (script-src 'self') blocks.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: (error) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
    const timer = setTimeout(() => {
      timedOut = true;
      stream.abort(new Error('server render timed out'));
    }, RENDER_TIMEOUT_MS);
  });
}

export const render: RenderPage = async ({ url, origin, call }): Promise<RenderResult> => {
  const queryClient = newQueryClient();
  // The browser retries; here a failed query is left to the browser to fetch again.
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const client = createTRPCClient<AppRouter>({ links: [localLink(call)] });
  const trpcClient = trpc.createClient({ links: [localLink(call)] });
  const utils = createTRPCQueryUtils({ queryClient, client });
  const router = createAppRouter(
    { queryClient, trpc: utils },
    createMemoryHistory({ initialEntries: [url] }),
  );
  await router.load();
  // The router's own verdict on the server: render (200, 404 or 500) or redirect.
  const result = router._serverResult;
  if (result?.type !== 'render' || result.status === 500) return { kind: 'client' };
  const notFound = result.status === 404;
  const matches = router.state.matches;

  const app = (
    <AppRoot router={router} queryClient={queryClient} trpcClient={trpcClient} origin={origin} />
  );
  const tried = new Set<string>();
  let html = '';
  let passes = 0;
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    html = await renderToHtml(app);
    passes += 1;
    const missing = queryClient
      .getQueryCache()
      .getAll()
      .filter(
        (q) =>
          q.state.status === 'pending' &&
          // A query a component switched off (signed-in data: no token here) is not wanted.
          (q.options as { enabled?: unknown }).enabled !== false &&
          !tried.has(q.queryHash),
      );
    if (missing.length === 0) break;
    await Promise.all(
      missing.map((q) => {
        tried.add(q.queryHash);
        // A failure is dropped: the page shows what it shows while loading, as the browser will.
        return q
          .fetch(q.options)
          .catch(() => queryClient.removeQueries({ queryKey: q.queryKey, exact: true }));
      }),
    );
  }

  // React puts the preloads it found (images) before the markup; they belong in <head>.
  const preloads = /^(?:<link[^>]*>)*/.exec(html)?.[0] ?? '';
  html = html.slice(preloads.length);
  const state = JSON.stringify(dehydrate(queryClient)).replace(/</g, '\\u003c');
  const last = matches.at(-1);
  const pathname = router.state.location.pathname;
  let title = DEFAULT_TITLE;
  const head: string[] = [preloads];
  head.push(
    notFound
      ? '<meta name="robots" content="noindex" />'
      : `<link rel="canonical" href="${escapeHtml(origin + pathname)}" />`,
  );
  if (last?.routeId === '/product/$productId') {
    const product = utils.catalog.byId.getData({ productId: String(last.params.productId) });
    if (product) title = `${product.title} | Kanak Jewellers`;
  } else if (last?.routeId === '/pages/$slug') {
    const page = utils.pages.bySlug.getData({ slug: String(last.params.slug) });
    if (page) title = `${page.title} | Kanak Jewellers`;
  } else if (
    !notFound &&
    (pathname === '/' || last?.routeId === '/$levelOne/$levelTwo/$levelThree')
  ) {
    head.push(ldScript(itemList(queryClient, origin, pathname === '/')));
  }
  return {
    kind: 'page',
    status: notFound ? 404 : 200,
    html,
    state,
    head: head.join(''),
    title: escapeHtml(title),
    passes,
  };
};

/** schema.org data of a home or listing page: the shop, and the pieces the page shows. */
function itemList(queryClient: ReturnType<typeof newQueryClient>, origin: string, home: boolean) {
  const products = new Map<string, Product>();
  for (const [, page] of queryClient.getQueriesData<{ content?: Product[] }>({
    queryKey: [['catalog', 'list']],
  }))
    for (const product of page?.content ?? []) products.set(product._id, product);
  const list = {
    '@type': 'ItemList',
    itemListElement: [...products.values()].map((product, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      url: `${origin}/product/${product._id}`,
      name: product.title,
    })),
  };
  return home
    ? {
        '@context': 'https://schema.org',
        '@type': 'JewelryStore',
        name: 'Kanak Jewellers',
        url: `${origin}/`,
        mainEntity: list,
      }
    : { '@context': 'https://schema.org', ...list };
}
