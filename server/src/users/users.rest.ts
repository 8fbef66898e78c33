import type { FastifyInstance } from 'fastify';
import { getProfile, listUsers, removeUser } from '@kanak/core';
import { requireAdmin, requireUser } from '../http/auth';
import type { AppServices } from '../services';

export function registerUsersRest(app: FastifyInstance, services: AppServices) {
  app.get('/api/users/profile', async (request) =>
    getProfile(services.db, (await requireUser(services, request)).id),
  );
  // A bare array (design.md contracts).
  app.get('/api/users', async (request) => {
    await requireAdmin(services, request);
    return listUsers(services.db);
  });
  app.delete<{ Params: { id: string } }>('/api/users/profile/:id', async (request) =>
    removeUser(services.db, await requireAdmin(services, request), request.params.id),
  );
}
