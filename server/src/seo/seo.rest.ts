import type { FastifyInstance } from 'fastify';
import { notFound, productSitemapCount, productSitemapPage } from '@kanak/core';
import { menuEntries } from '@kanak/shared';
import { escapeMarkup } from '../http/markup';
import { publicOrigin } from '../http/public-origin';
import type { AppServices } from '../services';

/** Pages no crawler should index: the shopper's own, the admin's, and the machine interfaces. */
const PRIVATE_PATHS = [
  '/admin',
  '/cart',
  '/checkout',
  '/payment/',
  '/user-details',
  '/account/',
  '/login',
  '/register',
  '/api/',
  '/trpc/',
  '/auth/',
  '/sandbox-pay/',
];

function urlSet(entries: Array<{ loc: string; lastmod?: Date }>) {
  const urls = entries.map(
    (e) =>
      `<url><loc>${escapeMarkup(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

/** The storefront's listing pages: every menu entry once. */
function catalogueUrls(base: string) {
  const paths = new Set(['/', ...[...menuEntries()].map((e) => e.path)]);
  return [...paths].map((p) => ({ loc: `${base}${p}` }));
}

const XML = 'application/xml; charset=utf-8';
/** Crawlers come back daily at most; an hour keeps a new product out of the sitemap briefly. */
const CACHE = 'public, max-age=3600';

/** robots.txt and a sitemap index (listing pages, then products in files of 50,000). */
export function registerSeoRest(app: FastifyInstance, services: AppServices) {
  app.get('/robots.txt', (request, reply) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
      '',
      `Sitemap: ${publicOrigin(services.config, request)}/sitemap.xml`,
      '',
    ];
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', CACHE)
      .send(lines.join('\n'));
  });

  app.get('/sitemap.xml', async (request, reply) => {
    const base = publicOrigin(services.config, request);
    const files = await productSitemapCount(services.db);
    const maps = [
      `${base}/sitemaps/catalogue.xml`,
      ...Array.from({ length: files }, (_, i) => `${base}/sitemaps/products-${i + 1}.xml`),
    ];
    const body = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${maps
      .map((loc) => `<sitemap><loc>${escapeMarkup(loc)}</loc></sitemap>`)
      .join('\n')}\n</sitemapindex>\n`;
    return reply.type(XML).header('cache-control', CACHE).send(body);
  });

  app.get('/sitemaps/catalogue.xml', (request, reply) =>
    reply
      .type(XML)
      .header('cache-control', CACHE)
      .send(urlSet(catalogueUrls(publicOrigin(services.config, request)))),
  );

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    // The page is checked against the count first: a far page costs no scan to refuse.
    const page = Number(/^products-([1-9]\d{0,5})\.xml$/.exec(request.params.file)?.[1] ?? 0);
    if (page === 0 || page > (await productSitemapCount(services.db))) throw notFound('Sitemap');
    const products = await productSitemapPage(services.db, page);
    const base = publicOrigin(services.config, request);
    return reply
      .type(XML)
      .header('cache-control', CACHE)
      .send(
        urlSet(products.map((p) => ({ loc: `${base}/product/${p.id}`, lastmod: p.updatedAt }))),
      );
  });
}
