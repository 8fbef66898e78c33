import { DomainError } from '../common';

/**
 * The `Retry-After` (whole seconds) a refusal carries: a TOO_MANY_REQUESTS DomainError from the
 * action limits or the login limits puts it in `details.retryAfter`. Null for anything else.
 */
export function retryAfterSeconds(error: unknown): number | null {
  if (!(error instanceof DomainError) || error.kind !== 'TOO_MANY_REQUESTS') return null;
  const details = error.details;
  if (typeof details !== 'object' || details === null || !('retryAfter' in details)) return null;
  const seconds = details.retryAfter;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0
    ? Math.ceil(seconds)
    : null;
}
