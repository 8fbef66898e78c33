import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { registerOutboxMetrics, registerProcessMetrics } from '@kanak/core';
import type { AppServices } from '../services';

/**
 * Every metric family the server exposes, in one place. Names carry no ids: routes are
 * templates (/api/products/:id), tRPC calls their procedure names.
 * Mails and repricing are the worker's (worker/src/metrics/metrics.ts).
 */
export interface ServerMetrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route' | 'status'>;
  /** Requests received and not answered yet (a drain at shutdown waits for these). */
  httpInFlight: Gauge;
}

export function createServerMetrics(services: AppServices): ServerMetrics {
  const registry = new Registry();
  registry.setDefaultLabels({ process: 'server' });
  registerProcessMetrics(registry, {
    db: services.db,
    redisUp: () => services.queueRedis.status === 'ready',
  });
  registerOutboxMetrics(registry, services.db);
  const metrics: ServerMetrics = {
    registry,
    httpRequests: new Counter({
      name: 'kanak_http_requests_total',
      help: 'HTTP requests answered, by method, route template (tRPC: trpc:<procedure>) and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'kanak_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method, route template and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    httpInFlight: new Gauge({
      name: 'kanak_http_requests_in_flight',
      help: 'HTTP requests received and not answered yet',
      registers: [registry],
    }),
  };
  const cache = services.catalogCache.stats;
  new Counter({
    name: 'kanak_read_cache_hits_total',
    help: 'Catalogue read-cache answers served from memory',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(cache.hits);
    },
  });
  new Counter({
    name: 'kanak_read_cache_misses_total',
    help: 'Catalogue read-cache lookups that had to read PostgreSQL',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(cache.misses);
    },
  });
  new Counter({
    name: 'kanak_read_cache_evictions_total',
    help: 'Catalogue read-cache entries pushed out for room (CATALOG_CACHE_MB too small if it climbs)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(cache.evictions);
    },
  });
  const renders = services.renders.stats;
  const renderCounter = (name: string, help: string, value: () => number) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        this.reset();
        this.inc(value());
      },
    });
  renderCounter(
    'kanak_ssr_pages_total',
    'Storefront pages rendered on the server',
    () => renders.pages,
  );
  renderCounter(
    'kanak_ssr_passes_total',
    'React render passes of those pages (above kanak_ssr_pages_total: a route does not load all it shows)',
    () => renders.passes,
  );
  renderCounter(
    'kanak_ssr_shared_total',
    'Requests that took the render of the same URL already running',
    () => renders.shared,
  );
  renderCounter(
    'kanak_ssr_fallbacks_total',
    'Requests past SSR_MAX_RENDERS: sent the browser-rendered page at once',
    () => renders.fallbacks,
  );
  new Gauge({
    name: 'kanak_order_event_watchers',
    help: 'Browsers watching order events (live stream) through this server',
    registers: [registry],
    collect() {
      this.set(services.orderEvents.watchers());
    },
  });
  return metrics;
}
