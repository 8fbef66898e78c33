import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { enterRequest, isValidRequestId, newRequestId } from '@kanak/core';
import type { Config } from '../config';

/**
 * Each request's id: a valid X-Request-Id is taken only when a trusted proxy may have set it
 * (TRUST_PROXY on: the proxy names the request, so its log and ours share one id); otherwise a
 * new one, since a client could name its request after someone else's to muddle the logs.
 */
export function requestIdGenerator(config: Pick<Config, 'TRUST_PROXY'>) {
  const trusted = config.TRUST_PROXY !== false && config.TRUST_PROXY !== 0;
  return (req: IncomingMessage): string => {
    const incoming = req.headers['x-request-id'];
    return trusted && isValidRequestId(incoming) ? incoming : newRequestId();
  };
}

/**
 * Answers the id back (X-Request-Id) and makes it the request's context, so the outbox row, the
 * job and, through them, the worker's log lines and the order event carry it. The context is
 * entered again after the body is read: the parser's stream events run outside it.
 */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('x-request-id', request.id);
    enterRequest(request.id);
    done();
  });
  app.addHook('preHandler', (request, _reply, done) => {
    enterRequest(request.id);
    done();
  });
}
