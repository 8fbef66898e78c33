import type { StandardSchemaV1 } from '@standard-schema/spec';
import { badRequest } from '@kanak/core';

/**
 * Validates a request body or query with a shared zod schema (classic or mini, both are
 * Standard Schemas); the first issue's message becomes the 400's message.
 */
export async function parseInput<S extends StandardSchemaV1>(
  schema: S,
  value: unknown,
): Promise<StandardSchemaV1.InferOutput<S>> {
  const result = await schema['~standard'].validate(value ?? {});
  if (result.issues) {
    const issues = result.issues.map((i) => ({
      path: (i.path ?? []).map((p) => (typeof p === 'object' ? p.key : p)).join('.'),
      message: i.message,
    }));
    const first = issues[0]!;
    // Our own messages name their field; zod's generic ones ("Invalid input: …") get the path.
    const generic = /^(Invalid|Too |Unrecognized|Expected)/.test(first.message);
    throw badRequest(
      generic && first.path ? `${first.path}: ${first.message}` : first.message,
      issues,
    );
  }
  return result.value;
}
