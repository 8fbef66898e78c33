// The JavaScript each page needs before it can hydrate, summed from the client build's manifest
// (`pnpm build` writes web/dist/.vite/manifest.json): the entry and its static imports, the lazy
// route chunks the router loads before hydrating, and the classic scripts of the head, each
// gzipped as the server sends it. Read by the budget test (first-load-budget.test.ts) and by
// `pnpm bench`; Node only, never part of the app's bundle.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export const WEB_DIST = path.resolve(import.meta.dirname, '../dist');

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
}
export type Manifest = Record<string, Chunk>;

export const readManifest = (dist = WEB_DIST): Manifest =>
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

const ENTRY = 'index.html';

/**
 * Each page, the lazy route modules it renders first (web/src/routes), and its goal in bytes of
 * gzip (kB of 1,000): 120 kB for a storefront page, 150 kB for the dashboard.
 */
export const FIRST_LOAD_PAGES = {
  home: { roots: [ENTRY], goal: 120_000 },
  listing: { roots: [ENTRY, 'src/features/listing/ListingPage.tsx'], goal: 120_000 },
  product: { roots: [ENTRY, 'src/features/product/ProductPage.tsx'], goal: 120_000 },
  'admin dashboard': {
    roots: [
      ENTRY,
      'src/features/admin/layout/AdminLayout.tsx',
      'src/features/admin/dashboard/DashboardPage.tsx',
    ],
    goal: 150_000,
  },
} satisfies Record<string, { roots: string[]; goal: number }>;

export type FirstLoadPage = keyof typeof FIRST_LOAD_PAGES;

export interface FirstLoad {
  page: FirstLoadPage;
  files: string[];
  /** Bytes of gzip (level 9) over all of `files`. */
  gzipBytes: number;
  goal: number;
}

/** One page's first load from the build in `dist`. */
export function firstLoad(
  page: FirstLoadPage,
  dist = WEB_DIST,
  manifest: Manifest = readManifest(dist),
): FirstLoad {
  const { roots, goal } = FIRST_LOAD_PAGES[page];
  const files = [
    ...firstLoadFiles(manifest, roots),
    ...headScripts(readFileSync(path.join(dist, 'index.html'), 'utf8')),
  ];
  const gzipBytes = files.reduce(
    (sum, f) => sum + gzipSync(readFileSync(path.join(dist, f)), { level: 9 }).length,
    0,
  );
  return { page, files, gzipBytes, goal };
}

/** Every page's first load, in FIRST_LOAD_PAGES order. */
export function firstLoads(dist = WEB_DIST): FirstLoad[] {
  const manifest = readManifest(dist);
  return (Object.keys(FIRST_LOAD_PAGES) as FirstLoadPage[]).map((page) =>
    firstLoad(page, dist, manifest),
  );
}
