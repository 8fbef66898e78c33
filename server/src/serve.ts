import { facetIndex, settledWithin, shutdownTracing } from '@kanak/core';
import { buildApp } from './app';
import { loadConfig, type Config } from './config';

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  // A configuration refusal is one line for the operator, not a stack trace.
  console.error((error as Error).message);
  process.exit(1);
}
const { app, services } = await buildApp(config);

/**
 * SIGTERM / SIGINT: stop accepting connections, let in-flight requests finish (at most
 * SHUTDOWN_TIMEOUT_MS − 4 s), then close queues and pools (the app's onClose hook, each step
 * bounded), and exit. Whatever hangs (PostgreSQL frozen, Redis gone), the process exits within
 * SHUTDOWN_TIMEOUT_MS (default 9 s).
 */
let stopping = false;
const shutdown = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  const started = Date.now();
  setTimeout(() => {
    app.log.error({ signal }, `could not stop within ${config.SHUTDOWN_TIMEOUT_MS} ms; exiting`);
    process.exit(1);
  }, config.SHUTDOWN_TIMEOUT_MS).unref();
  const drainMs = Math.max(1000, config.SHUTDOWN_TIMEOUT_MS - 4000);
  app.log.info({ signal, drainMs }, 'shutting down: no new connections, draining requests');

  // Stops listening at once; requests that arrive on open keep-alive connections meanwhile get
  // Fastify's 503 (return503OnClosing). Resolves after the onClose hooks (services) have run.
  const closed = app.close();
  // Node closes idle keep-alive connections only when close() starts: a connection whose
  // request finishes later would otherwise stay open (and close() wait) for keepAliveTimeout.
  const sweep = setInterval(() => app.server.closeIdleConnections(), 100);
  if (!(await settledWithin(closed, drainMs))) {
    app.log.warn(`requests still running after ${drainMs} ms: closing their connections`);
    app.server.closeAllConnections();
    await settledWithin(closed, config.SHUTDOWN_TIMEOUT_MS - (Date.now() - started) - 200);
  }
  clearInterval(sweep);
  // The last spans (this shutdown's requests) go to the collector, within what time is left.
  await shutdownTracing(Math.min(2000, config.SHUTDOWN_TIMEOUT_MS - (Date.now() - started) - 100));
  app.log.info({ ms: Date.now() - started }, 'stopped');
  process.exit(0);
};
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
// A library's stray rejection while PostgreSQL or Redis is away is logged, not fatal: the server
// keeps answering (503 where it needs them) and recovers when they return.
process.on('unhandledRejection', (reason) => {
  app.log.error({ err: reason }, 'unhandled rejection');
});

await app.listen({ port: config.PORT, host: config.HOST });
// Listing facet counts read an in-memory index of the live catalogue: loaded now, not by the
// first shopper's listing. A failure is only logged (that listing loads it again).
facetIndex(services.db).catch((error: unknown) =>
  app.log.warn({ err: error }, 'facet index not loaded at start'),
);
