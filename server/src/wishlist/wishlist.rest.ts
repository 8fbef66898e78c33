import type { FastifyInstance } from 'fastify';
import { addWish, getWishlist, removeWish, wishProductIds } from '@kanak/core';
import { wishProductInput } from '@kanak/shared';
import { requireUser } from '../http/auth';
import { parseInput } from '../http/validate';
import type { AppServices } from '../services';

export function registerWishlistRest(app: FastifyInstance, services: AppServices) {
  app.get('/api/wish', async (request) =>
    getWishlist(services.db, (await requireUser(services, request)).id),
  );
  app.get('/api/wish/product-ids', async (request) =>
    wishProductIds(services.db, (await requireUser(services, request)).id),
  );
  app.put('/api/wish/add', async (request) => {
    const user = await requireUser(services, request);
    const input = await parseInput(wishProductInput, request.body);
    return addWish(services.db, user.id, input.productId);
  });
  // Takes the product id, not the wish item's id (design.md contracts).
  app.delete<{ Params: { productId: string } }>('/api/wish/:productId', async (request) =>
    removeWish(services.db, (await requireUser(services, request)).id, request.params.productId),
  );
}
