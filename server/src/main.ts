// The server's entry point. Tracing first (when OTEL_EXPORTER_OTLP_ENDPOINT is set), then the
// application (serve.ts): OpenTelemetry patches pg, ioredis and Fastify as they load, so they must
// load after it. Nothing else is imported here; the production bundle keeps serve.js apart.
import { startTracing } from '@kanak/core/telemetry';

await startTracing({
  serviceName: 'kanak-server',
  instrumentations: async () => {
    const { FastifyOtelInstrumentation } = await import('@fastify/otel');
    return [
      new FastifyOtelInstrumentation({
        // Registers itself on every Fastify instance as it is created (before any route).
        registerOnInitialization: true,
        // Probes and scrapes are not worth a trace each.
        ignorePaths: ({ url }) => /^\/(api\/health|metrics)(\/|\?|$)/.test(url),
        // "GET /api/payment" rather than the plugin's "request".
        requestHook: (span, request) =>
          span.updateName(`${request.method} ${request.routeOptions.url ?? request.url}`),
      }),
    ];
  },
});
await import('./serve');
