import type { AppServices } from '../services';
import type { CachedAnswer } from './read-cache';
import type { Call, UseCase } from './declare-use-case';

export interface RunOutcome {
  cached: CachedAnswer | null;
  result: unknown;
}

/** The read cache's key of a cached query's input (normalized by the declaration's `key`). */
export function cacheKey(path: string, useCase: UseCase, input: unknown): string {
  const normalized = useCase.cache?.key ? useCase.cache.key(input) : input;
  return `${path}:${JSON.stringify(normalized)}`;
}

/** One call of a use case: its tRPC path (the cache key's prefix), the caller and the parsed input. */
export interface RunUseCaseOptions {
  path: string;
  useCase: UseCase;
  call: Call;
  input: unknown;
}

/** A cacheable query's answer from the read cache, loaded (once for concurrent misses) when absent. */
export function cachedAnswer(
  services: AppServices,
  { path, useCase, call, input }: RunUseCaseOptions,
): Promise<CachedAnswer> {
  const cache = useCase.cache!;
  return services.catalogCache.answer(cacheKey(path, useCase, input), async () => {
    const result = await useCase.run(call, input);
    return { result, tags: cache.tags(input, result) };
  });
}

/**
 * Runs a use case for either transport: a cached query answers from the catalogue read cache,
 * a mutation that changes the catalogue announces it (after it committed) before answering, so
 * the writer's own next read is fresh on every server.
 */
export async function runUseCase(
  services: AppServices,
  { path, useCase, call, input }: RunUseCaseOptions,
): Promise<RunOutcome> {
  // Off, or deaf to invalidations: the plain path (no hashing, compression by @fastify/compress).
  if (useCase.cache && services.catalogCache.enabled) {
    const cached = await cachedAnswer(services, { path, useCase, call, input });
    // The cache keeps JSON only: a caller that needs the value (tRPC's adapter) parses it.
    return {
      cached,
      get result() {
        return JSON.parse(cached.json) as unknown;
      },
    };
  }
  const result = await useCase.run(call, input);
  if (useCase.changes) await services.announceCatalogChange(useCase.changes(input, result));
  return { cached: null, result };
}
