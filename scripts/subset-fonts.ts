// `tsx scripts/subset-fonts.ts`: rebuilds web/src/fonts/*.woff2, the shop's web fonts cut down to
// what its pages print. Run once; the output is committed, so the build needs no wasm.
//
// Sources are the fontsource packages the web already depends on (Inter's variable `wght` font,
// Cormorant Garamond 600 and 700). Their Latin files do not hold ₹ (U+20B9): the browser fetched
// Inter's 85 kB `latin-ext` file for that one sign. Here ₹ gets its own file of a few hundred
// bytes, small enough for Vite to inline into the CSS (no request, no late swap of the price).
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

type SubsetFont = (
  font: Buffer,
  text: string,
  options: {
    targetFormat: 'woff2';
    variationAxes?: Record<string, number | { min: number; max: number }>;
    keepFeatures?: string[];
    noHinting?: boolean;
  },
) => Promise<Buffer>;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'web');
const requireFromWeb = createRequire(path.join(web, 'package.json'));
// subset-font ships no types; its one export is this function.
const subsetFont = createRequire(import.meta.url)('subset-font') as SubsetFont;

const range = (from: number, to: number) =>
  String.fromCodePoint(...Array.from({ length: to - from + 1 }, (_, i) => from + i));

/** Every character the shop prints: ASCII, Latin-1 (nbsp, ©, ×, ·, é…) and its punctuation. */
const PUNCTUATION = '–—‘’‚“”„•…′″‹›€™−≤≥←↑→↓';
const LATIN = range(0x20, 0x7e) + range(0xa0, 0xff) + PUNCTUATION;
/** Cormorant 700 sets the logo and the admin's figures and initials only: ASCII is enough. */
const ASCII = range(0x20, 0x7e) + '\u00a0·×©' + PUNCTUATION;
const RUPEE = '₹';

/** Kerning, ligatures and the contextual forms text needs; stylistic sets and alternates dropped. */
const FEATURES = ['kern', 'liga', 'calt', 'ccmp', 'locl', 'mark', 'mkmk'];
/** Inter also keeps tabular figures (`tabular-nums` in price tables and the admin's columns). */
const INTER_FEATURES = [...FEATURES, 'tnum'];

const fontsource = (pkg: string, file: string) =>
  readFile(path.join(path.dirname(requireFromWeb.resolve(`${pkg}/package.json`)), 'files', file));

const outputs: { name: string; source: Promise<Buffer>; text: string; wght?: boolean }[] = [
  {
    name: 'inter-latin-wght.woff2',
    source: fontsource('@fontsource-variable/inter', 'inter-latin-wght-normal.woff2'),
    text: LATIN,
    wght: true,
  },
  {
    name: 'inter-rupee-wght.woff2',
    source: fontsource('@fontsource-variable/inter', 'inter-latin-ext-wght-normal.woff2'),
    text: RUPEE,
    wght: true,
  },
  ...(['600', '700'] as const).flatMap((weight) => [
    {
      name: `cormorant-garamond-latin-${weight}.woff2`,
      source: fontsource(
        '@fontsource/cormorant-garamond',
        `cormorant-garamond-latin-${weight}-normal.woff2`,
      ),
      text: weight === '700' ? ASCII : LATIN,
    },
    {
      name: `cormorant-garamond-rupee-${weight}.woff2`,
      source: fontsource(
        '@fontsource/cormorant-garamond',
        `cormorant-garamond-latin-ext-${weight}-normal.woff2`,
      ),
      text: RUPEE,
    },
  ]),
];

const outDir = path.join(web, 'src/fonts');
await mkdir(outDir, { recursive: true });
for (const { name, source, text, wght } of outputs) {
  const font = await subsetFont(await source, text, {
    targetFormat: 'woff2',
    keepFeatures: wght ? INTER_FEATURES : FEATURES,
    noHinting: true,
    // The shop sets Inter at 400–700 only (font-normal … font-bold).
    ...(wght ? { variationAxes: { wght: { min: 400, max: 700 } } } : {}),
  });
  await writeFile(path.join(outDir, name), font);
  console.log(`${name}: ${font.length} bytes`);
}
