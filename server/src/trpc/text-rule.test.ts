// Every text field a tRPC procedure takes passes the shared text rule (or a format that cannot
// hold a NUL): PostgreSQL refuses a NUL byte, and that must be a 400 from the schema, not a 500.
import { describe, expect, it } from 'vitest';
import { dbSafeText, storableText } from '@kanak/shared';
import { appRouter } from './router';

interface Node {
  _zod: {
    def: {
      type: string;
      format?: string;
      checks?: { _zod: { def: { check: string } } }[];
      shape?: Record<string, Node>;
      innerType?: Node;
      element?: Node;
      in?: Node;
      out?: Node;
      options?: Node[];
      keyType?: Node;
      valueType?: Node;
      left?: Node;
      right?: Node;
    };
  };
}
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && '_zod' in v;

/** The paths of string leaves with neither the text rule nor a format (regex, uuid, email). */
function unguarded(node: Node, at: string, seen = new Set<Node>()): string[] {
  if (seen.has(node)) return [];
  seen.add(node);
  const def = node._zod.def;
  if (def.type === 'string') {
    const checks = (def.checks ?? []) as unknown[];
    const guarded =
      def.format !== undefined ||
      checks.includes(storableText) ||
      checks.includes(dbSafeText) ||
      checks.some((c) => isNode(c) && (c._zod.def as { check?: string }).check === 'string_format');
    return guarded ? [] : [at];
  }
  const children: [string, Node | undefined][] = [
    ...Object.entries(def.shape ?? {}).map(([k, v]): [string, Node] => [`${at}.${k}`, v]),
    [at, def.innerType],
    [`${at}[]`, def.element],
    [at, def.in],
    [`${at}{}`, def.valueType],
    [at, def.left],
    [at, def.right],
    ...(def.options ?? []).map((o, i): [string, Node] => [`${at}|${i}`, o]),
  ];
  return children.flatMap(([p, child]) => (child ? unguarded(child, p, seen) : []));
}

describe('the shared text rule', () => {
  it('guards every text field of every procedure input', () => {
    const missing: string[] = [];
    for (const [name, procedure] of Object.entries(
      appRouter._def.procedures as Record<string, unknown>,
    )) {
      const inputs = (procedure as { _def?: { inputs?: unknown[] } })._def?.inputs ?? [];
      for (const input of inputs.filter(isNode)) missing.push(...unguarded(input, name));
    }
    expect(missing).toEqual([]);
  });
});
