import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { sharedEnvShape } from '../config';
import { startTracing, tracingEnabled } from './start-tracing';
import {
  activeTracing,
  currentTraceId,
  currentTraceparent,
  isValidTraceparent,
  runInSpan,
} from './trace-context';

describe('tracing off (OTEL_EXPORTER_OTLP_ENDPOINT unset or empty)', () => {
  it('is off for an unset or blank endpoint', () => {
    expect(tracingEnabled({})).toBe(false);
    expect(tracingEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: '  ' })).toBe(false);
    expect(tracingEnabled({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toBe(true);
  });

  it('starts nothing and leaves spans, traceparents and trace ids out', async () => {
    const saved = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
    try {
      const instrumentations = () => Promise.reject(new Error('not to be called'));
      expect(await startTracing({ serviceName: 'kanak-test', instrumentations })).toBe(false);
    } finally {
      if (saved !== undefined) process.env.OTEL_EXPORTER_OTLP_ENDPOINT = saved;
    }
    expect(activeTracing()).toBeUndefined();
    expect(currentTraceparent()).toBeUndefined();
    expect(currentTraceId()).toBeUndefined();
    expect(await runInSpan('job', { traceparent: 'x' }, async () => 42)).toBe(42);
  });
});

describe('traceparent', () => {
  it('takes W3C version-00 traceparents only', () => {
    expect(isValidTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01')).toBe(
      true,
    );
    for (const bad of [
      undefined,
      42,
      '',
      '01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      '00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01\nforged',
    ])
      expect(isValidTraceparent(bad)).toBe(false);
  });
});

describe('OTEL_* in the shared configuration', () => {
  const schema = z.object({
    OTEL_EXPORTER_OTLP_ENDPOINT: sharedEnvShape.OTEL_EXPORTER_OTLP_ENDPOINT,
    OTEL_SERVICE_NAME: sharedEnvShape.OTEL_SERVICE_NAME,
  });

  it('takes an http(s) endpoint and a service name; empty (as compose passes them) is unset', () => {
    expect(
      schema.parse({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318',
        OTEL_SERVICE_NAME: 'kanak-server-eu',
      }),
    ).toEqual({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://otel-collector:4318',
      OTEL_SERVICE_NAME: 'kanak-server-eu',
    });
    expect(schema.parse({ OTEL_EXPORTER_OTLP_ENDPOINT: '', OTEL_SERVICE_NAME: ' ' })).toEqual({
      OTEL_EXPORTER_OTLP_ENDPOINT: undefined,
      OTEL_SERVICE_NAME: undefined,
    });
  });

  it('refuses an endpoint that is not an http(s) URL', () => {
    expect(schema.safeParse({ OTEL_EXPORTER_OTLP_ENDPOINT: 'otel-collector:4317' }).success).toBe(
      false,
    );
  });
});
