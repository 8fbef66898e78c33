import { initTRPC, TRPCError } from '@trpc/server';
import { DomainError, forbidden, unauthorized, type AuthUser } from '@kanak/core';
import type { Context } from './context';

const TRPC_CODE = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
} as const;

// Stack traces stay on the server: clients get the message and code only.
const t = initTRPC.context<Context>().create({ isDev: false });

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

/** Domain refusals keep their meaning (and message) across the tRPC boundary. */
const domainErrors = t.middleware(async ({ next }) => {
  const result = await next();
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
