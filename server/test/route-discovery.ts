// Discovery of every endpoint the app serves, shared by the suites that must cover all of them
// (fuzz.test.ts, access-matrix.test.ts): REST routes come from Fastify's own route table, tRPC
// procedures from the router, so a new endpoint is found without editing any list.
import { channel } from 'node:diagnostics_channel';
import type { FastifyInstance } from 'fastify';
import { appRouter } from '../src/trpc/router';

export interface Route {
  method: string;
  url: string;
  /** A file of the built web that @fastify/static serves under its own route (it sets config.file). */
  staticFile?: boolean;
}

export interface WatchOptions {
  /** A request header whose value keys the server-side error of a failed request. */
  requestIdHeader: string;
}

/**
 * Fastify publishes each new instance on the `fastify.initialization` diagnostics channel before
 * any plugin or route is added: an `onRoute` hook put there sees the whole route table of the app
 * that startTestServer builds, and an `onError` hook keeps each failed request's server-side error
 * (keyed by the request id header) so a 5xx can be reported with its cause.
 * Call it before startTestServer and `stop()` once the server is up.
 */
export function watchNextApp({ requestIdHeader }: WatchOptions) {
  const routes: Route[] = [];
  const serverErrors = new Map<string, string>();
  const procedureErrors = new Map<string, Set<string>>();
  const init = channel('fastify.initialization');
  let taken = false;
  const onInit = (message: unknown) => {
    if (taken) return;
    taken = true;
    const { fastify } = message as { fastify: FastifyInstance };
    fastify.addHook('onRoute', (route) => {
      const staticFile = typeof (route.config as { file?: unknown } | undefined)?.file === 'string';
      for (const method of [route.method].flat())
        routes.push({ method, url: route.url, staticFile });
    });
    fastify.addHook('onError', async (request, _reply, error) => {
      const id = request.headers[requestIdHeader];
      if (typeof id === 'string') serverErrors.set(id, `${error.name}: ${error.message}`);
    });
    // tRPC catches its own errors and logs them through app.log.error({ err, path }): keep those
    // causes by procedure (with LOG_LEVEL 'fatal', nothing is printed).
    const log = fastify.log;
    const logError = log.error.bind(log);
    log.error = ((entry: unknown, ...rest: unknown[]) => {
      const { err, path: at } = (entry ?? {}) as { err?: { cause?: unknown }; path?: unknown };
      if (typeof at === 'string' && err) {
        const cause = err.cause instanceof Error ? err.cause : err;
        const text = `${(cause as Error).name}: ${(cause as Error).message}`;
        const seen = procedureErrors.get(at) ?? new Set<string>();
        procedureErrors.set(at, seen.add(text));
      }
      return (logError as (...args: unknown[]) => void)(entry, ...rest);
    }) as typeof log.error;
  };
  init.subscribe(onInit);
  return { routes, serverErrors, procedureErrors, stop: () => init.unsubscribe(onInit) };
}

/** Each route once (Fastify may report a route again, e.g. under a second prefix form). */
export function uniqueRoutes(routes: readonly Route[]): Route[] {
  const seen = new Set<string>();
  return routes.filter((r) => {
    const key = `${r.method} ${r.url}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The slice of a zod (classic or mini) schema the suites read to build a valid input. */
export interface SchemaNode {
  _zod: {
    def: {
      type: string;
      shape?: Record<string, SchemaNode>;
      innerType?: SchemaNode;
      element?: SchemaNode;
      in?: SchemaNode;
      options?: SchemaNode[];
      entries?: Record<string, string | number>;
      values?: unknown[];
    };
  };
}
export const isSchema = (value: unknown): value is SchemaNode =>
  typeof value === 'object' && value !== null && '_zod' in value;

export interface Procedure {
  name: string;
  type: 'query' | 'mutation' | 'subscription';
  input: SchemaNode | null;
}

/** tRPC sends queries and subscriptions (an EventSource) as GET, mutations as POST. */
export const methodOf = (p: Pick<Procedure, 'type'>) => (p.type === 'mutation' ? 'POST' : 'GET');

/** Every query, mutation and subscription of the tRPC router, with its input schema. */
export function discoverProcedures(): Procedure[] {
  const found: Procedure[] = [];
  for (const [name, procedure] of Object.entries(
    appRouter._def.procedures as Record<string, unknown>,
  )) {
    const def = (procedure as { _def?: { type?: unknown; inputs?: unknown[] } })._def;
    if (def?.type !== 'query' && def?.type !== 'mutation' && def?.type !== 'subscription')
      throw new Error(
        `tRPC procedure ${name} is a ${String(def?.type)}: teach server/test/route-discovery.ts it`,
      );
    const input = def.inputs?.find(isSchema) ?? null;
    found.push({ name, type: def.type, input });
  }
  return found;
}

/**
 * The first event of a Server-Sent Events answer (`connected`, or the error that refused the
 * stream), then the connection is dropped: an open stream never ends by itself.
 */
export async function firstEvent(response: Response): Promise<string> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const decoder = new TextDecoder();
  let text = '';
  try {
    while (!/\n\n/.test(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  return text;
}
