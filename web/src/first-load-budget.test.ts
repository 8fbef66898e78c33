import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

// Reads the client build's manifest (`pnpm build`, which `pnpm test` runs first) and adds up the
// JavaScript each page needs before it can hydrate: the entry and its static imports, and the
// lazy route chunks the router loads before hydrating, each gzipped as the server sends it.
const dist = path.resolve(import.meta.dirname, '../dist');

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}
type Manifest = Record<string, Chunk>;

const manifest = (): Manifest =>
  JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;

/** The files a page's first load fetches: the closure of static imports from its roots. */
export function firstLoadFiles(m: Manifest, roots: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = m[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    seen.add(key);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const root of roots) visit(root);
  return [...seen].map((k) => m[k]!.file);
}

/** Classic scripts the built index.html loads besides the entry (the click replay). */
export function headScripts(html: string): string[] {
  return [...html.matchAll(/<script src="\/([^"]+)"/g)].map((m) => m[1]!);
}

const gzipBytes = (file: string) =>
  gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;

const ENTRY = 'index.html';
/**
 * Each page, the lazy route modules it renders first (web/src/routes), and its budget.
 * The goal is 100 kB for the storefront pages and 150 kB for the dashboard; the storefront's budgets are
 * what this build reaches (README, Performance: React DOM alone is 62 kB, the router, query cache
 * and tRPC client another 45), so that any growth fails here while the rest is cut.
 */
const PAGES: Record<string, { roots: string[]; budget: number }> = {
  // +1 kB on each page: the click replay (src/hydration/replay-clicks.ts, 0.7 kB gzip) is counted
  // since it came, with the marks on the controls it holds.
  home: { roots: [ENTRY], budget: 154_000 },
  // 200 → 176 kB: the sort's select library loads on its first press (features/listing/SortSelect).
  listing: { roots: [ENTRY, 'src/features/listing/ListingPage.tsx'], budget: 176_000 },
  // 197 → 170 kB: the size guide's dialog loads when opened, and the delivery check's line and
  // PIN message no longer bring zod (packages/shared/src/delivery/promise-line.ts).
  product: { roots: [ENTRY, 'src/features/product/ProductPage.tsx'], budget: 170_000 },
  'admin dashboard': {
    roots: [
      ENTRY,
      'src/features/admin/layout/AdminLayout.tsx',
      'src/features/admin/dashboard/DashboardPage.tsx',
    ],
    // 164.1 kB: the return badge's icon, now on the shopper's order pages too, became a chunk of
    // its own (a few hundred bytes of gzip framing). The 150 kB is still to be reached.
    budget: 165_000,
  },
};

describe('first-load JavaScript', () => {
  const m = manifest();
  for (const [page, { roots, budget }] of Object.entries(PAGES)) {
    it(`${page}: at most ${budget / 1000} kB gzip`, () => {
      const files = [
        ...firstLoadFiles(m, roots),
        ...headScripts(readFileSync(path.join(dist, 'index.html'), 'utf8')),
      ];
      const total = files.reduce((sum, f) => sum + gzipBytes(f), 0);
      console.log(`${page}: ${files.length} files, ${(total / 1000).toFixed(1)} kB gzip`);
      expect(total).toBeLessThanOrEqual(budget);
    });
  }
});
