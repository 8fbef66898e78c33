import { notFound } from '@tanstack/react-router';
import { TRPCClientError } from '@trpc/client';

/**
 * A loader's catch: an unknown or malformed id or slug is the 404 page, not the error screen;
 * any other failure is thrown on.
 */
export function throwNotFoundIfUnknown(error: unknown): never {
  if (
    error instanceof TRPCClientError &&
    ['NOT_FOUND', 'BAD_REQUEST'].includes(String(error.data?.code))
  )
    throw notFound();
  throw error;
}
