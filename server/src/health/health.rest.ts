import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { pingRedisClient, settledWithin, UNAVAILABLE_RETRY_AFTER_SECONDS } from '@kanak/core';
import * as z from 'zod/mini';
import type { RouteDoc } from '../api/openapi';
import type { AppServices } from '../services';

const health = z.object({
  status: z.enum(['ok', 'degraded']),
  postgres: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down']),
});

export const healthDoc: RouteDoc = {
  method: 'GET',
  path: '/api/health',
  tag: 'health',
  access: 'public',
  summary: 'PostgreSQL and Redis reachability, each checked within HEALTH_CHECK_TIMEOUT_MS',
  responses: {
    200: { description: 'Both answer', schema: health },
    503: { description: 'One is down (named)', schema: health },
  },
};

/**
 * Each dependency is checked in parallel with its own bound (HEALTH_CHECK_TIMEOUT_MS, default
 * 1.5 s), so the answer comes within that however a dependency fails: 200 when both answer,
 * else 503 naming the one that is down.
 */
export function registerHealthRest(app: FastifyInstance, services: AppServices) {
  const timeoutMs = services.config.HEALTH_CHECK_TIMEOUT_MS;
  const checkPostgres = async () => {
    let ok = false;
    const query = sql`SELECT 1`.execute(services.db).then(() => {
      ok = true;
    });
    return (await settledWithin(query, timeoutMs)) && ok;
  };
  app.get('/api/health', async (_request, reply) => {
    const [postgres, redis] = await Promise.all([
      checkPostgres(),
      pingRedisClient(services.requestRedis, timeoutMs),
    ]);
    const ok = postgres && redis;
    if (!ok) reply.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    return reply.status(ok ? 200 : 503).send({
      status: ok ? 'ok' : 'degraded',
      postgres: postgres ? 'up' : 'down',
      redis: redis ? 'up' : 'down',
    });
  });
}
