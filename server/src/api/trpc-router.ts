import type { TRPCMutationProcedure, TRPCQueryProcedure } from '@trpc/server';
import type * as zc from 'zod/v4/core';
import type { Access } from '@kanak/core';
import { publicProcedure, router } from '../trpc/trpc';
import { resolveCall } from './caller';
import { replayedOutcome } from '../trpc/replayed-calls';
import { runUseCase } from './run-use-case';
import type { Call, Kind, Schema, UseCase, UseCases } from './declare-use-case';

type Definition<I extends Schema, O extends Schema> = {
  input: zc.input<I>;
  output: zc.output<O>;
  meta: object;
};

/** The tRPC procedure a use case becomes: a query or a mutation with its input and output types. */
export type ProcedureOf<U> =
  U extends UseCase<infer I, infer O, Access, infer K>
    ? K extends 'query'
      ? TRPCQueryProcedure<Definition<I, O>>
      : TRPCMutationProcedure<Definition<I, O>>
    : never;

export function toProcedure(path: string, useCase: UseCase<Schema, Schema, Access, Kind>) {
  // The caller is checked before the input is read, as on REST: a visitor gets 401, not a 400.
  const procedure = publicProcedure
    .use(async ({ ctx, next }) =>
      next({ ctx: { call: await resolveCall(ctx.services, ctx.req, useCase.access) } }),
    )
    .input(useCase.input);
  const run = async ({ ctx, input }: { ctx: { call: Call }; input: unknown }) => {
    // A query the direct path already ran for this request (it handed the batch over because
    // some call in it failed): its outcome, not a second run.
    const replayed = replayedOutcome(ctx.call.request, path, input);
    if (replayed) {
      if (replayed.ok) return replayed.value;
      throw replayed.error;
    }
    return (await runUseCase(ctx.call.services, { path, useCase, call: ctx.call, input })).result;
  };
  return useCase.kind === 'query' ? procedure.query(run) : procedure.mutation(run);
}

/** One domain's use cases as a tRPC router, each under its own name. */
export function toRouter<T extends UseCases>(domain: string, useCases: T) {
  const procedures = Object.fromEntries(
    Object.entries(useCases).map(([name, useCase]) => [
      name,
      toProcedure(`${domain}.${name}`, useCase),
    ]),
  );
  // Built one by one above; the mapped type gives the client each procedure's own types.
  return router(procedures as { [K in keyof T]: ProcedureOf<T[K]> });
}

/** Every domain's router, keyed as `useCases` is (`catalog`, `orders`, …). */
export function toRouters<T extends Record<string, UseCases>>(domains: T) {
  const routers = Object.fromEntries(
    Object.entries(domains).map(([domain, useCases]) => [domain, toRouter(domain, useCases)]),
  );
  return routers as { [D in keyof T]: ReturnType<typeof toRouter<T[D]>> };
}
