import type { FastifyInstance } from 'fastify';
import { adminListProducts, createProduct, removeProduct, updateProduct } from '@kanak/core';
import { adminProductListInput, productInput } from '@kanak/shared';
import { requireAdmin } from '../http/auth';
import { parseInput } from '../http/validate';
import type { AppServices } from '../services';
import { queryNumber } from './query-number';

/** The back office's product paths; every one answers 401 without a token and 403 to customers. */
export function registerAdminProductsRest(app: FastifyInstance, services: AppServices) {
  app.get<{ Querystring: Record<string, unknown> }>('/api/admin/products', async (request) => {
    await requireAdmin(services, request);
    const { q, page, pageSize } = request.query;
    const input = await parseInput(adminProductListInput, {
      q: typeof q === 'string' ? q : q === undefined ? undefined : String(q),
      page: queryNumber(page),
      pageSize: queryNumber(pageSize),
    });
    return adminListProducts(services.db, input);
  });
  app.post('/api/admin/products', async (request, reply) => {
    await requireAdmin(services, request);
    const input = await parseInput(productInput, request.body);
    return reply.status(201).send(await createProduct(services.db, input));
  });
  app.put<{ Params: { id: string } }>('/api/admin/products/:id', async (request) => {
    await requireAdmin(services, request);
    const input = await parseInput(productInput, request.body);
    return updateProduct(services.db, request.params.id, input);
  });
  app.delete<{ Params: { id: string } }>('/api/admin/products/:id', async (request) => {
    await requireAdmin(services, request);
    return removeProduct(services.db, request.params.id);
  });
}
