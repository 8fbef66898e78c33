import type { FastifyInstance } from 'fastify';
import { deleteOrder, listAllOrders } from '@kanak/core';
import { orderTransitionInput } from '@kanak/shared';
import { requireAdmin } from '../http/auth';
import { parseInput } from '../http/validate';
import { transitionOrder } from '../orders/transition-request';
import type { AppServices } from '../services';

/** Admin order table and status actions: PUT /api/admin/orders/{id}/confirmed|ship|deliver|cancel|delete. */
export function registerAdminOrdersRest(app: FastifyInstance, services: AppServices) {
  app.get('/api/admin/orders', async (request) => {
    await requireAdmin(services, request);
    return listAllOrders(services.db);
  });
  app.put<{ Params: { id: string; action: string } }>(
    '/api/admin/orders/:id/:action',
    async (request, reply) => {
      const admin = await requireAdmin(services, request);
      if (request.params.action === 'delete')
        return deleteOrder(services.db, admin, request.params.id);
      const input = await parseInput(orderTransitionInput, request.params);
      const answer = await transitionOrder(services, admin, input.id, input.action);
      if (answer.done) return answer.order;
      return reply.status(202).send({
        jobId: answer.jobId,
        message: 'The status change is queued and will be applied shortly',
      });
    },
  );
  // Some clients delete with DELETE; the spec's client uses PUT …/delete.
  app.delete<{ Params: { id: string } }>('/api/admin/orders/:id', async (request) => {
    const admin = await requireAdmin(services, request);
    return deleteOrder(services.db, admin, request.params.id);
  });
}
