// The worker's entry point. Tracing first (when OTEL_EXPORTER_OTLP_ENDPOINT is set), then the
// worker (run.ts): OpenTelemetry patches pg and ioredis as they load, so they must load after it.
// Nothing else is imported here; the production bundle keeps run.js apart.
import { startTracing } from '@kanak/core/telemetry';

await startTracing({ serviceName: 'kanak-worker' });
await import('./run');
