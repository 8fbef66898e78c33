import { LRUCache } from 'lru-cache';
import { pageKind } from './page-key';

/**
 * Which rendered pages the page cache takes. Filtered or searched pages and listing paths come
 * in endless variants (any price range, made-up filter values or category names), so one of
 * them is kept at once only when it uses the shop's own words (pageKind), else only when it is
 * asked for again within the window: a crawler or a script walking random variants costs one
 * render each and fills nothing, while a page shoppers share or revisit is kept from its second
 * render. Variants are kept apart, in a bounded share of the cache (page-cache), so even those
 * asked twice never push out the home page or a product page. The doorkeeper remembers keys
 * only (bounded count), never pages.
 */
export function createPageAdmission({ remember = 20_000, windowMs = 15 * 60_000 } = {}) {
  const seen = new LRUCache<string, true>({ max: remember, ttl: windowMs });
  return {
    /** Whether to keep this page's render, and among variants; `url` is the key's path+query. */
    admit(key: string, url: string): { keep: boolean; variant: boolean } {
      const { variant, known } = pageKind(url);
      if (known) return { keep: true, variant };
      if (seen.has(key)) return { keep: true, variant };
      seen.set(key, true);
      return { keep: false, variant };
    },
  };
}
export type PageAdmission = ReturnType<typeof createPageAdmission>;
