import { LRUCache } from 'lru-cache';

/** A listing's path: three levels (the catalogue menu's), as web/src/routes/listing.tsx reads it. */
const LISTING_PATH = /^\/[^/]+\/[^/]+\/[^/]+\/?$/;

/**
 * Which rendered pages the page cache takes. Filtered or searched pages and listing paths come
 * in endless variants (any price range, made-up filter values or category names), so one of
 * them is kept only when it is asked for again within the window: a crawler or a script walking
 * random variants costs one render each and pushes no real page out, while a page shoppers
 * share or revisit is kept from its second render. Home, product and content pages are kept at
 * once. The doorkeeper remembers keys only (bounded count), never pages.
 */
export function createPageAdmission({ remember = 20_000, windowMs = 15 * 60_000 } = {}) {
  const seen = new LRUCache<string, true>({ max: remember, ttl: windowMs });
  return {
    /** Whether to keep this page's render; `url` is the page key's path and query. */
    admit(key: string, url: string): boolean {
      const path = url.split('?')[0]!;
      if (!url.includes('?') && !LISTING_PATH.test(path)) return true;
      if (seen.has(key)) return true;
      seen.set(key, true);
      return false;
    },
  };
}
export type PageAdmission = ReturnType<typeof createPageAdmission>;
