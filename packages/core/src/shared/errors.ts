/** A refusal the caller can act on; adapters map `kind` to an HTTP status or tRPC code. */
export type DomainErrorKind =
  'BAD_REQUEST' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'TOO_MANY_REQUESTS';

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
export const conflict = (message: string) => new DomainError('CONFLICT', message);
