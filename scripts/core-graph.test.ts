import { describe, expect, it } from 'vitest';
import {
  backEdges,
  folderGraph,
  stronglyConnected,
  suggestFloors,
  twoWayPairs,
} from './core-graph';

const CORE = 'packages/core/src';
const imp = (from: string, to: string) => ({
  from: `${CORE}/${from}/x.ts`,
  to: `${CORE}/${to}/y.ts`,
});

// orders <-> payments, and a ring orders -> ledger -> invoices -> orders; common at the bottom.
const graph = folderGraph([
  imp('orders', 'payments'),
  imp('payments', 'orders'),
  imp('orders', 'ledger'),
  imp('ledger', 'invoices'),
  imp('invoices', 'orders'),
  imp('invoices', 'common'),
  imp('ledger', 'common'),
  { from: `${CORE}/index.ts`, to: `${CORE}/orders/x.ts` },
  { from: `${CORE}/orders/x.ts`, to: 'node_modules/kysely/index.js' },
]);

describe('the folder graph of packages/core', () => {
  it('collapses files to folders, leaving the root barrel and packages out', () => {
    expect([...graph.keys()].sort()).toEqual([
      'common',
      'invoices',
      'ledger',
      'orders',
      'payments',
    ]);
    expect(graph.get('orders')?.get('payments')).toBe(1);
  });

  it('finds two-way pairs and strongly connected groups', () => {
    expect(twoWayPairs(graph)).toEqual([['orders', 'payments']]);
    expect(stronglyConnected(graph)).toEqual([['invoices', 'ledger', 'orders', 'payments']]);
  });

  it('lays out floors whose back edges break every circle, and counts them', () => {
    const floors = suggestFloors(graph);
    expect(floors[0]).toContain('common');
    const back = backEdges(graph, floors);
    // One edge of the pair and one of the ring must run back up; no more are needed.
    expect(back).toHaveLength(2);
    const rest = folderGraph([]);
    for (const [a, out] of graph)
      for (const b of out.keys())
        if (!back.some((e) => e.from === a && e.to === b))
          rest.set(a, (rest.get(a) ?? new Map()).set(b, 1));
    expect(stronglyConnected(rest)).toEqual([]);
  });

  it('counts an import to a folder on the same floor as running back up', () => {
    expect(
      backEdges(graph, [['common'], ['invoices', 'ledger', 'orders', 'payments']]),
    ).toHaveLength(5);
  });
});
