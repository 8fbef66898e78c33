import { TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '@kanak/server';
import type { LocalCall } from '@kanak/shared';

/**
 * The server render's tRPC link: each operation goes to the use case in-process, and a refusal
 * becomes the TRPCClientError the browser's link would have made (route loaders read its code).
 */
export function localLink(call: LocalCall): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        call(op.path, op.input).then(
          (answer) => {
            if (answer.ok) {
              observer.next({ result: { type: 'data', data: answer.data } });
              observer.complete();
            } else observer.error(TRPCClientError.from({ error: answer.error }));
          },
          (cause: unknown) =>
            observer.error(
              TRPCClientError.from(cause instanceof Error ? cause : new Error(String(cause))),
            ),
        );
      });
}
