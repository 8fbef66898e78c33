import type { IncomingMessage } from 'node:http';
import { compile } from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import { enterRequest, isValidRequestId, newRequestId } from '@kanak/core';
import type { Config } from '../config';

/**
 * Whether the connection's peer is a proxy TRUST_PROXY trusts: with a list of addresses, only a
 * peer on it; with `true` or a hop count, the peer is the nearest trusted hop by definition.
 */
function trustedPeer(setting: Config['TRUST_PROXY']): (req: IncomingMessage) => boolean {
  if (setting === false || setting === 0) return () => false;
  if (setting === true || typeof setting === 'number') return () => true;
  const trust = compile(setting);
  return (req) => {
    const peer = req.socket.remoteAddress;
    return peer !== undefined && trust(peer, 0);
  };
}

/** W3C trace context and baggage: what OpenTelemetry would make the parent of our span. */
const TRACE_HEADERS = ['traceparent', 'tracestate', 'baggage'] as const;

/**
 * Each request's id: a valid X-Request-Id is taken only from a trusted proxy (it names the
 * request, so its log and ours share one id: the compose nginx sets its $request_id); otherwise
 * a new one, since a client could name its request after someone else's to muddle the logs.
 *
 * By the same rule, a client's `traceparent`, `tracestate` and `baggage` are dropped unless a
 * trusted proxy sent them: otherwise any client would choose the trace id of our request, its
 * outbox row, the worker's job and their log lines. Fastify asks for the id as it takes the
 * request, before any hook: the tracing plugin's hook then finds no foreign context.
 */
export function requestIdGenerator(config: Pick<Config, 'TRUST_PROXY'>) {
  const fromProxy = trustedPeer(config.TRUST_PROXY);
  return (req: IncomingMessage): string => {
    const trusted = fromProxy(req);
    if (!trusted) for (const header of TRACE_HEADERS) delete req.headers[header];
    const incoming = req.headers['x-request-id'];
    return isValidRequestId(incoming) && trusted ? incoming : newRequestId();
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
