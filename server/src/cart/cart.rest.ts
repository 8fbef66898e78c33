import type { FastifyInstance } from 'fastify';
import { addToCart, getCart, mergeCart, removeCartItem, updateCartItem } from '@kanak/core';
import { addToCartInput, cartQuantityInput, guestCartInput } from '@kanak/shared';
import { requireUser } from '../http/auth';
import { parseInput } from '../http/validate';
import type { AppServices } from '../services';

export function registerCartRest(app: FastifyInstance, services: AppServices) {
  app.get('/api/cart', async (request) =>
    getCart(services.db, (await requireUser(services, request)).id),
  );
  // Answers the whole cart (with cartItems), not the single line (design.md contracts).
  app.put('/api/cart/add', async (request) => {
    const user = await requireUser(services, request);
    return addToCart(services.db, user.id, await parseInput(addToCartInput, request.body));
  });
  app.post('/api/cart/merge', async (request) => {
    const user = await requireUser(services, request);
    return mergeCart(services.db, user.id, await parseInput(guestCartInput, request.body));
  });
  app.put<{ Params: { id: string } }>('/api/cart_item/:id', async (request) => {
    const user = await requireUser(services, request);
    const { quantity } = await parseInput(cartQuantityInput, request.body);
    return updateCartItem(services.db, user.id, { cartItemId: request.params.id, quantity });
  });
  app.delete<{ Params: { id: string } }>('/api/cart_item/:id', async (request) =>
    removeCartItem(services.db, (await requireUser(services, request)).id, request.params.id),
  );
}
