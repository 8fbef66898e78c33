import type { FastifyInstance } from 'fastify';
import {
  getProduct,
  listProducts,
  ratingSummary,
  searchProducts,
  similarProducts,
} from '@kanak/core';
import {
  parseProductQuery,
  productSearchInput,
  similarProductsInput,
  type RawProductQuery,
} from '@kanak/shared';
import { parseInput } from '../http/validate';
import type { AppServices } from '../services';
import { queryNumber } from './query-number';

export function registerCatalogRest(app: FastifyInstance, services: AppServices) {
  // Lenient like the storefront's own links: unreadable filters take their defaults (spec section 5).
  app.get<{ Querystring: RawProductQuery }>('/api/products', async (request) =>
    listProducts(services.db, parseProductQuery(request.query)),
  );
  app.get<{ Querystring: Record<string, unknown> }>('/api/products/search', async (request) => {
    const input = await parseInput(productSearchInput, {
      q: request.query.q,
      limit: queryNumber(request.query.limit),
    });
    return searchProducts(services.db, input.q, input.limit);
  });
  app.get<{ Params: { id: string } }>('/api/products/id/:id', async (request) =>
    getProduct(services.db, request.params.id),
  );
  app.get<{ Params: { id: string }; Querystring: Record<string, unknown> }>(
    '/api/products/id/:id/similar',
    async (request) => {
      const input = await parseInput(similarProductsInput, {
        id: request.params.id,
        limit: queryNumber(request.query.limit),
      });
      return similarProducts(services.db, input.id, input.limit);
    },
  );
  app.get<{ Params: { id: string } }>('/api/products/id/:id/rating-summary', async (request) =>
    ratingSummary(services.db, request.params.id),
  );
}
