import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { JOB_OPTIONS, type OrderMoveJob } from './jobs';
import type { ConfirmationJob } from './job-payloads';
import { QUEUES, type QueueName } from './names';
import { quietQueue } from './quiet-queue';

export interface OrderPipeline {
  /** Orders' payments and instalments: one queue, one confirmation path. */
  payments: Queue<ConfirmationJob>;
  moves: Queue<OrderMoveJob>;
  reconciliation: Queue;
  /** Every queue by name, for the outbox relay. */
  byName: Record<QueueName, Queue>;
  close(): Promise<void>;
}

/**
 * The producer side of the queues: the outbox relay adds jobs, the queue board reads them.
 * The connection should fail fast (no offline queue) so a Redis outage cannot hang a caller.
 */
export function createOrderPipeline(connection: Redis, prefix: string): OrderPipeline {
  const payments = new Queue<ConfirmationJob>(QUEUES.paymentConfirmations, {
    connection,
    prefix,
    defaultJobOptions: JOB_OPTIONS,
  });
  const moves = new Queue<OrderMoveJob>(QUEUES.orderMoves, {
    connection,
    prefix,
    defaultJobOptions: JOB_OPTIONS,
  });
  const reconciliation = new Queue(QUEUES.paymentReconciliation, { connection, prefix });
  const repricing = new Queue(QUEUES.metalRepricing, {
    connection,
    prefix,
    defaultJobOptions: JOB_OPTIONS,
  });
  const refunds = new Queue(QUEUES.refunds, {
    connection,
    prefix,
    defaultJobOptions: JOB_OPTIONS,
  });
  const bulkEdits = new Queue(QUEUES.catalogueBulkEdits, {
    connection,
    prefix,
    defaultJobOptions: JOB_OPTIONS,
  });
  const imports = new Queue(QUEUES.catalogueImports, {
    connection,
    prefix,
    defaultJobOptions: JOB_OPTIONS,
  });
  const queues = [payments, moves, reconciliation, repricing, refunds, imports, bulkEdits];
  for (const queue of queues) quietQueue(queue);
  return {
    payments,
    moves,
    reconciliation,
    byName: {
      [QUEUES.paymentConfirmations]: payments,
      [QUEUES.orderMoves]: moves,
      [QUEUES.paymentReconciliation]: reconciliation,
      [QUEUES.metalRepricing]: repricing,
      [QUEUES.refunds]: refunds,
      [QUEUES.catalogueImports]: imports,
      [QUEUES.catalogueBulkEdits]: bulkEdits,
    } as Record<QueueName, Queue>,
    async close() {
      await Promise.all([
        payments.close(),
        moves.close(),
        reconciliation.close(),
        repricing.close(),
        refunds.close(),
        imports.close(),
        bulkEdits.close(),
      ]);
    },
  };
}
