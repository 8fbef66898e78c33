import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// No file of packages/core imports itself back through others (README, Architecture: the
// domain layering). A circle of modules is where the order of module evaluation starts to matter
// and where one rule can no longer be read without the whole ring; folders may still lean on
// each other both ways, files may not.
const SRC = import.meta.dirname;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Relative imports and re-exports of a file, types included, resolved to files. */
function importsOf(file: string, files: Set<string>): string[] {
  const text = readFileSync(file, 'utf8');
  const out: string[] = [];
  for (const match of text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s+'(\.{1,2}\/[^']+)'/gms)) {
    const base = path.resolve(path.dirname(file), match[1]!);
    const target = [`${base}.ts`, path.join(base, 'index.ts')].find((f) => files.has(f));
    if (target) out.push(target);
  }
  return out;
}

/** Every circle found by a depth-first walk, each as the files around it. */
export function importCircles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const circles: string[][] = [];
  const visit = (file: string) => {
    state.set(file, 'open');
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') circles.push(stack.slice(stack.indexOf(next)));
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, 'done');
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return circles;
}

describe('packages/core imports', () => {
  const files = new Set(sourceFiles(SRC));
  const graph = new Map([...files].map((f) => [f, importsOf(f, files)]));

  it('reads the imports it checks', () => {
    // The scheme's balance is read by checkout's tenders, never the other way: through the
    // schemes folder's front door, which holds it.
    const tenders = graph.get(path.join(SRC, 'tenders/order-tenders.ts'));
    expect(tenders).toContain(path.join(SRC, 'schemes/index.ts'));
    expect(graph.get(path.join(SRC, 'schemes/index.ts'))).toContain(
      path.join(SRC, 'schemes/balance.ts'),
    );
    expect(files.size).toBeGreaterThan(200);
  });

  it('has no circle of files', () => {
    const circles = importCircles(graph).map((c) => c.map((f) => path.relative(SRC, f)));
    expect(circles).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const ring = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(importCircles(ring)).toEqual([['a', 'b', 'c']]);
  });
});
