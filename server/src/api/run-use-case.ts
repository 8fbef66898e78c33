import type { AppServices } from '../services';
import type { CachedAnswer } from './read-cache';
import type { Call, UseCase } from './declare-use-case';

export type RunOutcome =
  { cached: CachedAnswer; result: unknown } | { cached: null; result: unknown };

/**
 * Runs a use case for either transport: a cached query answers from the catalogue read cache,
 * a mutation that changes the catalogue announces it (after it committed) before answering, so
 * the writer's own next read is fresh on every server.
 */
export async function runUseCase(
  services: AppServices,
  path: string,
  useCase: UseCase,
  call: Call,
  input: unknown,
): Promise<RunOutcome> {
  const { cache } = useCase;
  // Off, or deaf to invalidations: the plain path (no hashing, compression by @fastify/compress).
  if (cache && services.catalogCache.enabled) {
    const key = `${path}:${JSON.stringify(cache.key ? cache.key(input) : input)}`;
    const cached = await services.catalogCache.answer(key, async () => {
      const result = await useCase.run(call, input);
      return { result, tags: cache.tags(input, result) };
    });
    return { cached, result: cached.result };
  }
  const result = await useCase.run(call, input);
  if (useCase.changes) await services.announceCatalogChange(useCase.changes(input, result));
  return { cached: null, result };
}
