import * as z from 'zod/mini';
import { createRating, createReview, ratingsByProduct, reviewsByProduct } from '@kanak/core';
import { productRefInput, ratingInput, ratingView, reviewInput, reviewView } from '@kanak/shared';
import { mutation, query } from '../api/use-case';

export const reviewsApi = {
  create: mutation({
    summary: 'Writes a review (with an optional rating)',
    access: 'customer',
    input: reviewInput,
    output: reviewView,
    run: ({ services, user }, input) => createReview(services.db, user.id, input, services.limits),
    rest: [{ method: 'POST', path: '/api/reviews/create', status: 201 }],
  }),
  byProduct: query({
    summary: "A product's reviews, newest first",
    access: 'public',
    input: productRefInput,
    output: z.array(reviewView),
    run: ({ services }, input) => reviewsByProduct(services.db, input.productId),
    rest: [{ method: 'GET', path: '/api/reviews/product/:productId' }],
  }),
};

export const ratingsApi = {
  create: mutation({
    summary: "Rates a product (the spec's review form posts the same body here)",
    access: 'customer',
    input: ratingInput,
    output: ratingView,
    run: ({ services, user }, input) => createRating(services.db, user.id, input, services.limits),
    rest: [{ method: 'POST', path: '/api/ratings/create', status: 201 }],
  }),
  byProduct: query({
    summary: "A product's ratings",
    access: 'public',
    input: productRefInput,
    output: z.array(ratingView),
    run: ({ services }, input) => ratingsByProduct(services.db, input.productId),
    rest: [{ method: 'GET', path: '/api/ratings/product/:productId' }],
  }),
};
