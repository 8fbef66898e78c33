import { UnrecoverableError, type Job } from 'bullmq';
import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import {
  applyOrderTransition,
  confirmPayment,
  DomainError,
  encodeRefusal,
  QUEUES,
  type OrderTransitionJob,
  type PaymentConfirmationJob,
  type PaymentProvider,
  type QueueName,
} from '@kanak/core';

export type Processor = (job: Job) => Promise<unknown>;

/**
 * A domain refusal (illegal move, unknown payment) will not change on retry: it fails the job at
 * once with the refusal as its reason, which the server turns back into the same 4xx.
 */
async function refusalsAreFinal<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof DomainError) throw new UnrecoverableError(encodeRefusal(error));
    throw error;
  }
}

/** The processors of each queue: thin calls into core, which makes each one idempotent. */
export function buildProcessors(
  db: Kysely<Database>,
  provider: PaymentProvider,
  ackDelayMs = 0,
): Record<QueueName, Processor> {
  const settle = async <T>(value: T) => {
    if (ackDelayMs > 0) await new Promise((r) => setTimeout(r, ackDelayMs));
    return value;
  };
  return {
    [QUEUES.paymentConfirmations]: async (job) => {
      const data = job.data as PaymentConfirmationJob;
      return settle(await refusalsAreFinal(() => confirmPayment(db, provider, data)));
    },
    [QUEUES.orderTransitions]: async (job) => {
      const data = job.data as OrderTransitionJob;
      const order = await refusalsAreFinal(() =>
        applyOrderTransition(db, {
          orderId: data.orderId,
          to: data.to,
          actor: 'admin',
          actorUserId: data.actorUserId,
          jobKey: `${job.queueName}:${job.id}`,
        }),
      );
      return settle({ orderId: order._id, orderStatus: order.orderStatus });
    },
  };
}
