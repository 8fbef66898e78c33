import { fastifyTRPCPlugin, type CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { notFound, UNAVAILABLE_MESSAGE } from '@kanak/core';
import type { Context } from './context';
import { INTERNAL_MESSAGE, publicProcedure, router, trpcResponseMeta } from './trpc';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

const testRouter = router({
  down: publicProcedure.query(() => {
    throw withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');
  }),
  timedOut: publicProcedure.mutation(() => {
    throw new Error('timeout exceeded when trying to connect');
  }),
  broken: publicProcedure.query(() => {
    throw withCode('relation "secret_table" does not exist', '42P01');
  }),
  refused: publicProcedure.query(() => {
    throw notFound('Product');
  }),
});

async function app() {
  const server = Fastify();
  await server.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: testRouter,
      createContext: ({ req }: CreateFastifyContextOptions): Context => ({
        req,
        services: undefined as never,
        connectionParams: null,
      }),
      responseMeta: trpcResponseMeta,
    },
  });
  return server;
}

type ErrorBody = { error: { message: string; data: { code: string; httpStatus: number } } };

describe('tRPC error answers', () => {
  it.each([
    ['GET', '/trpc/down'],
    ['POST', '/trpc/timedOut'],
  ] as const)('%s %s: SERVICE_UNAVAILABLE, 503 with Retry-After', async (method, url) => {
    const res = await (
      await app()
    ).inject(
      method === 'GET'
        ? { method, url }
        : { method, url, headers: { 'content-type': 'application/json' }, payload: '{}' },
    );
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    const body = res.json<ErrorBody>();
    expect(body.error.message).toBe(UNAVAILABLE_MESSAGE);
    expect(body.error.data.code).toBe('SERVICE_UNAVAILABLE');
    expect(res.body).not.toMatch(/ECONNREFUSED|timeout exceeded|5432/);
  });

  it('an internal error carries no internal text', async () => {
    const res = await (await app()).inject({ method: 'GET', url: '/trpc/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.json<ErrorBody>().error.message).toBe(INTERNAL_MESSAGE);
    expect(res.body).not.toMatch(/secret_table|relation|stack/);
  });

  it('a refusal keeps its code and message', async () => {
    const res = await (await app()).inject({ method: 'GET', url: '/trpc/refused' });
    expect(res.statusCode).toBe(404);
    expect(res.json<ErrorBody>().error.message).toBe('Product not found');
    expect(res.headers['retry-after']).toBeUndefined();
  });
});
