import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The request a piece of work belongs to: set by the server per HTTP request and by the worker
 * per job, read where the id is written down (outbox rows, order events, log lines) so one
 * `grep <request id>` follows a payment from the browser through the worker.
 */
const context = new AsyncLocalStorage<{ requestId: string }>();

/** The current request's id, or undefined outside one (a scheduled run, start-up). */
export const currentRequestId = (): string | undefined => context.getStore()?.requestId;

/** Runs `work` as part of request `requestId` (everything it awaits inherits it). */
export function runWithRequestId<T>(requestId: string | undefined, work: () => T): T {
  return requestId ? context.run({ requestId }, work) : work();
}

/**
 * Makes the rest of the current synchronous flow, and what it starts, part of `requestId`
 * (a Fastify hook that calls `done()` after it: the handler runs inside).
 */
export function enterRequest(requestId: string): void {
  context.enterWith({ requestId });
}

/** What an incoming X-Request-Id may look like: short, printable, no spaces or separators to forge log lines. */
const REQUEST_ID = /^[A-Za-z0-9._:@-]{8,128}$/;

export const isValidRequestId = (value: unknown): value is string =>
  typeof value === 'string' && REQUEST_ID.test(value);

export const newRequestId = (): string => randomUUID();
