/** The kinds of refusal, as a list for code that reads a kind back from stored text. */
export const DOMAIN_ERROR_KINDS = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'TOO_MANY_REQUESTS',
  /** PostgreSQL or Redis cannot be reached right now (503 with Retry-After); see isUnavailable. */
  'UNAVAILABLE',
] as const;

/** A refusal the caller can act on; adapters map `kind` to an HTTP status or tRPC code. */
export type DomainErrorKind = (typeof DOMAIN_ERROR_KINDS)[number];

export class DomainError extends Error {
  constructor(
    public readonly kind: DomainErrorKind,
    message: string,
    public readonly details?: unknown,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const badRequest = (message: string, details?: unknown) =>
  new DomainError('BAD_REQUEST', message, details);
export const unauthorized = (message = 'Please log in to continue') =>
  new DomainError('UNAUTHORIZED', message);
export const forbidden = (message = 'You are not allowed to do this') =>
  new DomainError('FORBIDDEN', message);
export const notFound = (what: string) => new DomainError('NOT_FOUND', `${what} not found`);
/** `details` reaches REST clients as the body's `details` (e.g. the current values a save met). */
export const conflict = (message: string, details?: unknown) =>
  new DomainError('CONFLICT', message, details);

/** What a shopper reads when PostgreSQL or Redis cannot be reached (503 on both transports). */
export const UNAVAILABLE_MESSAGE = 'The shop is briefly unavailable. Please try again in a moment.';
/** The `Retry-After` (seconds) sent with that answer. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

export const unavailable = (message = UNAVAILABLE_MESSAGE) =>
  new DomainError('UNAVAILABLE', message);

/**
 * What a client reads for an outage: an UNAVAILABLE refusal's own message (it may name what is
 * away, e.g. image storage), else UNAVAILABLE_MESSAGE (never driver text).
 */
export const unavailableMessage = (error: unknown) =>
  error instanceof DomainError && error.kind === 'UNAVAILABLE'
    ? error.message
    : UNAVAILABLE_MESSAGE;

/** Socket-level failures: the dependency is not reachable right now. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
]);

/**
 * PostgreSQL SQLSTATEs that mean "the database cannot serve this now", not "this request is
 * wrong": class 08 (connection exception), 57P01-57P03 (admin/crash shutdown, cannot connect
 * now), 57014 (statement timeout), 53300 (too many connections).
 */
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|57014|53300)$/;

/** Driver messages (pg, pg-pool, Kysely, ioredis, rate-limiter-flexible) for the same thing. */
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // pg: backend gone, 'unexpectedly' or 'due to connection timeout'
  /timeout exceeded when trying to connect/, // pg-pool: connect or checkout wait
  /^Query read timeout$/, // pg: no answer within query_timeout (frozen link)
  /not queryable/, // pg: client after a connection error
  /Cannot use a pool after calling end/, // pg-pool while shutting down
  /driver has already been destroyed/, // Kysely while shutting down
  /^Connection is closed\.?$/, // ioredis
  /^Command timed out$/, // ioredis commandTimeout
  /enableOfflineQueue options is false/, // ioredis fail-fast client while disconnected
  /max retries per request/i, // ioredis MaxRetriesPerRequestError
  /^Redis connection is not ready$/, // rate-limiter-flexible
];

/**
 * The payment provider could not be asked now (unreachable, a 5xx, a timeout): like an outage of
 * PostgreSQL, a job meeting it waits and runs again (isUnavailable is true for it).
 */
export class ProviderUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ProviderUnavailable';
  }
}

function ownUnavailable(error: object): boolean {
  if (error instanceof DomainError) return error.kind === 'UNAVAILABLE';
  if (error instanceof ProviderUnavailable) return true;
  const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
  if (NETWORK_CODES.has(code) || UNAVAILABLE_SQLSTATE.test(code)) return true;
  if ('name' in error && error.name === 'MaxRetriesPerRequestError') return true;
  const message = 'message' in error && typeof error.message === 'string' ? error.message : '';
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * True when `error` (or an error it wraps: `cause`, AggregateError's `errors`) says PostgreSQL
 * or Redis is unreachable, too slow or shutting down. Adapters answer such errors with 503,
 * `Retry-After` and UNAVAILABLE_MESSAGE instead of a 500 carrying driver text.
 */
export function isUnavailable(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 5) return false;
  if (ownUnavailable(error)) return true;
  if ('cause' in error && isUnavailable(error.cause, depth + 1)) return true;
  if ('errors' in error && Array.isArray(error.errors))
    return error.errors.some((inner: unknown) => isUnavailable(inner, depth + 1));
  return false;
}
