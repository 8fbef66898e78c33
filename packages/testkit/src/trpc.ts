import type { httpClient } from './http';

/** A single (unbatched) tRPC call's success body. */
export interface TrpcAnswer<T> {
  result: { data: T };
}

/**
 * tRPC's wire format over a test HTTP client: a query is a GET with its input JSON-encoded in
 * `?input=` (none when the input is undefined), a mutation a POST with the input as the body.
 * The client is passed as a getter because tests make it in `beforeAll`.
 */
export function trpcCalls(http: () => ReturnType<typeof httpClient>) {
  return {
    query: <T>(path: string, input: unknown, token?: string) =>
      http().get<TrpcAnswer<T>>(
        `/trpc/${path}${input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`}`,
        { token },
      ),
    mutate: <T>(path: string, input: unknown, token?: string) =>
      http().post<TrpcAnswer<T>>(`/trpc/${path}`, input, { token }),
  };
}
