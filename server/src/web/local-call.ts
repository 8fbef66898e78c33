import type { FastifyRequest } from 'fastify';
import { TRPC_ERROR_CODES_BY_KEY, type TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { DomainError, isUnavailable } from '@kanak/core';
import type { LocalAnswer, LocalCall } from '@kanak/shared';
import type { Call, UseCase } from '../api/declare-use-case';
import { parseInput } from '../api/input';
import { runUseCase } from '../api/run-use-case';
import { eachUseCase } from '../api/use-case-registry';
import { ERROR_ANSWERS, INTERNAL_MESSAGE } from '../http/errors';
import type { AppServices } from '../services';

const byPath = new Map(eachUseCase().map(({ path, useCase }) => [path, useCase]));

/**
 * Public queries whose answer comes from the configuration alone: they change only with a
 * restart, so a page that shows them may still be cached.
 */
const CONFIG_ONLY = new Set(['pages.shopInfo']);

const HTTP_STATUS: Partial<Record<TRPC_ERROR_CODE_KEY, number>> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  TOO_MANY_REQUESTS: 429,
  SERVICE_UNAVAILABLE: 503,
};

function refusal(code: TRPC_ERROR_CODE_KEY, message: string): LocalAnswer {
  return {
    ok: false,
    error: {
      message,
      code: TRPC_ERROR_CODES_BY_KEY[code],
      data: { code, httpStatus: HTTP_STATUS[code] ?? 500 },
    },
  };
}

/** What a page's render read: whether its HTML may be cached, and under which tags. */
export interface PageReads {
  call: LocalCall;
  /** Null once the page read something no tag can drop (or a read failed). */
  tags(): string[] | null;
}

/**
 * The server render's data source: each query runs through its use case and the catalogue read
 * cache, as a tRPC or REST request would, but in-process, and always as a visitor (the render
 * never sees who is asking, so no page's HTML can hold anyone's own data).
 */
export function localReads(services: AppServices, request: FastifyRequest): PageReads {
  const tags = new Set<string>();
  let cacheable = true;
  const call: LocalCall = async (path, input) => {
    const useCase: UseCase | undefined = byPath.get(path);
    if (!useCase || useCase.kind !== 'query') {
      cacheable = false;
      return refusal('NOT_FOUND', `No query ${path}`);
    }
    if (useCase.access !== 'public') {
      cacheable = false;
      return refusal('UNAUTHORIZED', 'Please log in to continue');
    }
    try {
      const parsed = await parseInput(useCase.input, input);
      const visitor: Call = { services, user: null, address: request.ip, request };
      const outcome = await runUseCase(services, { path, useCase, call: visitor, input: parsed });
      if (outcome.cached) {
        for (const tag of outcome.cached.tags) tags.add(tag);
        // The same bytes a client gets: dates and the like as JSON has them.
        return { ok: true, data: JSON.parse(outcome.cached.json) as unknown };
      }
      if (!CONFIG_ONLY.has(path)) cacheable = false;
      return { ok: true, data: JSON.parse(JSON.stringify(outcome.result)) as unknown };
    } catch (error) {
      cacheable = false;
      if (isUnavailable(error)) return refusal('SERVICE_UNAVAILABLE', 'Service unavailable');
      if (error instanceof DomainError)
        return refusal(ERROR_ANSWERS[error.kind].trpc, error.message);
      request.log.error({ err: error, path }, 'server render: query failed');
      return refusal('INTERNAL_SERVER_ERROR', INTERNAL_MESSAGE);
    }
  };
  return { call, tags: () => (cacheable ? [...tags] : null) };
}
