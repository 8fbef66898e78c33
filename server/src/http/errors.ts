import type { TRPC_ERROR_CODE_KEY } from '@trpc/server';
import type { FastifyError, FastifyInstance } from 'fastify';
import {
  DomainError,
  isUnavailable,
  retryAfterSeconds,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  unavailableMessage,
  type DomainErrorKind,
} from '@kanak/core';

/** A domain refusal on each transport: the HTTP status (REST) and the tRPC code (same status). */
export const ERROR_ANSWERS = {
  BAD_REQUEST: { status: 400, trpc: 'BAD_REQUEST' },
  UNAUTHORIZED: { status: 401, trpc: 'UNAUTHORIZED' },
  FORBIDDEN: { status: 403, trpc: 'FORBIDDEN' },
  NOT_FOUND: { status: 404, trpc: 'NOT_FOUND' },
  CONFLICT: { status: 409, trpc: 'CONFLICT' },
  TOO_MANY_REQUESTS: { status: 429, trpc: 'TOO_MANY_REQUESTS' },
  UNAVAILABLE: { status: 503, trpc: 'SERVICE_UNAVAILABLE' },
} as const satisfies Record<DomainErrorKind, { status: number; trpc: TRPC_ERROR_CODE_KEY }>;

/** What a client reads for a fault of ours, on both transports. */
export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again.';

/** An error's own message with its cause's, for the server log only. */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = 'code' in error && typeof error.code === 'string' ? ` [${error.code}]` : '';
  const cause = error.cause instanceof Error ? ` (cause: ${errorText(error.cause)})` : '';
  return `${error.message}${code}${cause}`;
}

/**
 * Domain refusals and bad input become clear 4xx answers; PostgreSQL or Redis out of reach is a
 * 503 with `Retry-After` and a message for the shopper; only real faults are 500. No driver or
 * database text reaches the client.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | DomainError, request, reply) => {
    if (isUnavailable(error)) {
      // One line per request, without a stack: an outage makes many of these.
      request.log.warn({ reason: errorText(error) }, 'dependency unavailable: answered 503');
      return reply
        .status(503)
        .header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS))
        .send({ error: 'UNAVAILABLE', message: unavailableMessage(error) });
    }
    if (error instanceof DomainError) {
      // A limit's refusal says when the next attempt is counted again.
      const retryAfter = retryAfterSeconds(error);
      if (retryAfter !== null) reply.header('retry-after', String(retryAfter));
      return reply
        .status(ERROR_ANSWERS[error.kind].status)
        .send({ error: error.kind, message: error.message, details: error.details });
    }
    const status = error.statusCode ?? 500;
    if (status < 500) {
      return reply
        .status(status)
        .send({ error: error.code ?? 'BAD_REQUEST', message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: 'INTERNAL', message: INTERNAL_MESSAGE });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      error: 'NOT_FOUND',
      message: `No route for ${request.method} ${request.url.split('?')[0]}`,
    }),
  );
}
