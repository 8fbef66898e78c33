import { initTRPC, TRPCError } from '@trpc/server';
import {
  DomainError,
  forbidden,
  isUnavailable,
  retryAfterSeconds,
  unauthorized,
  UNAVAILABLE_MESSAGE,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  type AuthUser,
} from '@kanak/core';
import { errorText } from '../http/errors';
import type { Context } from './context';

const TRPC_CODE = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  UNAVAILABLE: 'SERVICE_UNAVAILABLE',
} as const;

/** What a client reads for a fault of ours (REST's 500 says the same). */
export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

const t = initTRPC.context<Context>().create({
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

/** The first schema issue as one readable line, as REST's parseInput answers it (not zod's JSON dump). */
function inputIssueMessage(cause: unknown): string | null {
  if (
    typeof cause !== 'object' ||
    cause === null ||
    !('issues' in cause) ||
    !Array.isArray(cause.issues)
  )
    return null;
  const issue: unknown = cause.issues[0];
  if (
    typeof issue !== 'object' ||
    issue === null ||
    !('message' in issue) ||
    typeof issue.message !== 'string'
  )
    return null;
  const path = 'path' in issue && Array.isArray(issue.path) ? issue.path.map(String).join('.') : '';
  return /^(Invalid|Too |Unrecognized|Expected)/.test(issue.message) && path
    ? `${path}: ${issue.message}`
    : issue.message;
}

/**
 * Domain refusals keep their meaning (and message) across the tRPC boundary; PostgreSQL or Redis
 * out of reach is SERVICE_UNAVAILABLE (503) with a message for the shopper, never a 500.
 */
const domainErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok && isUnavailable(result.error.cause ?? result.error)) {
    const cause = result.error.cause ?? result.error;
    ctx.req.log.warn(
      { reason: errorText(cause), path: ctx.req.url.split('?')[0] },
      'dependency unavailable: answered 503',
    );
    throw new TRPCError({ code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE_MESSAGE, cause });
  }
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause;
    throw new TRPCError({ code: TRPC_CODE[cause.kind], message: cause.message, cause });
  }
  if (!result.ok && result.error.code === 'BAD_REQUEST') {
    const message = inputIssueMessage(result.error.cause);
    if (message) throw new TRPCError({ code: 'BAD_REQUEST', message, cause: result.error.cause });
  }
  return result;
});

export const router = t.router;
export const publicProcedure = t.procedure.use(domainErrors);

/** The caller when a token was sent (a bad one still fails), else null. */
export const optionalUserProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const user: AuthUser | null = (await ctx.getUser()) ?? null;
  return next({ ctx: { user } });
});

export const authedProcedure = publicProcedure.use(async ({ ctx, next }) => {
  const user = await ctx.getUser();
  if (!user) throw unauthorized();
  return next({ ctx: { user } });
});

export const adminProcedure = authedProcedure.use(async ({ ctx, next }) => {
  if (ctx.user.role !== 'ADMIN') throw forbidden('Only administrators can do this');
  return next();
});
