/**
 * What the rest of the code asks of tracing, without importing OpenTelemetry: with
 * OTEL_EXPORTER_OTLP_ENDPOINT unset nothing registers here and every function below is a no-op
 * (start-tracing.ts loads the SDK only when the variable is set).
 *
 * The registration lives on globalThis, not in this module: a production bundle's start-up file
 * (dist/server/main.js) and the application it then imports (dist/server/serve.js) each hold a
 * copy of this module.
 */
export interface ActiveTracing {
  /** The current span's W3C `traceparent` (to hand to another process), if inside one. */
  traceparent(): string | undefined;
  /** The current trace's id (for log lines), if inside a span. */
  traceId(): string | undefined;
  /** Runs `work` in a new span, the child of `traceparent` when given (a job the server queued). */
  inSpan<T>(name: string, options: SpanOptions, work: () => Promise<T>): Promise<T>;
  /** Exports the spans still buffered and stops. */
  shutdown(): Promise<void>;
}

export interface SpanOptions {
  /** The W3C traceparent of the span to continue (another process's); a new trace without. */
  traceparent?: string;
  /** A job taken from a queue (default) or a message put on one. */
  kind?: 'consumer' | 'producer';
  attributes?: Record<string, string | number>;
}

const KEY = Symbol.for('kanak.tracing');
type WithTracing = typeof globalThis & { [KEY]?: ActiveTracing };

export const activeTracing = (): ActiveTracing | undefined => (globalThis as WithTracing)[KEY];

/** Called once by start-tracing when the SDK runs. */
export function registerTracing(tracing: ActiveTracing): void {
  (globalThis as WithTracing)[KEY] = tracing;
}

/** The current span's traceparent (written beside the request id into the outbox row). */
export const currentTraceparent = (): string | undefined => activeTracing()?.traceparent();

/** The current trace id (a log line's `traceId`). */
export const currentTraceId = (): string | undefined => activeTracing()?.traceId();

/** `work` in a span of its own when tracing runs; just `work` otherwise. */
export function runInSpan<T>(
  name: string,
  options: SpanOptions,
  work: () => Promise<T>,
): Promise<T> {
  const tracing = activeTracing();
  return tracing ? tracing.inSpan(name, options, work) : work();
}

/** Flushes buffered spans before the process exits (SIGTERM); at most `timeoutMs`. */
export async function shutdownTracing(timeoutMs = 2000): Promise<void> {
  const tracing = activeTracing();
  if (!tracing) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    tracing.shutdown().catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, timeoutMs);
    }),
  ]);
  clearTimeout(timer);
}

/** A W3C traceparent (version 00): what a job's data may carry into the worker. */
const TRACEPARENT = /^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$/;

export const isValidTraceparent = (value: unknown): value is string =>
  typeof value === 'string' && TRACEPARENT.test(value);
