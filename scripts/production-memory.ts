/**
 * The image's memory settings (Dockerfile, runtime ENV; server/test/deployment.test.ts checks they
 * are the same), also given to the server and worker of `pnpm start` and of `pnpm bench`, so
 * both run with what production runs. docs/adr/0007-memory.md: V8 collects the old generation within
 * 256 MB and keeps 4 MB semi-spaces instead of growing towards a quarter of the machine's memory;
 * glibc keeps 2 malloc arenas instead of 8 per core.
 */
export const PRODUCTION_MEMORY_ENV = {
  MALLOC_ARENA_MAX: '2',
  NODE_OPTIONS: '--max-old-space-size=256 --max-semi-space-size=4',
} as const;
