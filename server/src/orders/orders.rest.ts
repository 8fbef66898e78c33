import type { FastifyInstance } from 'fastify';
import { createOrderFromCart, getOrderFor, listUserOrders } from '@kanak/core';
import { createOrderInput } from '@kanak/shared';
import { requireUser } from '../http/auth';
import { parseInput } from '../http/validate';
import type { AppServices } from '../services';

/** The shopper's orders (spec section 7). */
export function registerOrdersRest(app: FastifyInstance, services: AppServices) {
  app.post('/api/orders', async (request, reply) => {
    const user = await requireUser(services, request);
    const address = await parseInput(createOrderInput, request.body);
    return reply
      .status(201)
      .send(await createOrderFromCart(services.db, user.id, address, services.limits));
  });
  app.get('/api/orders/user', async (request) => {
    const user = await requireUser(services, request);
    return listUserOrders(services.db, user.id);
  });
  app.get<{ Params: { id: string } }>('/api/orders/:id', async (request) => {
    const user = await requireUser(services, request);
    return getOrderFor(services.db, user, request.params.id);
  });
}
