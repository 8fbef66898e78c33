import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { create, type Font } from 'fontkit';
import { describe, expect, it } from 'vitest';

// Reads the built web (`pnpm build`, which `pnpm test` runs first): what a page really fetches.
const dist = path.resolve(import.meta.dirname, '../../dist');
const FONT_BUDGET = 60_000;

function builtCss() {
  const files = readdirSync(path.join(dist, 'assets')).filter((f) => /^index-.*\.css$/.test(f));
  expect(files, 'one stylesheet in web/dist (run pnpm build)').toHaveLength(1);
  return readFileSync(path.join(dist, 'assets', files[0]!), 'utf8');
}

interface Face {
  family: string;
  weight: string;
  unicodeRange: string;
  bytes: Buffer;
}

/** Every @font-face of the stylesheet that loads a file (not the local() fallbacks). */
function faces(css: string): Face[] {
  return [...css.matchAll(/@font-face\s*\{([^}]*)\}/g)].flatMap(([, body = '']) => {
    const url = /src:\s*url\(([^)]+)\)/.exec(body)?.[1]?.replace(/^["']|["']$/g, '');
    if (!url) return [];
    const data = /^data:font\/woff2;base64,(.*)$/.exec(url);
    const bytes = data
      ? Buffer.from(data[1]!, 'base64')
      : readFileSync(path.join(dist, url.replace(/^\//, '')));
    return [
      {
        family: /font-family:\s*["']?([^;"']+)/.exec(body)![1]!,
        weight: /font-weight:\s*([^;]+)/.exec(body)![1]!.trim(),
        unicodeRange: /unicode-range:\s*([^;]+)/.exec(body)?.[1] ?? '',
        bytes,
      },
    ];
  });
}

const font = (bytes: Buffer) => create(bytes) as Font;

describe('the shop’s web fonts', () => {
  const css = builtCss();
  const all = faces(css);

  it('weigh at most 60 kB in all, every face a page can ask for together', () => {
    const total = all.reduce((sum, f) => sum + f.bytes.length, 0);
    expect(all.length).toBe(6);
    expect(total).toBeLessThanOrEqual(FONT_BUDGET);
    // The 85 kB latin-ext file (and the other scripts' files) are gone from the build.
    expect(readdirSync(path.join(dist, 'assets')).filter((f) => f.endsWith('.woff2'))).toEqual(
      expect.not.arrayContaining([expect.stringMatching(/latin-ext|cyrillic|greek|vietnamese/)]),
    );
  });

  it('set ₹ in the shop’s own fonts, from a face a few hundred bytes small', () => {
    for (const family of ['Inter Variable', 'Cormorant Garamond']) {
      const rupee = all.filter((f) => f.family === family && f.unicodeRange.trim() === 'U+20B9');
      expect(rupee.length, family).toBeGreaterThan(0);
      for (const face of rupee) {
        expect(face.bytes.length).toBeLessThan(2_000);
        expect(font(face.bytes).hasGlyphForCodePoint(0x20b9), `${family} ${face.weight}`).toBe(
          true,
        );
      }
    }
  });

  it('hold every character the shop prints in its Latin faces', () => {
    const text = 'Kanak Jewellers — 22K Gold Ring, ₹1,23,456 · 18 × 2 mm “Hallmarked” … é';
    for (const face of all.filter((f) => f.unicodeRange.trim() !== 'U+20B9')) {
      const f = font(face.bytes);
      const missing = [...text].filter(
        (c) => c !== '₹' && c !== 'é' && !f.hasGlyphForCodePoint(c.codePointAt(0)!),
      );
      expect(missing, `${face.family} ${face.weight}`).toEqual([]);
    }
  });

  it('are preloaded two at most, and shown at once in a metric-matched fallback', () => {
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const preloads = html.match(/<link rel="preload"[^>]*as="font"[^>]*>/g) ?? [];
    expect(preloads).toHaveLength(2);
    for (const p of preloads) expect(p).toMatch(/crossorigin/);
    expect(css.match(/font-display:\s*swap/g)?.length).toBe(6);
    // (booleans: a failed match would print the whole stylesheet)
    expect(/Inter Fallback[^}]*size-adjust:\s*106\.96%/.test(css)).toBe(true);
    expect(/body\{[^}]*font-family:"?Inter Variable"?,"?Inter Fallback/.test(css)).toBe(true);
  });
});
