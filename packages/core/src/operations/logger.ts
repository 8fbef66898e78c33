import { createRequire } from 'node:module';
import pino, { type Logger, type LevelWithSilent } from 'pino';
import type PinoPretty from 'pino-pretty';
import { currentRequestId } from './request-context';
import { activeTracing, currentTraceId } from '../telemetry';

export type { Logger } from 'pino';

export interface LoggerOptions {
  level: LevelWithSilent;
  /** Human-readable lines (development terminals); JSON otherwise (production, tests, collectors). */
  pretty: boolean;
  /** Adds the current request id (see request-context) to every line written inside one. */
  withRequestId?: boolean;
  /** Tells the process apart when server and worker share a terminal. */
  name?: string;
  redact?: string[];
}

/** Pretty in a development terminal, JSON elsewhere: one decision for server and worker. */
export const prettyLogs = (nodeEnv: string): boolean => nodeEnv === 'development';

/**
 * pino for server and worker. Pretty output is written synchronously in this thread (no
 * transport worker), so it bundles like any other dependency and loses nothing on exit.
 */
export function createLogger(options: LoggerOptions): Logger {
  // With tracing on (started before the logger is made), a line written inside a span names its
  // trace: from a log line to the trace, and back.
  const traced = activeTracing() !== undefined;
  const settings: pino.LoggerOptions = {
    level: options.level,
    ...(options.name ? { name: options.name } : {}),
    ...(options.redact ? { redact: options.redact } : {}),
    ...(options.withRequestId || traced
      ? {
          mixin: () => {
            const requestId = options.withRequestId ? currentRequestId() : undefined;
            const traceId = traced ? currentTraceId() : undefined;
            return { ...(requestId ? { requestId } : {}), ...(traceId ? { traceId } : {}) };
          },
        }
      : {}),
  };
  if (!options.pretty) return pino(settings);
  // Loaded here, synchronously, only for a development terminal: JSON logs (production, tests)
  // never need pino-pretty's 9 MB.
  const pretty = createRequire(import.meta.url)('pino-pretty') as typeof PinoPretty;
  return pino(
    settings,
    pretty({
      colorize: process.stdout.isTTY === true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'pid,hostname',
      singleLine: true,
      sync: true,
    }),
  );
}
