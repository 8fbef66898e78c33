// The server's entry point. Tracing first (when OTEL_EXPORTER_OTLP_ENDPOINT is set), then the
// application (serve.ts): OpenTelemetry patches pg, ioredis and Fastify as they load, so they must
// load after it. Nothing else is imported here; the production bundle keeps serve.js apart.
import { startTracing } from '@kanak/core/telemetry';

await startTracing({
  serviceName: 'kanak-server',
  instrumentations: async () => {
    const [{ FastifyOtelInstrumentation }, { traceablePath }] = await Promise.all([
      import('@fastify/otel'),
      import('./http/traceable-path'),
    ]);
    return [
      new FastifyOtelInstrumentation({
        // Registers itself on every Fastify instance as it is created (before any route).
        registerOnInitialization: true,
        // Probes and scrapes are not worth a trace each.
        ignorePaths: ({ url }) => /^\/(api\/health|metrics)(\/|\?|$)/.test(url),
        // "GET /api/payment" rather than the plugin's "request"; url.path without the query or
        // token segments (the plugin records the raw URL: a reset link's token, for one).
        requestHook: (span, request) => {
          const path = traceablePath(request.url, request.routeOptions.url);
          span.setAttribute('url.path', path);
          span.updateName(`${request.method} ${request.routeOptions.url ?? path}`);
        },
      }),
    ];
  },
});
await import('./serve');
