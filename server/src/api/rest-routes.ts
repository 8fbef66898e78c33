import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { AppServices } from '../services';
import { resolveCall } from './caller';
import { numericFields, parseInput, queryNumber } from './input';
import { encodedBody, matchesEtag, preferredEncoding, type CachedAnswer } from './read-cache';
import { cacheKey, runUseCase } from './run-use-case';
import type { RestBinding, RestRequest, Schema, UseCase } from './declare-use-case';
import { uploadedInput, uploadLimits } from './uploaded-input';

/** A JSON body's fields, or nothing when the body is absent or not an object. */
function bodyFields(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/** The default input: query (GET, DELETE) or body (POST, PUT), with the path parameters over it. */
function defaultInput(binding: RestBinding, numbers: Set<string>, request: RestRequest): unknown {
  if (binding.method === 'POST' || binding.method === 'PUT') {
    // A body that is not an object is handed on as it is, for the schema to refuse in words.
    if (Object.keys(request.params).length === 0) return request.body;
    return { ...bodyFields(request.body), ...request.params };
  }
  const query = Object.fromEntries(
    Object.entries(request.query).map(([name, value]) => [
      name,
      numbers.has(name) ? queryNumber(value) : value,
    ]),
  );
  return { ...query, ...request.params };
}

function restRequest(request: FastifyRequest): RestRequest {
  return {
    params: (request.params ?? {}) as Record<string, string>,
    query: (request.query ?? {}) as Record<string, unknown>,
    body: request.body,
  };
}

/**
 * A cached answer as stored: its ETag (a repeat with If-None-Match gets 304) and the body
 * compressed once for all requests, so a cache hit costs no serializing or compressing.
 * `no-cache`: browsers revalidate each time, so nobody keeps a price the shop has changed.
 */
function sendCached(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  const vary = reply.getHeader('vary');
  reply
    .header('etag', answer.etag)
    .header('cache-control', 'no-cache')
    .header('vary', vary ? `${String(vary)}, accept-encoding` : 'accept-encoding');
  if (matchesEtag(request.headers['if-none-match'], answer.etag)) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding = preferredEncoding(request.headers['accept-encoding']);
  if (!encoding || answer.json.length < 1024) return reply.send(answer.json);
  return reply.header('content-encoding', encoding).send(encodedBody(answer, encoding));
}

/**
 * Each REST path of each use case as a Fastify route: the caller is checked first (401/403
 * before any 400), then the request is read and validated, then the core function runs. Errors
 * go to the app's one error handler (http/errors.ts).
 */
export function registerUseCaseRoutes(
  app: FastifyInstance,
  services: AppServices,
  useCases: Iterable<{ path: string; useCase: UseCase }>,
) {
  for (const { path, useCase } of useCases) {
    const numbers: Set<string> = numericFields(useCase.input);
    for (const binding of useCase.rest) {
      // A visitor's repeat of a public cached read is answered by its URL (read-cache.ts).
      const byUrl =
        binding.method === 'GET' &&
        useCase.cache !== undefined &&
        useCase.access === 'public' &&
        !binding.answer &&
        !binding.status;
      const route: RouteOptions = {
        method: binding.method,
        url: binding.path,
        handler: async (request, reply) => {
          const visitor = byUrl && request.headers.authorization === undefined;
          if (visitor) {
            const hit = services.catalogCache.answersFor(request.url);
            if (hit) return sendCached(request, reply, hit.answers[0]!);
          }
          const call = await resolveCall(services, request, useCase.access);
          const parts = restRequest(request);
          // A file sent as a form stands for the JSON body it replaces (read after the caller).
          if (binding.upload && request.isMultipart())
            parts.body = await uploadedInput(request, binding.upload);
          if (binding.request) {
            const sent =
              binding.method === 'GET' || binding.method === 'DELETE' ? parts.query : parts.body;
            await parseInput(binding.request, sent);
          }
          const raw = binding.input ? binding.input(parts) : defaultInput(binding, numbers, parts);
          const input = await parseInput(useCase.input as Schema, raw);
          const outcome = await runUseCase(services, { path, useCase, call, input });
          // Read `result` only past this point: on a cached answer it parses the JSON again.
          if (outcome.cached && !binding.answer && !binding.status) {
            if (visitor)
              services.catalogCache.rememberUrl(request.url, [cacheKey(path, useCase, input)]);
            return sendCached(request, reply, outcome.cached);
          }
          if (binding.answer) {
            const answer = binding.answer(outcome.result);
            return reply.status(answer.status).send(answer.body);
          }
          return reply.status(binding.status ?? 200).send(outcome.result);
        },
      };
      const upload = binding.upload;
      if (!upload) {
        app.route(route);
        continue;
      }
      // Multipart parsing lives in this path's own scope; every other path keeps JSON only.
      void app.register(async (scope) => {
        await scope.register(multipart, { limits: uploadLimits(upload) });
        scope.route(route);
      });
    }
  }
}
