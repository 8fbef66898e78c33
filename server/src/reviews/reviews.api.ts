import * as z from 'zod/mini';
import * as core from '@kanak/core';
import * as shared from '@kanak/shared';
import { mutation, query } from '../api/declare-use-case';
import type { AppServices } from '../services';

const reviewPolicy = ({ config }: AppServices): core.ReviewPolicy => ({
  buyersOnly: config.REVIEWS_FROM_BUYERS_ONLY,
});

export const reviewsApi = {
  create: mutation('customer', shared.reviewInput, shared.reviewView, {
    summary: 'Writes a review (with an optional rating)',
    run: ({ services, user }, input) =>
      core.createReview(services.db, user.id, input, services.limits, reviewPolicy(services)),
    changes: (_input, written) => core.productsChanged([written.product]),
    rest: [{ method: 'POST', path: '/api/reviews/create', status: 201 }],
  }),
  byProduct: query('public', shared.productRefInput, z.array(shared.reviewView), {
    summary: "A product's reviews, newest first",
    run: ({ services }, input) => core.reviewsByProduct(services.db, input.productId),
    cache: { tags: (input) => [input.productId] },
    rest: [{ method: 'GET', path: '/api/reviews/product/:productId' }],
  }),
};

export const ratingsApi = {
  byProduct: query('public', shared.productRefInput, z.array(shared.ratingView), {
    summary: "A product's ratings",
    run: ({ services }, input) => core.ratingsByProduct(services.db, input.productId),
    cache: { tags: (input) => [input.productId] },
    rest: [{ method: 'GET', path: '/api/ratings/product/:productId' }],
  }),
  create: mutation('customer', shared.ratingInput, shared.ratingView, {
    summary: "Rates a product (the spec's review form posts the same body here)",
    run: ({ services, user }, input) =>
      core.createRating(services.db, user.id, input, services.limits, reviewPolicy(services)),
    changes: (_input, written) => core.productsChanged([written.product]),
    rest: [{ method: 'POST', path: '/api/ratings/create', status: 201 }],
  }),
};
