import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { notFound, unavailable, UNAVAILABLE_MESSAGE } from '@kanak/core';
import { registerErrorHandler } from './errors';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

function app() {
  const server = Fastify();
  registerErrorHandler(server);
  server.get('/down', async () => {
    throw withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED');
  });
  server.get('/terminated', async () => {
    throw withCode('terminating connection due to administrator command', '57P01');
  });
  server.get('/broken', async () => {
    throw withCode('relation "secret_table" does not exist', '42P01');
  });
  server.get('/storage', async () => {
    throw Object.assign(unavailable('Image storage cannot be reached'), {
      cause: withCode('connect ECONNREFUSED 127.0.0.1:9000', 'ECONNREFUSED'),
    });
  });
  server.get('/refused', async () => {
    throw notFound('Product');
  });
  return server;
}

describe('REST error answers', () => {
  it.each(['/down', '/terminated'])(
    '%s: 503 with Retry-After and a message, no driver text',
    async (url) => {
      const res = await app().inject({ method: 'GET', url });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toMatch(/^\d+$/);
      expect(res.json()).toEqual({ error: 'UNAVAILABLE', message: UNAVAILABLE_MESSAGE });
    },
  );

  it('an outage refusal keeps its own message (what is away), not its cause', async () => {
    const res = await app().inject({ method: 'GET', url: '/storage' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.json()).toEqual({
      error: 'UNAVAILABLE',
      message: 'Image storage cannot be reached',
    });
  });

  it('a fault of ours: 500 without its text', async () => {
    const res = await app().inject({ method: 'GET', url: '/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toMatch(/secret_table|relation/);
  });

  it('a refusal keeps its status and message', async () => {
    const res = await app().inject({ method: 'GET', url: '/refused' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Product not found' });
  });
});
