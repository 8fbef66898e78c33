import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { publicOrigin } from '../http/public-origin';

/**
 * The server's own origin (hosted sandbox page) and the web's origin (where the payment provider
 * sends the shopper back). PUBLIC_URL wins; else the request tells us, the web's origin being the
 * browser's Origin header when it is one we serve (the Vite dev server calls cross-origin).
 */
export function requestOrigins(
  config: Config,
  request: FastifyRequest,
): { server: string; web: string } {
  const server = publicOrigin(config, request);
  const origin = request.headers.origin;
  const web = origin && isAllowedOrigin(config, server, origin) ? origin : server;
  return { server, web };
}

export function isAllowedOrigin(config: Config, server: string, origin: string): boolean {
  return (
    origin === server ||
    config.CORS_ORIGINS.includes(origin) ||
    (config.PUBLIC_URL ?? '').replace(/\/$/, '') === origin
  );
}
