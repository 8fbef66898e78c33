import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { pingRedisClient } from '@kanak/core';
import type { AppServices } from '../services';

export function registerHealthRest(app: FastifyInstance, services: AppServices) {
  app.get('/api/health', async (_request, reply) => {
    const [postgres, redis] = await Promise.all([
      sql`SELECT 1`.execute(services.db).then(
        () => true,
        () => false,
      ),
      pingRedisClient(services.redis),
    ]);
    const ok = postgres && redis;
    return reply.status(ok ? 200 : 503).send({
      status: ok ? 'ok' : 'degraded',
      postgres: postgres ? 'up' : 'down',
      redis: redis ? 'up' : 'down',
    });
  });
}
