/** The server's message for a failed call (tRPC errors carry the domain message). */
export function errorMessage(
  error: unknown,
  fallback = 'Something went wrong, please try again.',
): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
