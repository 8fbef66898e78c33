import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';

/** The shop's public origin, without a trailing slash: PUBLIC_URL, else the request's own. */
export function publicOrigin(config: Pick<Config, 'PUBLIC_URL'>, request: FastifyRequest): string {
  return (config.PUBLIC_URL ?? `${request.protocol}://${request.host}`).replace(/\/+$/, '');
}
