import type { FastifyRequest } from 'fastify';

/** How a call ended: its result, or what it threw. */
export type CallOutcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Calls a request already made on the direct path (direct-trpc-queries.ts) before it handed the
 * request to tRPC's own handler, which then replays them instead of running them again: a batch
 * with one refusal in it answers in tRPC's shapes without a second read of anything (nor a
 * second wait on a database that is away).
 */
const outcomes = new WeakMap<FastifyRequest, Map<string, CallOutcome>>();

const keyOf = (path: string, input: unknown) => `${path}\n${JSON.stringify(input) ?? ''}`;

export interface RecordOutcomeOptions {
  path: string;
  input: unknown;
  outcome: CallOutcome;
}

export function recordOutcome(
  request: FastifyRequest,
  { path, input, outcome }: RecordOutcomeOptions,
): void {
  let calls = outcomes.get(request);
  if (!calls) outcomes.set(request, (calls = new Map()));
  calls.set(keyOf(path, input), outcome);
}

/** The outcome recorded for this call of this request, if the direct path made it. */
export function replayedOutcome(
  request: FastifyRequest,
  path: string,
  input: unknown,
): CallOutcome | undefined {
  return outcomes.get(request)?.get(keyOf(path, input));
}
