// The folder graph of packages/core, measured from its imports (dependency-cruiser):
// two-way folder pairs, strongly connected groups, and the imports that run back up the floors
// of packages/core/floors.json. Lint enforces the floors (.dependency-cruiser.js); this prints
// the picture behind them.
//   pnpm deps:core             counts and the imports running back up
//   pnpm deps:core --mermaid   the folder graph as a mermaid flowchart, by floor
//   pnpm deps:core --dot       the same as Graphviz dot (dot -Tsvg to draw it)
//   pnpm deps:core --suggest   a fresh floors.json from today's imports (fewest back edges)
//   pnpm deps:core --suggest --write   writes it (then `pnpm lint:deps:baseline`)
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import { format, resolveConfig } from 'prettier';

const CORE = 'packages/core/src/';
const FLOORS_FILE = new URL('../packages/core/floors.json', import.meta.url);

type Graph = Map<string, Map<string, number>>;

/** A core file's folder, or null for files outside core or at its root (the barrel). */
function folderOf(file: string): string | null {
  if (!file.startsWith(CORE)) return null;
  const parts = file.slice(CORE.length).split('/');
  return parts.length > 1 ? parts[0]! : null;
}

export async function coreImports(): Promise<Array<{ from: string; to: string }>> {
  const { output } = await cruise([CORE], {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.test\\.ts$' },
    tsPreCompilationDeps: true,
    outputType: 'json',
  });
  const result = (typeof output === 'string' ? JSON.parse(output) : output) as ICruiseResult;
  return result.modules.flatMap((m) =>
    m.dependencies.map((d) => ({ from: m.source, to: d.resolved })),
  );
}

/** Folders as nodes; an edge counts the files' imports from one folder to another. */
export function folderGraph(imports: Array<{ from: string; to: string }>): Graph {
  const graph: Graph = new Map();
  for (const { from, to } of imports) {
    const a = folderOf(from);
    const b = folderOf(to);
    if (a && !graph.has(a)) graph.set(a, new Map());
    if (b && !graph.has(b)) graph.set(b, new Map());
    if (!a || !b || a === b) continue;
    const out = graph.get(a)!;
    out.set(b, (out.get(b) ?? 0) + 1);
  }
  return graph;
}

export function twoWayPairs(graph: Graph): string[][] {
  const pairs: string[][] = [];
  for (const [a, out] of graph)
    for (const b of out.keys()) if (a < b && graph.get(b)?.has(a)) pairs.push([a, b]);
  return pairs.sort();
}

/** Tarjan's strongly connected components with more than one folder. */
export function stronglyConnected(graph: Graph): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) === indexOf.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!indexOf.has(v)) visit(v);
  return groups;
}

/** Folder edges that go to the same floor or above (floor 0 is the bottom). */
export function backEdges(graph: Graph, floors: string[][]) {
  const level = new Map(floors.flatMap((floor, i) => floor.map((f) => [f, i] as const)));
  const edges: Array<{ from: string; to: string; imports: number }> = [];
  for (const [a, out] of graph)
    for (const [b, imports] of out) {
      const la = level.get(a);
      const lb = level.get(b);
      if (la === undefined || lb === undefined || lb >= la) edges.push({ from: a, to: b, imports });
    }
  return edges;
}

/**
 * Floors with few edges running back up: an order of the folders found greedily (sinks last,
 * sources first, then the folder with the most outgoing minus incoming imports), improved by
 * moving one folder at a time while that drops a back edge; then each folder sits one floor
 * above the highest folder it imports along the remaining edges.
 */
export function suggestFloors(graph: Graph): string[][] {
  const weight = (a: string, b: string) => graph.get(a)?.get(b) ?? 0;
  const nodes = [...graph.keys()].sort();
  const left = new Set(nodes);
  const head: string[] = [];
  const tail: string[] = [];
  const degree = (v: string, dir: 'in' | 'out') =>
    [...left].reduce((n, u) => n + (dir === 'out' ? weight(v, u) : weight(u, v)), 0);
  while (left.size) {
    const sink = [...left].find((v) => degree(v, 'out') === 0);
    if (sink) {
      tail.unshift(sink);
      left.delete(sink);
      continue;
    }
    const source = [...left].find((v) => degree(v, 'in') === 0);
    const pick =
      source ??
      [...left].reduce((best, v) =>
        degree(v, 'out') - degree(v, 'in') > degree(best, 'out') - degree(best, 'in') ? v : best,
      );
    head.push(pick);
    left.delete(pick);
  }
  let order = [...head, ...tail]; // importers before what they import
  const cost = (o: string[]) => {
    let folders = 0;
    let imports = 0;
    o.forEach((a, i) =>
      o.slice(0, i).forEach((b) => {
        if (weight(a, b)) {
          folders += 1;
          imports += weight(a, b);
        }
      }),
    );
    return folders * 10_000 + imports;
  };
  for (let improved = true; improved;) {
    improved = false;
    for (const v of nodes) {
      const without = order.filter((x) => x !== v);
      let best = order;
      let bestCost = cost(order);
      for (let i = 0; i <= without.length; i++) {
        const candidate = [...without.slice(0, i), v, ...without.slice(i)];
        const c = cost(candidate);
        if (c < bestCost) [best, bestCost] = [candidate, c];
      }
      if (best !== order) [order, improved] = [best, true];
    }
  }
  const position = new Map(order.map((v, i) => [v, i]));
  const level = new Map<string, number>();
  for (const v of [...order].reverse()) {
    const below = [...(graph.get(v)?.keys() ?? [])].filter(
      (w) => position.get(w)! > position.get(v)!,
    );
    level.set(v, below.length ? Math.max(...below.map((w) => level.get(w)! + 1)) : 0);
  }
  const floors: string[][] = [];
  for (const [v, l] of level) (floors[l] ??= []).push(v);
  return floors.map((f) => f.sort());
}

function mermaid(graph: Graph, floors: string[][]): string {
  const back = new Set(backEdges(graph, floors).map((e) => `${e.from}>${e.to}`));
  const lines = ['flowchart TB'];
  [...floors].reverse().forEach((floor, i) => {
    lines.push(`  subgraph F${floors.length - 1 - i}["floor ${floors.length - 1 - i}"]`);
    for (const f of floor) lines.push(`    ${f.replaceAll('-', '_')}["${f}"]`);
    lines.push('  end');
  });
  for (const [a, out] of graph)
    for (const b of out.keys())
      lines.push(
        `  ${a.replaceAll('-', '_')} ${back.has(`${a}>${b}`) ? '-.->' : '-->'} ${b.replaceAll('-', '_')}`,
      );
  return lines.join('\n');
}

function dot(graph: Graph, floors: string[][]): string {
  const back = new Set(backEdges(graph, floors).map((e) => `${e.from}>${e.to}`));
  const lines = ['digraph core {', '  rankdir=TB; node [shape=box, fontname="sans-serif"];'];
  floors.forEach((floor, i) =>
    lines.push(`  { rank=same; ${floor.map((f) => `"${f}"`).join('; ')}; } // floor ${i}`),
  );
  for (const [a, out] of graph)
    for (const b of out.keys())
      lines.push(
        `  "${a}" -> "${b}"${back.has(`${a}>${b}`) ? ' [color=red, constraint=false]' : ''};`,
      );
  lines.push('}');
  return lines.join('\n');
}

async function main() {
  const graph = folderGraph(await coreImports());
  const arg = process.argv[2];
  const file = JSON.parse(readFileSync(FLOORS_FILE, 'utf8')) as { floors: string[][] };
  if (arg === '--suggest') {
    const floors = suggestFloors(graph);
    if (!process.argv.includes('--write')) return console.log(JSON.stringify(floors));
    const filepath = fileURLToPath(FLOORS_FILE);
    const text = await format(JSON.stringify({ ...file, floors }), {
      ...(await resolveConfig(filepath)),
      filepath,
    });
    writeFileSync(FLOORS_FILE, text);
    return console.log(`${floors.length} floors written to packages/core/floors.json`);
  }
  const { floors } = file;
  if (arg === '--mermaid') return console.log(mermaid(graph, floors));
  if (arg === '--dot') return console.log(dot(graph, floors));
  const edges = [...graph.values()].reduce((n, out) => n + out.size, 0);
  const pairs = twoWayPairs(graph);
  const groups = stronglyConnected(graph);
  const back = backEdges(graph, floors);
  console.log(`folders: ${graph.size}, folder edges: ${edges}, floors: ${floors.length}`);
  console.log(`two-way folder pairs: ${pairs.length}`);
  for (const [a, b] of pairs) console.log(`  ${a} <-> ${b}`);
  console.log(`strongly connected groups: ${groups.length}`);
  for (const g of groups) console.log(`  ${g.length} folders: ${g.join(', ')}`);
  const imports = back.reduce((n, e) => n + e.imports, 0);
  console.log(`folder edges running back up: ${back.length} (${imports} file imports)`);
  for (const e of back) console.log(`  ${e.from} -> ${e.to} (${e.imports})`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
