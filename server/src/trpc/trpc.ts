import { initTRPC, TRPCError } from '@trpc/server';
import {
  DomainError,
  isUnavailable,
  retryAfterSeconds,
  unavailableMessage,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
} from '@kanak/core';
import { inputIssueMessage } from '../api/input';
import { ERROR_ANSWERS, errorText, INTERNAL_MESSAGE } from '../http/errors';
import type { Context } from './context';

export { INTERNAL_MESSAGE };

const t = initTRPC.context<Context>().create({
  // Event streams: a comment every 15 s keeps proxies from closing a quiet stream, and a client
  // that hears nothing for 30 s reconnects (with its last event id). A stream ends after an hour
  // and the page opens a new one with a new ticket: the account is checked again.
  sse: {
    maxDurationMs: 3_600_000,
    ping: { enabled: true, intervalMs: 15_000 },
    client: { reconnectAfterInactivityMs: 30_000 },
  },
  // Stack traces stay on the server: clients get the message and code only.
  isDev: false,
  // A fault's own text (a database message, a driver error) never reaches a client; refusals
  // (4xx, their DomainError message) and the 503 message are meant for the shopper and stay.
  errorFormatter({ shape, error }) {
    if (error.code !== 'INTERNAL_SERVER_ERROR') return shape;
    return { ...shape, message: INTERNAL_MESSAGE };
  },
});

/**
 * tRPC's `responseMeta`: a 503 (SERVICE_UNAVAILABLE) tells the client when to try again, as
 * REST's does.
 */
export function trpcResponseMeta({ errors }: { errors: readonly TRPCError[] }) {
  if (errors.some((error) => error.code === 'SERVICE_UNAVAILABLE'))
    return { headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) } };
  // A limit's refusal (TOO_MANY_REQUESTS) says when to come back; the longest wait of a batch.
  const waits = errors.flatMap((error) => retryAfterSeconds(error.cause) ?? []);
  return waits.length ? { headers: { 'retry-after': String(Math.max(...waits)) } } : {};
}

/**
 * Domain refusals keep their meaning (and message) across the tRPC boundary; PostgreSQL or Redis
 * out of reach is SERVICE_UNAVAILABLE (503) with a message for the shopper, never a 500.
 */
const domainErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (result.ok) return result;
  const cause = result.error.cause ?? result.error;
  if (isUnavailable(cause)) {
    ctx.req.log.warn(
      { reason: errorText(cause), path: ctx.req.url.split('?')[0] },
      'dependency unavailable: answered 503',
    );
    throw new TRPCError({
      code: 'SERVICE_UNAVAILABLE',
      message: unavailableMessage(cause),
      cause,
    });
  }
  if (cause instanceof DomainError)
    throw new TRPCError({ code: ERROR_ANSWERS[cause.kind].trpc, message: cause.message, cause });
  if (result.error.code === 'BAD_REQUEST') {
    const message = inputIssueMessage(result.error.cause);
    if (message) throw new TRPCError({ code: 'BAD_REQUEST', message, cause: result.error.cause });
  }
  return result;
});

export const router = t.router;
export const publicProcedure = t.procedure.use(domainErrors);
