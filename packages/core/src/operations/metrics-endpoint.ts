import { createServer, type Server } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { Registry } from 'prom-client';

/** Whether an Authorization header carries the metrics token (compared in constant time). */
export function metricsTokenAccepted(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1] ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * `/metrics` on a port of its own (METRICS_PORT), for a scraper on a private network: the
 * shop's port never serves it. With a token set it is asked for here too.
 */
export async function startMetricsServer(
  registry: Registry,
  options: { port: number; host: string; token?: string },
): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: 'NOT_FOUND', message: 'Only GET /metrics is served here' }));
      return;
    }
    if (options.token && !metricsTokenAccepted(req.headers.authorization, options.token)) {
      res.writeHead(401, { 'content-type': 'application/json', 'www-authenticate': 'Bearer' });
      res.end(JSON.stringify({ error: 'UNAUTHORIZED', message: 'The metrics token is required' }));
      return;
    }
    registry.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': registry.contentType });
        res.end(text);
      },
      (error: Error) => {
        res.writeHead(503, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: 'UNAVAILABLE', message: error.message }));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
