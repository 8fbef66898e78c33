import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppServices } from '../services';
import { resolveCall } from './caller';
import { numericFields, parseInput, queryNumber } from './input';
import type { RestBinding, RestRequest, Schema, UseCase } from './use-case';

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
 * Each REST path of each use case as a Fastify route: the caller is checked first (401/403
 * before any 400), then the request is read and validated, then the core function runs. Errors
 * go to the app's one error handler (http/errors.ts).
 */
export function registerUseCaseRoutes(
  app: FastifyInstance,
  services: AppServices,
  useCases: Iterable<UseCase>,
) {
  for (const useCase of useCases) {
    const numbers: Set<string> = numericFields(useCase.input);
    for (const binding of useCase.rest) {
      app.route({
        method: binding.method,
        url: binding.path,
        handler: async (request, reply) => {
          const call = await resolveCall(services, request, useCase.access);
          const parts = restRequest(request);
          if (binding.request) {
            const sent =
              binding.method === 'GET' || binding.method === 'DELETE' ? parts.query : parts.body;
            await parseInput(binding.request, sent);
          }
          const raw = binding.input ? binding.input(parts) : defaultInput(binding, numbers, parts);
          const result = await useCase.run(call, await parseInput(useCase.input as Schema, raw));
          if (binding.answer) {
            const answer = binding.answer(result);
            return reply.status(answer.status).send(answer.body);
          }
          return reply.status(binding.status ?? 200).send(result);
        },
      });
    }
  }
}
