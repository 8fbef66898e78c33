import * as z from 'zod/mini';

/**
 * Gives a field the example the API document shows for it (z.toJSONSchema reads the global
 * registry); without one, a generated example is only "string".
 */
export function withExample<S extends z.ZodMiniType>(schema: S, example: unknown): S {
  z.globalRegistry.add(schema, { examples: [example] });
  return schema;
}
