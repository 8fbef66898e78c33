import * as z from 'zod/mini';

const up = z.enum(['up', 'down']);

export const adminSystemView = z.object({
  checkedAt: z.string(),
  postgres: up,
  redis: up,
  /** Last heartbeat per worker, newest first; `stale` after three missed beats. */
  workers: z.nullable(
    z.array(z.object({ id: z.string(), lastBeatAt: z.string(), stale: z.boolean() })),
  ),
  /** Null when Redis did not answer in time. */
  queues: z.nullable(
    z.array(
      z.object({
        name: z.string(),
        waiting: z.number(),
        active: z.number(),
        delayed: z.number(),
        /**
         * Jobs that failed after their last attempt and wait for an admin (open dead letters);
         * BullMQ's failed count, refusals included, when PostgreSQL did not answer.
         */
        failed: z.number(),
        /**
         * Jobs the domain refused (an unknown payment, an illegal move) among the outbox rows kept:
         * answers, not faults. Null when PostgreSQL did not answer.
         */
        refused: z.nullable(z.number()),
      }),
    ),
  ),
  /** Null when PostgreSQL did not answer in time. */
  outbox: z.nullable(
    z.object({
      pending: z.number(),
      /** Seconds since the oldest row not yet handed to a queue was written (null: none). */
      oldestUnsentSeconds: z.nullable(z.number()),
    }),
  ),
  mailsPending: z.nullable(z.number()),
  queueBoardPath: z.string(),
  /**
   * The payment providers in order of preference: links each made (all servers, from the
   * database; null when it did not answer), and this server's own view of its link failures and
   * circuit breaker (open: skipped until its cool-off ends; half-open: one trial link next).
   */
  paymentProviders: z.optional(
    z.array(
      z.object({
        name: z.string(),
        rank: z.number(),
        linksMade: z.nullable(z.number()),
        failures: z.number(),
        breaker: z.enum(['closed', 'open', 'half-open']),
        lastFailure: z.nullable(z.string()),
      }),
    ),
  ),
});
export type AdminSystemView = z.infer<typeof adminSystemView>;
