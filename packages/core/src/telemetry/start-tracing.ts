import type { Instrumentation } from '@opentelemetry/instrumentation';
import { registerTracing } from './trace-context';

export type { Instrumentation } from '@opentelemetry/instrumentation';

export interface TracingOptions {
  /** The resource's service.name unless OTEL_SERVICE_NAME names it. */
  serviceName: string;
  /** The process's own instrumentations (the server's Fastify one), created only when tracing runs. */
  instrumentations?: () => Promise<Instrumentation[]>;
}

/** Tracing runs when OTEL_EXPORTER_OTLP_ENDPOINT is set (the collector's base URL). */
export const tracingEnabled = (env: NodeJS.ProcessEnv = process.env): boolean =>
  Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim());

/**
 * Starts OpenTelemetry (traces only, OTLP over HTTP; the exporter reads OTEL_EXPORTER_OTLP_* and
 * OTEL_BSP_* itself) when OTEL_EXPORTER_OTLP_ENDPOINT is set, and answers whether it did. Unset,
 * no OpenTelemetry module is loaded: the imports below are dynamic, so the bundles keep them as
 * imports that run only here.
 *
 * Call it before the instrumented libraries (pg, ioredis, fastify) are imported: main.ts awaits
 * it, then imports the application.
 */
export async function startTracing(options: TracingOptions): Promise<boolean> {
  if (!tracingEnabled()) return false;
  // pg is patched as pg's own require()s load its files; ioredis, imported from ES modules, only
  // through OpenTelemetry's import hook (import-in-the-middle), limited here to that package.
  const { register } = await import('node:module');
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, {
    data: { include: ['ioredis'] },
  });
  const [{ NodeSDK }, api, { PgInstrumentation }, { IORedisInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/api'),
    import('@opentelemetry/instrumentation-pg'),
    import('@opentelemetry/instrumentation-ioredis'),
  ]);
  const sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME?.trim() || options.serviceName,
    instrumentations: [
      // Only queries and commands inside a traced request or job: the outbox relay's polling
      // and BullMQ's own Redis traffic would otherwise be a trace each, several a second.
      new PgInstrumentation({ requireParentSpan: true }),
      new IORedisInstrumentation({ requireParentSpan: true }),
      ...((await options.instrumentations?.()) ?? []),
    ],
    // Traces only: metrics are Prometheus's (/metrics), logs are pino's lines.
    metricReaders: [],
    logRecordProcessors: [],
  });
  sdk.start();

  const { context, trace, ROOT_CONTEXT, SpanKind, SpanStatusCode, TraceFlags } = api;
  const tracer = trace.getTracer('kanak');
  const current = () => {
    const span = trace.getSpan(context.active())?.spanContext();
    return span && trace.isSpanContextValid(span) ? span : undefined;
  };
  registerTracing({
    traceparent() {
      const span = current();
      if (!span) return undefined;
      return `00-${span.traceId}-${span.spanId}-${span.traceFlags.toString(16).padStart(2, '0')}`;
    },
    traceId: () => current()?.traceId,
    inSpan(name, { traceparent, kind, attributes }, work) {
      const [, traceId, spanId, flags] = traceparent?.split('-') ?? [];
      const parent =
        traceId && spanId
          ? trace.setSpanContext(ROOT_CONTEXT, {
              traceId,
              spanId,
              traceFlags: Number.parseInt(flags ?? '0', 16) & TraceFlags.SAMPLED,
              isRemote: true,
            })
          : ROOT_CONTEXT;
      return tracer.startActiveSpan(
        name,
        {
          kind: kind === 'producer' ? SpanKind.PRODUCER : SpanKind.CONSUMER,
          ...(attributes ? { attributes } : {}),
        },
        parent,
        async (span) => {
          try {
            return await work();
          } catch (error) {
            span.recordException(error as Error);
            span.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
            throw error;
          } finally {
            span.end();
          }
        },
      );
    },
    shutdown: () => sdk.shutdown(),
  });
  return true;
}
