import type { FastifyInstance } from 'fastify';
import { getProduct, listProducts } from '@kanak/core';
import { parseProductQuery, type RawProductQuery } from '@kanak/shared';
import type { AppServices } from '../services';

export function registerCatalogRest(app: FastifyInstance, services: AppServices) {
  app.get<{ Querystring: RawProductQuery & { collection?: string } }>('/api/products', async (request) => {
    const query = request.query;
    const collection = typeof query.collection === 'string' && query.collection ? query.collection : undefined;
    return listProducts(services.db, { ...parseProductQuery(query), collection });
  });
  app.get<{ Params: { id: string } }>('/api/products/id/:id', async (request) => getProduct(services.db, request.params.id));
}
