import { UnrecoverableError } from 'bullmq';
import { z } from 'zod';
import { ORDER_STATUSES } from '@kanak/shared';
import { shipmentIntentSchema } from '../shipments';
import { QUEUES, type QueueName } from './names';

/**
 * Every job the worker runs: a name, a version and the zod schema of its payload. Writers get
 * the payload's type from the schema (the outbox stamps the version on it); the worker parses
 * each job with it before touching the database, so a payload a newer release wrote, or one
 * damaged in Redis, fails at once into the dead letters with the parse error instead of running
 * half-understood.
 */
export interface JobDefinition<S extends z.ZodObject = z.ZodObject, R extends boolean = boolean> {
  name: string;
  queue: QueueName;
  /** Raised when a payload changes in a way an older worker would misread. */
  version: number;
  payload: S;
  /** Relayed from an outbox row: the payload also carries the row's reference and request. */
  relayed: R;
}

const defineJob = <S extends z.ZodObject, R extends boolean>(job: JobDefinition<S, R>) => job;

const text = z.string().min(1);
const source = z.enum(['return', 'webhook', 'reconcile']);

/** What a relayed job carries besides its payload: the outbox row, the request that wrote it. */
export const outboxRefSchema = z.object({
  outboxId: z.number().int().positive(),
  generation: z.number().int().nonnegative(),
});
/** The request a relayed job came from (the outbox row's request id and span), for its logs. */
const tracedSchema = z.object({
  requestId: z.string().optional(),
  /** The request's span (tracing on): the job span's parent. */
  traceparent: z.string().optional(),
});
export type TracedJob = z.output<typeof tracedSchema>;
const relayedSchema = outboxRefSchema.extend(tracedSchema.shape).extend({
  /** The payload's version, stamped by the outbox; absent on rows written before versions. */
  v: z.number().int().positive().optional(),
});

export const JOBS = {
  /** A payment to judge, as the return, the webhook and reconciliation all send it. */
  paymentConfirmation: defineJob({
    name: 'payment-confirmation',
    queue: QUEUES.paymentConfirmations,
    version: 1,
    relayed: true,
    payload: z.object({
      orderId: text,
      paymentId: text,
      source,
      /** The provider that reported it (its webhook path, or the link reconciled); asked first. */
      provider: z.string().optional(),
    }),
  }),
  /**
   * A savings scheme's instalment: the same queue, outbox and confirmation path as an order's
   * payment (parseConfirmationJob tells the two apart by `kind`); only its ledger step differs.
   */
  instalmentConfirmation: defineJob({
    name: 'instalment-confirmation',
    queue: QUEUES.paymentConfirmations,
    version: 1,
    relayed: true,
    payload: z.object({
      kind: z.literal('scheme'),
      enrolmentId: text,
      paymentId: text,
      source,
      /** The provider that reported it (its webhook path, or the link reconciled); asked first. */
      provider: z.string().optional(),
    }),
  }),
  /** An admin's move of an order's status. */
  orderMove: defineJob({
    name: 'order-move',
    queue: QUEUES.orderMoves,
    version: 1,
    relayed: true,
    payload: z.object({
      orderId: text,
      to: z.enum(ORDER_STATUSES),
      actorUserId: text,
      /** A ship's carrier and AWB, checked by the server. */
      shipment: shipmentIntentSchema.nullable().optional(),
      /** Kept on the move's event: why a ship left without HUIDs (a development shop only). */
      note: z.string().optional(),
    }),
  }),
  metalRepricing: defineJob({
    name: 'metal-repricing',
    queue: QUEUES.metalRepricing,
    version: 1,
    relayed: true,
    payload: z.object({ publicationId: z.number().int().positive() }),
  }),
  catalogueImport: defineJob({
    name: 'catalogue-import',
    queue: QUEUES.catalogueImports,
    version: 1,
    relayed: true,
    payload: z.object({ importId: text }),
  }),
  bulkEdit: defineJob({
    name: 'bulk-edit',
    queue: QUEUES.catalogueBulkEdits,
    version: 1,
    relayed: true,
    payload: z.object({ bulkEditId: text }),
  }),
  /** One attempt of one refund row. */
  refund: defineJob({
    name: 'refund',
    queue: QUEUES.refunds,
    version: 1,
    relayed: true,
    payload: z.object({
      refundId: text,
      attempt: z.number().int().positive(),
      /** For the System page's dead letters (which order a job was about). */
      orderId: text,
    }),
  }),
  /** One try of an instalment owed back. */
  instalmentRefund: defineJob({
    name: 'instalment-refund',
    queue: QUEUES.refunds,
    version: 1,
    relayed: true,
    payload: z.object({ instalmentRefundId: text, tries: z.number().int().positive() }),
  }),
  /** One mail of the notifications table (fed by the mail relay, not the outbox). */
  notification: defineJob({
    name: 'notification',
    queue: QUEUES.notifications,
    version: 1,
    relayed: false,
    payload: z.object({ notificationId: z.number().int().positive() }),
  }),
} as const;

export type AnyJob = (typeof JOBS)[keyof typeof JOBS];
export type RelayedJob = JobDefinition<z.ZodObject, true>;
/** What a writer gives for a job. */
export type JobPayload<J extends JobDefinition> = z.input<J['payload']>;
/** What the worker reads of a relayed job once parsed. */
export type ParsedJob<J extends JobDefinition> = z.output<J['payload']> &
  z.output<typeof relayedSchema>;

/** A job whose payload does not parse: never retried, kept in the dead letters with why. */
export class BadJobPayload extends UnrecoverableError {
  constructor(message: string) {
    super(message);
    // Not 'UnrecoverableError': the worker dead-letters this one (a refusal it does not).
    this.name = 'BadJobPayload';
  }
}

const parsers = new Map<JobDefinition, z.ZodType>();
const parserOf = (job: JobDefinition) => {
  let parser = parsers.get(job);
  if (!parser) {
    parser = job.relayed ? job.payload.extend(relayedSchema.shape) : job.payload;
    parsers.set(job, parser);
  }
  return parser;
};

/** The job's payload, checked; BadJobPayload when it does not fit its schema or version. */
export function parseJob<J extends JobDefinition>(job: J, data: unknown): ParsedJob<J> {
  const version = (data as { v?: unknown } | null)?.v;
  if (typeof version === 'number' && version > job.version)
    throw new BadJobPayload(
      `${job.name} payload of version ${version}: this worker reads up to version ${job.version}`,
    );
  const parsed = parserOf(job).safeParse(data);
  if (!parsed.success)
    throw new BadJobPayload(
      `${job.name} v${job.version} payload refused: ${z.prettifyError(parsed.error)}`,
    );
  return parsed.data as ParsedJob<J>;
}

/**
 * The confirmations queue's two kinds of job, told apart by `kind`: an instalment's says 'scheme';
 * an order's says nothing (its jobs predate instalments, and rows already queued must still
 * parse). Each keeps its own job name and version on the queue.
 */
export type ConfirmationJob =
  | (ParsedJob<typeof JOBS.paymentConfirmation> & { kind?: 'order' })
  | ParsedJob<typeof JOBS.instalmentConfirmation>;

/** Only the kind, read first: the rest is parsed by the kind's own schema. */
const confirmationKind = z.object({ kind: z.enum(['order', 'scheme']).optional() });

/** A job of the confirmations queue, either kind, checked against its own schema and version. */
export function parseConfirmationJob(data: unknown): ConfirmationJob {
  const head = confirmationKind.safeParse(data);
  if (!head.success)
    throw new BadJobPayload(
      `payment-confirmation payload of kind ${JSON.stringify((data as { kind?: unknown } | null)?.kind)}: this worker reads 'order' and 'scheme'`,
    );
  return head.data.kind === 'scheme'
    ? parseJob(JOBS.instalmentConfirmation, data)
    : parseJob(JOBS.paymentConfirmation, data);
}

/** The outbox reference a job carries, if it carries one (for recording a fault on its row). */
export function outboxRefOf(data: unknown): z.output<typeof outboxRefSchema> | null {
  const parsed = outboxRefSchema.safeParse(data);
  return parsed.success ? parsed.data : null;
}

/** The request id and trace a relayed job carries, when well formed. */
export function traceOf(data: unknown): TracedJob {
  const parsed = tracedSchema.safeParse(data ?? {});
  return parsed.success ? parsed.data : {};
}
