// `@kanak/core/telemetry`: what main.ts imports before anything else (no pg, no ioredis, no
// OpenTelemetry until startTracing finds OTEL_EXPORTER_OTLP_ENDPOINT set).
export * from './start-tracing';
export * from './trace-context';
