import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { incomingMessageToRequest } from '@trpc/server/adapters/node-http';
import { resolveResponse } from '@trpc/server/http';
import type { AppServices } from '../services';
import { answerTrpcQuery } from './direct-trpc-queries';
import { createContext } from './context';
import type { AppRouter } from './router';

/** tRPC's handler options; the context is made here, from the app's services. */
export type TrpcOptions = Omit<FastifyTRPCPluginOptions<AppRouter>['trpcOptions'], 'createContext'>;

/**
 * tRPC's answer through Fastify. A JSON answer (queries, mutations, errors) is read whole and
 * sent with its length, so @fastify/compress applies its 1 kB threshold: the adapter's own way
 * streamed every answer, and a streamed body is compressed whatever its size (a 26-byte ping
 * in brotli halved tRPC's rate). Event streams stay streams; a streamed batch is read whole too
 * (the storefront's client does not stream; one that does still gets every line).
 */
async function sendTrpcResponse(reply: FastifyReply, response: Response) {
  const type = response.headers.get('content-type') ?? '';
  if (!type.startsWith('application/json')) return reply.send(response);
  reply.status(response.status);
  // A streamed batch (`trpc-accept: application/jsonl`) says `transfer-encoding: chunked`: sent
  // whole here, it gets a length instead (both would be a malformed answer clients refuse).
  for (const [name, value] of response.headers)
    if (name !== 'transfer-encoding' && name !== 'content-length') reply.header(name, value);
  return reply.send(await response.text());
}

function decodable(path: string) {
  try {
    decodeURIComponent(path);
    return true;
  } catch {
    return false;
  }
}

/**
 * /trpc/:path, as tRPC's Fastify plugin registers it (same body parsers, same options), with
 * two changes: GET queries are answered by their use cases directly, cached ones from the read
 * cache's bytes (direct-trpc-queries.ts), and JSON answers are sent whole (above).
 */
export async function registerTrpc(
  app: FastifyInstance,
  services: AppServices,
  options: TrpcOptions,
) {
  const maxBatchSize = options.maxBatchSize ?? Number.POSITIVE_INFINITY;
  await app.register(async (scope) => {
    // tRPC reads the raw body itself.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    scope.removeContentTypeParser('multipart/form-data');
    scope.addContentTypeParser('multipart/form-data', {}, (_req, body, done) => done(null, body));
    scope.all('/trpc/:path', async (request: FastifyRequest, reply: FastifyReply) => {
      if (
        request.method === 'GET' &&
        (await answerTrpcQuery(services, { request, reply, maxBatchSize }))
      )
        return reply;
      const { path } = request.params as { path: string };
      // tRPC decodes the path again and answers a stray `%` with a 500: a 400 in its shape here.
      if (!decodable(path))
        return reply.status(400).send({
          error: {
            message: 'The procedure path is not valid',
            code: -32600,
            data: { code: 'BAD_REQUEST', httpStatus: 400 },
          },
        });
      const incoming = request.raw as typeof request.raw & { body?: unknown };
      if ('body' in request) incoming.body = request.body;
      const req = incomingMessageToRequest(incoming, reply.raw, { maxBodySize: null });
      const response = await resolveResponse({
        ...options,
        req,
        path,
        error: null,
        createContext: async ({ info }) =>
          createContext(services, { req: request, res: reply, info }),
        onError: (o) => options.onError?.({ ...o, req: request }),
      });
      return sendTrpcResponse(reply, response);
    });
  });
}
