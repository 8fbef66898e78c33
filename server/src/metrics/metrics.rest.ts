import type { FastifyInstance, FastifyRequest } from 'fastify';
import { metricsTokenAccepted, startMetricsServer } from '@kanak/core';
import { appRouter } from '../trpc/router';
import type { AppServices } from '../services';
import type { ServerMetrics } from './metrics';

const procedures = new Set(Object.keys(appRouter._def.procedures));

/** The route label(s) of a request: its template, or each tRPC procedure of a batch. */
function routeLabels(request: FastifyRequest): string[] {
  const template = request.routeOptions.url;
  if (template === undefined) return ['<unmatched>'];
  if (!template.startsWith('/trpc')) return [template];
  const path = request.url.split('?')[0]!.slice('/trpc/'.length);
  return path.split(',').map((name) => (procedures.has(name) ? `trpc:${name}` : 'trpc:<unknown>'));
}

/**
 * Each answered request: counted and timed for the metrics, and one short line at debug level
 * (Fastify's own two JSON lines per request are off: at info they flooded the console).
 */
export function registerRequestObservation(app: FastifyInstance, metrics: ServerMetrics): void {
  // One counter and histogram child per label set, found by a string: prom-client would hash the
  // label object on every call (routes are templates and statuses few, so the map stays small).
  const children = new Map<
    string,
    { count: { inc(): void }; time: { observe(seconds: number): void } }
  >();
  const childOf = (method: string, route: string, status: string) => {
    const key = `${method} ${route} ${status}`;
    let child = children.get(key);
    if (!child) {
      const labels = { method, route, status };
      child = {
        count: metrics.httpRequests.labels(labels),
        time: metrics.httpDuration.labels(labels),
      };
      children.set(key, child);
    }
    return child;
  };
  app.addHook('onRequest', (_request, reply, done) => {
    metrics.httpInFlight.inc();
    // 'close' comes once per response: when it is sent, or when its connection went first.
    reply.raw.once('close', () => metrics.httpInFlight.dec());
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const seconds = reply.elapsedTime / 1000;
    const status = String(reply.statusCode);
    for (const route of routeLabels(request)) {
      const child = childOf(request.method, route, status);
      child.count.inc();
      child.time.observe(seconds);
    }
    // Fastify's level check: the line is not even formatted above debug.
    if (request.log.level === 'debug' || request.log.level === 'trace')
      request.log.debug(
        `${request.method} ${request.url.split('?')[0]} ${status} ${reply.elapsedTime.toFixed(0)}ms`,
      );
    done();
  });
}

/**
 * `/metrics`: on the shop's port only behind METRICS_TOKEN; on METRICS_PORT (METRICS_HOST,
 * loopback by default) when set. Neither set: not served at all.
 */
export async function registerMetricsRest(
  app: FastifyInstance,
  services: AppServices,
  metrics: ServerMetrics,
): Promise<number | undefined> {
  const { METRICS_TOKEN: token, METRICS_PORT: port, METRICS_HOST: host } = services.config;
  if (token)
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!metricsTokenAccepted(request.headers.authorization, token))
        return reply
          .status(401)
          .header('www-authenticate', 'Bearer')
          .send({ error: 'UNAUTHORIZED', message: 'The metrics token is required' });
      return reply
        .header('content-type', metrics.registry.contentType)
        .header('cache-control', 'no-store')
        .send(await metrics.registry.metrics());
    });
  if (port !== undefined) {
    const server = await startMetricsServer(metrics.registry, { port, host, token });
    app.log.info(`metrics on http://${host}:${server.port}/metrics`);
    app.addHook('onClose', () => server.close());
    return server.port;
  }
  return undefined;
}
