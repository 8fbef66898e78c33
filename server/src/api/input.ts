import type { StandardSchemaV1 } from '@standard-schema/spec';
import * as z from 'zod/mini';
import { badRequest } from '@kanak/core';
import { presentText } from '@kanak/shared';
import type { Schema } from './declare-use-case';

interface Issue {
  path: string;
  message: string;
}

function issueList(issues: readonly StandardSchemaV1.Issue[]): Issue[] {
  return issues.map((issue) => ({
    path: (issue.path ?? []).map((p) => (typeof p === 'object' ? p.key : p)).join('.'),
    message: issue.message,
  }));
}

/**
 * The first issue as one readable line, on both transports: our own messages name their field;
 * zod's generic ones ("Invalid input: …") get the field's path in front.
 */
function firstIssueMessage(issues: Issue[]): string {
  const first = issues[0];
  if (!first) return 'The request is not valid';
  const generic = /^(Invalid|Too |Unrecognized|Expected)/.test(first.message);
  return generic && first.path ? `${first.path}: ${first.message}` : first.message;
}

/** A schema failure's readable message, from whatever error carries its issues (tRPC wraps them). */
export function inputIssueMessage(cause: unknown): string | null {
  if (typeof cause !== 'object' || cause === null || !('issues' in cause)) return null;
  const issues = cause.issues;
  if (!Array.isArray(issues) || issues.length === 0) return null;
  const readable = issues.filter(
    (i): i is StandardSchemaV1.Issue =>
      typeof i === 'object' && i !== null && 'message' in i && typeof i.message === 'string',
  );
  return readable.length ? firstIssueMessage(issueList(readable)) : null;
}

/** Validates an input with its schema; the first issue's message becomes the 400's message. */
export async function parseInput<S extends Schema>(schema: S, value: unknown) {
  const standard = schema as S & StandardSchemaV1<unknown, z.output<S>>;
  const result = await standard['~standard'].validate(value ?? {});
  if (result.issues) {
    const issues = issueList(result.issues);
    throw badRequest(firstIssueMessage(issues), issues);
  }
  return result.value;
}

/**
 * A number from a query string for a zod check: absent, '' and 'undefined' stay undefined, and
 * anything else is handed on as Number(text), so 'abc' fails the schema with its own message.
 */
export function queryNumber(value: unknown): number | undefined {
  if (typeof value !== 'string') return value === undefined ? undefined : Number.NaN;
  const text = presentText(value);
  return text === undefined ? undefined : Number(text);
}

type JsonSchema = { type?: unknown; anyOf?: JsonSchema[]; properties?: Record<string, JsonSchema> };

const isNumeric = (schema: JsonSchema): boolean =>
  schema.type === 'number' ||
  schema.type === 'integer' ||
  (Array.isArray(schema.anyOf) && schema.anyOf.length > 0 && schema.anyOf.every(isNumeric));

/** The input fields a query string must carry as numbers (read once from the schema). */
export function numericFields(schema: Schema): Set<string> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const object = json.anyOf?.find((s) => s.properties) ?? json;
  return new Set(
    Object.entries(object.properties ?? {})
      .filter(([, property]) => isNumeric(property))
      .map(([name]) => name),
  );
}
