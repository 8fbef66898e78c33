import fs from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { constants as zlib, createBrotliCompress, createGzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RenderPage, RenderResult } from '@kanak/shared';
import { preferredEncoding } from '../api/read-cache';
import { publicOrigin } from '../http/public-origin';
import { BROTLI_QUALITY } from '../http/compression';
import type { AppServices } from '../services';
import { localReads } from './local-call';
import { createPageAdmission } from './page-admission';
import { canonicalPath, pageUrl } from './page-key';
import { compressedPage, encodedPage, type CachedPage, type SharedRender } from './page-cache';

/**
 * Shopper-only and admin pages: the browser renders them itself, from the plain shell. So do the
 * pages a mailed secret opens (a reset link's `?token=`, an unsubscribe token in the path): a
 * render per token would be a cache entry per token, and the token has no business in HTML.
 */
const CLIENT_ONLY =
  /^\/(admin|cart|checkout|payment|user-details|account|login|register|reset-password|stock-alerts|rate-alerts)(\/|$)|^\/product\/[^/]+\/ratrev\/?$/;

export type ServeStorefront = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

type RenderedResult = Extract<RenderResult, { kind: 'page' }>;

/**
 * The built index.html cut in two for streaming: `head`, everything up to `</head>` but the title
 * (sent at once), and `rest`, the page's title and own head, `</head>`, and the body with the
 * markup and the state after it. Without a render, `rest` is the plain shell's (its own title,
 * an empty root the browser renders). `head + rest(page)` is the whole page the cache keeps.
 * Null for a template without `</head>` or an empty root.
 */
export function splitTemplate(template: string) {
  const title = /<title>[^<]*<\/title>/.exec(template)?.[0] ?? '';
  const document = template.replace(title, '');
  const headEnd = document.indexOf('</head>');
  if (headEnd < 0 || !document.includes('<div id="root"></div>')) return null;
  const tail = document.slice(headEnd);
  return {
    head: document.slice(0, headEnd),
    rest(page: RenderedResult | null) {
      if (!page) return title + tail;
      return `<title>${page.title}</title>${page.head}${tail.replace(
        '<div id="root"></div>',
        () =>
          `<div id="root">${page.html}</div><script type="application/json" id="kanak-state">${page.state}</script>`,
      )}`;
    },
  };
}

function pageHeaders(reply: FastifyReply, status: number, encoding: 'br' | 'gzip' | null) {
  reply
    .status(status)
    .type('text/html; charset=utf-8')
    // Always asked again: a cached copy could outlive a price change.
    .header('cache-control', 'no-cache')
    .header('vary', 'accept-encoding');
  if (encoding) reply.header('content-encoding', encoding);
}

/**
 * A page sent as it is made: `first` (the document's head) leaves at once, compressed in the
 * encoding the client takes and flushed, so its stylesheet, script and fonts load while the page
 * renders; `end` sends the rest. Headers go now: a rendered page is always 200. `sent` settles
 * once the head is on its way (compressed on the thread pool, handed to the socket): a render
 * started before that would hold the event loop and the head with it when its data is cached.
 */
function streamPage(request: FastifyRequest, reply: FastifyReply, first: string) {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  const body =
    encoding === 'br'
      ? createBrotliCompress({
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
          },
        })
      : encoding === 'gzip'
        ? createGzip({ level: 6 })
        : new PassThrough();
  // A visitor gone mid-page: the stream is destroyed; the render still finishes for the cache.
  body.on('error', (error) => request.log.debug({ err: error }, 'streamed page not delivered'));
  pageHeaders(reply, 200, encoding);
  void reply.send(body);
  body.write(first);
  // setImmediate: after Fastify's send hooks have piped the stream and it has flowed.
  const sent = new Promise<void>((resolve) => {
    const onward = () => setImmediate(resolve);
    // A visitor gone before the flush: the render goes on all the same (others may wait for it).
    body.once('close', onward);
    if (body instanceof PassThrough) onward();
    else body.flush(encoding === 'gzip' ? zlib.Z_SYNC_FLUSH : zlib.BROTLI_OPERATION_FLUSH, onward);
  });
  return {
    sent,
    end(rest: string) {
      if (!body.destroyed) body.end(rest);
    },
  };
}

function send(request: FastifyRequest, reply: FastifyReply, page: CachedPage) {
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  pageHeaders(reply, page.status, encoding);
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
  const template = splitTemplate(fs.readFileSync(path.join(webDist, 'index.html'), 'utf8'));
  if (!template) {
    log.warn({ webDist }, 'index.html has no </head> or no empty root: the browser renders alone');
    return null;
  }
  const { render } = (await import(pathToFileURL(bundle).href)) as { render: RenderPage };
  const cache = services.pageCache;
  const admission = createPageAdmission();

  return async (request, reply) => {
    const [rawPath = '/', rawQuery] = request.url.split(/\?(.*)/s, 2);
    if (CLIENT_ONLY.test(rawPath)) return false;
    // One spelling per page: an upper-case or %-encoded product or listing path is sent to its
    // canonical path, never rendered or kept under its own key.
    const canonical = canonicalPath(rawPath);
    if (canonical !== rawPath) {
      await reply.redirect(rawQuery === undefined ? canonical : `${canonical}?${rawQuery}`, 301);
      return true;
    }
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
    let owner = false;
    let headSent!: () => void;
    const streaming = new Promise<void>((resolve) => (headSent = resolve));
    const rendering = services.renders.run(key, async (): Promise<SharedRender | null> => {
      owner = true;
      await streaming;
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
      const rest = template.rest(result);
      // The 404 page is answered 200 as the browser-rendered shop always did (a browser logs a
      // 404 document as a console error); it tells crawlers `noindex` instead.
      const rendered = { status: 200, html: template.head + rest, tags: tags ?? [] };
      // A page that read something no tag covers is never kept, nor a not-found page: any
      // number of made-up paths would each take an entry and push real pages out. Endless
      // variants (filters, listing paths) are kept from their second render unless they use the
      // shop's own words, in their own bounded share of the cache (page-admission).
      const admitted = tags && result.status !== 404 ? admission.admit(key, url) : null;
      const kept =
        admitted?.keep && cache.enabled
          ? cache.set(key, { rendered, mark, variant: admitted.variant })
          : null;
      // Compressed whole only for the cache or for a request that waited: the rendering request
      // compressed its own copy as it streamed.
      let compressed: CachedPage | undefined;
      return { rest, page: () => kept ?? (compressed ??= compressedPage(rendered)) };
    });
    if (!rendering) return false;
    if (!owner) {
      // The same URL is rendering for another request: this one waits for its page.
      const shared = await rendering;
      if (!shared) return false;
      await send(request, reply, shared.page());
      return true;
    }
    // This request renders: the document's head leaves now, and the render (its queries, then
    // React) starts once it has: a cached query and React's render would otherwise run first. Any
    // render that gives no page (a redirect, a failure) ends it as the plain shell, which the
    // browser renders (as the plain page always was): never half a page.
    let stream: ReturnType<typeof streamPage>;
    try {
      stream = streamPage(request, reply, template.head);
      await stream.sent;
    } finally {
      headSent();
    }
    const shared = await rendering.catch((error: unknown) => {
      request.log.error({ err: error, url }, 'server render failed: sent the plain page');
      return null;
    });
    stream.end(shared ? shared.rest : template.rest(null));
    return true;
  };
}
