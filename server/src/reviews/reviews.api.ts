import * as z from 'zod/mini';
import * as core from '@kanak/core';
import * as shared from '@kanak/shared';
import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { mutation, query, type Schema } from '../api/declare-use-case';
import type { AppServices } from '../services';

const reviewPolicy = ({ config }: AppServices): core.ReviewPolicy => ({
  buyersOnly: config.REVIEWS_FROM_BUYERS_ONLY,
});

/**
 * Reviews and ratings are the same kind of thing to the API: a customer's write about a product
 * (limited, verified-buyer policy, the product's cached reads dropped) and the product's list
 * (public, cached under the product). One helper declares both pairs, so they cannot drift.
 */
function productFeedbackApi<
  In extends Schema,
  // Every written review or rating names its product: the cached reads of it are dropped.
  View extends z.ZodMiniType<{ product: string }>,
>(feedback: {
  /** The REST segment: /api/{segment}/create and /api/{segment}/product/:productId. */
  segment: string;
  input: In;
  view: View;
  createSummary: string;
  listSummary: string;
  write(
    db: Kysely<Database>,
    options: {
      userId: string;
      input: z.output<In>;
      limits: core.ActionLimits;
      policy: core.ReviewPolicy;
    },
  ): Promise<z.output<View>>;
  list(db: Kysely<Database>, productId: string): Promise<z.output<View>[]>;
}) {
  return {
    create: mutation('customer', feedback.input, feedback.view, {
      summary: feedback.createSummary,
      run: ({ services, user }, input) =>
        feedback.write(services.db, {
          userId: user.id,
          input,
          limits: services.limits,
          policy: reviewPolicy(services),
        }),
      changes: (_input, written) => core.productsChanged([written.product]),
      rest: [{ method: 'POST', path: `/api/${feedback.segment}/create`, status: 201 }],
    }),
    byProduct: query('public', shared.productRefInput, z.array(feedback.view), {
      summary: feedback.listSummary,
      run: ({ services }, input) => feedback.list(services.db, input.productId),
      cache: { tags: (input) => [input.productId] },
      rest: [{ method: 'GET', path: `/api/${feedback.segment}/product/:productId` }],
    }),
  };
}

export const reviewsApi = productFeedbackApi({
  segment: 'reviews',
  input: shared.reviewInput,
  view: shared.reviewView,
  createSummary: 'Writes a review (with an optional rating)',
  listSummary: "A product's reviews, newest first",
  write: core.createReview,
  list: core.reviewsByProduct,
});

export const ratingsApi = productFeedbackApi({
  segment: 'ratings',
  input: shared.ratingInput,
  view: shared.ratingView,
  createSummary: "Rates a product (the spec's review form posts the same body here)",
  listSummary: "A product's ratings",
  write: core.createRating,
  list: core.ratingsByProduct,
});
