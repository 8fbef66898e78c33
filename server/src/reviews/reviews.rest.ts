import type { FastifyInstance } from 'fastify';
import { createRating, createReview, ratingsByProduct, reviewsByProduct } from '@kanak/core';
import { ratingInput, reviewInput } from '@kanak/shared';
import { requireUser } from '../http/auth';
import { parseInput } from '../http/validate';
import type { AppServices } from '../services';

export function registerReviewsRest(app: FastifyInstance, services: AppServices) {
  app.post('/api/reviews/create', async (request, reply) => {
    const user = await requireUser(services, request);
    const input = await parseInput(reviewInput, request.body);
    return reply.status(201).send(await createReview(services.db, user.id, input, services.limits));
  });
  // The spec's review form posts the same body here; only rating (and productId) are read.
  app.post('/api/ratings/create', async (request, reply) => {
    const user = await requireUser(services, request);
    const input = await parseInput(ratingInput, request.body);
    return reply.status(201).send(await createRating(services.db, user.id, input, services.limits));
  });
  app.get<{ Params: { id: string } }>('/api/reviews/product/:id', async (request) =>
    reviewsByProduct(services.db, request.params.id),
  );
  app.get<{ Params: { id: string } }>('/api/ratings/product/:id', async (request) =>
    ratingsByProduct(services.db, request.params.id),
  );
}
