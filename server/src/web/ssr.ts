import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RenderPage, RenderResult } from '@kanak/shared';
import { preferredEncoding } from '../api/read-cache';
import { publicOrigin } from '../http/public-origin';
import type { AppServices } from '../services';
import { localReads } from './local-call';
import { createPageAdmission } from './page-admission';
import { pageUrl } from './page-key';
import { compressedPage, encodedPage, type CachedPage } from './page-cache';

/**
 * Shopper-only and admin pages: the browser renders them itself, from the plain shell. So do the
 * pages a mailed secret opens (a reset link's `?token=`, an unsubscribe token in the path): a
 * render per token would be a cache entry per token, and the token has no business in HTML.
 */
const CLIENT_ONLY =
  /^\/(admin|cart|checkout|payment|user-details|account|login|register|reset-password|stock-alerts|rate-alerts)(\/|$)|^\/product\/[^/]+\/ratrev\/?$/;

export type ServeStorefront = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/** The page around a render: the built index.html with the title, head, markup and state set. */
function pageHtml(template: string, page: Extract<RenderResult, { kind: 'page' }>) {
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${page.title}</title>`)
    .replace('</head>', () => `${page.head}</head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root">${page.html}</div><script type="application/json" id="kanak-state">${page.state}</script>`,
    );
}

function send(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  reply
    .status(page.status)
    .type('text/html; charset=utf-8')
    // Always asked again: a cached copy could outlive a price change.
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encodedPage(page, encoding));
}

/**
 * The storefront rendered on the server (web/src/entry-server.tsx, built into dist-ssr): each
 * visitor's page arrives with its markup and the query answers behind it, and is kept in the page
 * cache under the tags of those answers. Null without a build (the browser then renders alone).
 */
export async function loadServerRender(
  services: AppServices,
  webDist: string,
  log: FastifyRequest['log'],
): Promise<ServeStorefront | null> {
  const setting = services.config.SSR_BUNDLE;
  if (setting === 'off') return null;
  const bundle = setting ?? path.resolve(webDist, '../dist-ssr/entry-server.js');
  if (!fs.existsSync(bundle)) {
    log.warn({ bundle }, 'server render not found: run `pnpm build` to render the storefront');
    return null;
  }
  const { render } = (await import(pathToFileURL(bundle).href)) as { render: RenderPage };
  const template = fs.readFileSync(path.join(webDist, 'index.html'), 'utf8');
  const cache = services.pageCache;
  const admission = createPageAdmission();

  return async (request, reply) => {
    if (CLIENT_ONLY.test(request.url.split('?')[0]!)) return false;
    // Rendered and kept under the path and the query parameters its route reads, nothing else.
    const url = pageUrl(request.url);
    const origin = publicOrigin(services.config, request);
    const key = `${origin}${url}`;
    const hit = cache.get(key);
    if (hit) {
      await send(request, reply, hit);
      return true;
    }
    // One render per URL at a time, and a bounded number at once: past the cap, the plain page.
    const rendering = services.renders.run(key, async () => {
      const mark = cache.mark;
      const reads = localReads(services, request);
      let result: RenderResult;
      try {
        result = await render({ url, origin, call: reads.call });
      } catch (error) {
        request.log.error({ err: error, url }, 'server render failed: sent the plain page');
        return null;
      }
      if (result.kind !== 'page') return null;
      services.renders.rendered(result.passes);
      const tags = reads.tags();
      // The 404 page is answered 200 as the browser-rendered shop always did (a browser logs a
      // 404 document as a console error); it tells crawlers `noindex` instead.
      const rendered = { status: 200, html: pageHtml(template, result), tags: tags ?? [] };
      // A page that read something no tag covers is never kept, nor a not-found page: any
      // number of made-up paths would each take an entry and push real pages out. Endless
      // variants (filters, listing paths) are kept from their second render (page-admission).
      const keep = tags && result.status !== 404 && admission.admit(key, url);
      return keep ? cache.set(key, rendered, mark) : compressedPage(rendered);
    });
    const page = rendering ? await rendering : null;
    if (!page) return false;
    await send(request, reply, page);
    return true;
  };
}
