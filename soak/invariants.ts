// After the load and the faults stop: wait (bounded) until the shop has caught up, then check
// from PostgreSQL, Redis and the SMTP server that nothing was lost, doubled or left behind.
import { sql } from 'kysely';
import { createRedis, QUEUES } from '@kanak/core';
import { sleep } from '../server/test/process-support';
import type { HttpStats } from './client';
import { OUTBOX_RESEND_AFTER_MS, type SoakEnvironment } from './environment';
import type { LoadStats } from './load';

/** A failure that says a dependency was out of reach (the only reason a periodic run may fail). */
const OUTAGE_REASON =
  /connect|connection|terminat|timeout|timed out|ECONN|ETIMEDOUT|EPIPE|socket|closed|unavailable/i;

/** Statuses of an order whose stock was taken by its payment. */
export const TAKEN = ['PLACED', 'CONFIRMED', 'SHIPPED', 'DELIVERED'] as const;
/** The soak's shoppers sign up with these addresses. */
export const SOAK_EMAILS = 'soak.%@example.com';

type RedisClient = ReturnType<typeof createRedis>;

export interface QueueState {
  name: string;
  waiting: number;
  active: number;
  delayed: number;
  failed: number;
}

async function queueStates(redis: RedisClient, prefix: string): Promise<QueueState[]> {
  return Promise.all(
    Object.values(QUEUES).map(async (name) => {
      const key = (part: string) => `${prefix}:${name}:${part}`;
      const [wait, paused, prioritized, active, delayed, failed] = await Promise.all([
        redis.llen(key('wait')),
        redis.llen(key('paused')),
        redis.zcard(key('prioritized')),
        redis.llen(key('active')),
        redis.zcard(key('delayed')),
        redis.zcard(key('failed')),
      ]);
      return { name, waiting: wait + paused + prioritized, active, delayed, failed };
    }),
  );
}

export interface Drain {
  drained: boolean;
  waitedMs: number;
  /** What was still outstanding when the wait ended (empty when drained). */
  outstanding: string[];
}

/** Polls until every paid order left PENDING, the outbox, the mails and the queues are empty. */
export async function waitForDrain(
  env: SoakEnvironment,
  load: LoadStats,
  timeoutMs: number,
): Promise<Drain> {
  const { db } = env.database;
  const redis = createRedis(env.redis.url, { label: 'soak', log: () => undefined });
  const started = Date.now();
  const paidIds = load.paid.map((o) => o.orderId);
  try {
    for (;;) {
      const outstanding: string[] = [];
      if (paidIds.length) {
        const pending = await db
          .selectFrom('orders')
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('id', 'in', paidIds)
          .where('status', '=', 'PENDING')
          .executeTakeFirstOrThrow();
        if (Number(pending.n)) outstanding.push(`${pending.n} paid orders still PENDING`);
      }
      const outbox = await db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where((eb) => eb.or([eb('sent_at', 'is', null), eb('outcome', 'is', null)]))
        .executeTakeFirstOrThrow();
      if (Number(outbox.n)) outstanding.push(`${outbox.n} outbox rows unsent or unfinished`);
      const mails = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('status', 'in', ['pending', 'queued', 'connecting', 'sending'])
        .executeTakeFirstOrThrow();
      if (Number(mails.n)) outstanding.push(`${mails.n} mails not sent yet`);
      for (const q of await queueStates(redis, env.config.QUEUE_PREFIX)) {
        // The reconciliation's repeatable job always waits (delayed) for its next run.
        const delayed = q.name === QUEUES.paymentReconciliation ? 0 : q.delayed;
        if (q.waiting + q.active + delayed)
          outstanding.push(
            `${q.name}: ${q.waiting} waiting, ${q.active} active, ${delayed} delayed`,
          );
      }
      const waitedMs = Date.now() - started;
      if (!outstanding.length) return { drained: true, waitedMs, outstanding };
      if (waitedMs > timeoutMs) return { drained: false, waitedMs, outstanding };
      await sleep(1000);
    }
  } finally {
    redis.disconnect();
  }
}

export interface Check {
  name: string;
  ok: boolean;
  detail: string;
  /** Offending items (first 20). */
  problems: string[];
}

export interface Findings {
  checks: Check[];
  ordersPaid: number;
  lost: number;
  doubled: number;
  queues: QueueState[];
  /**
   * refusal: a domain refusal, recorded on its outbox row; periodic: one run of a repeatable job
   * (the reconciliation) that failed during an outage, whose next run does the same work;
   * mail-try: one try of a mail (tried once per job: mails are sent at most once) whose row has
   * since ended sent or unknown, checked by the mail invariant; other: a failure the invariant
   * forbids.
   */
  failedJobs: {
    queue: string;
    id: string;
    reason: string;
    kind: 'refusal' | 'periodic' | 'mail-try' | 'other';
  }[];
  mails: Record<string, number>;
  smtpReceived: number;
}

const check = (name: string, problems: string[], detail: string): Check => ({
  name,
  ok: problems.length === 0,
  detail,
  problems: problems.slice(0, 20),
});

/** Every invariant, from the stored state; `initialStock`: the working set's sizes at the start. */
export async function checkInvariants(
  env: SoakEnvironment,
  load: LoadStats,
  http: HttpStats,
  initialStock: Map<string, number>,
): Promise<Findings> {
  const { db } = env.database;
  const checks: Check[] = [];
  const paidIds = load.paid.map((o) => o.orderId);

  // 1. Each order the soak paid: taken (PLACED or later) once, one PLACED event, one PAID payment.
  const orders = paidIds.length
    ? await db.selectFrom('orders').select(['id', 'status']).where('id', 'in', paidIds).execute()
    : [];
  const statusOf = new Map(orders.map((o) => [o.id, o.status]));
  const placed = paidIds.length
    ? await db
        .selectFrom('order_events')
        .select(['order_id', (eb) => eb.fn.countAll<string>().as('n')])
        .where('order_id', 'in', paidIds)
        .where('to_status', '=', 'PLACED')
        .groupBy('order_id')
        .execute()
    : [];
  const placedCount = new Map(placed.map((p) => [p.order_id, Number(p.n)]));
  const payments = paidIds.length
    ? await db
        .selectFrom('payments')
        .select(['order_id', 'provider_payment_id'])
        .where('order_id', 'in', paidIds)
        .where('status', '=', 'PAID')
        .execute()
    : [];
  const paymentsOf = new Map<string, string[]>();
  for (const p of payments)
    paymentsOf.set(p.order_id, [
      ...(paymentsOf.get(p.order_id) ?? []),
      p.provider_payment_id ?? '',
    ]);
  const lost: string[] = [];
  const doubled: string[] = [];
  for (const o of load.paid) {
    const status = statusOf.get(o.orderId);
    const events = placedCount.get(o.orderId) ?? 0;
    const paid = paymentsOf.get(o.orderId) ?? [];
    if (!status || !(TAKEN as readonly string[]).includes(status) || events === 0)
      lost.push(
        `${o.orderId} (${o.delivery}, acked ${o.acknowledged}): ${status}, ${events} PLACED events`,
      );
    else if (events > 1 || paid.length !== 1)
      doubled.push(`${o.orderId}: ${events} PLACED events, PAID payments ${paid.join(',')}`);
    else if (paid[0] !== o.paymentId)
      doubled.push(`${o.orderId}: paid by ${paid[0]}, the soak paid ${o.paymentId}`);
  }
  checks.push(
    check(
      'every paid order placed exactly once',
      [...lost.map((l) => `lost ${l}`), ...doubled.map((d) => `doubled ${d}`)],
      `${load.paid.length} paid: ${lost.length} lost, ${doubled.length} doubled`,
    ),
  );

  // 2. No order of a soak shopper was taken without the soak paying it.
  const taken = await db
    .selectFrom('orders')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(['orders.id', 'orders.status'])
    .where('users.email', 'like', SOAK_EMAILS)
    .where('orders.status', 'in', [...TAKEN, 'CANCELLED'])
    .execute();
  const paidSet = new Set(paidIds);
  checks.push(
    check(
      'no order taken that the soak did not pay',
      taken.filter((o) => !paidSet.has(o.id)).map((o) => `${o.id}: ${o.status}`),
      `${taken.length} soak orders past PENDING`,
    ),
  );

  // 3. Stock: each size of the working set = its stock at the start − units in taken orders.
  const sizeIds = [...initialStock.keys()];
  const sold = await db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .innerJoin('users', 'users.id', 'orders.user_id')
    .select(['order_items.size_id', (eb) => eb.fn.sum<string>('order_items.quantity').as('units')])
    .where('users.email', 'like', SOAK_EMAILS)
    .where('orders.status', 'in', [...TAKEN])
    .groupBy('order_items.size_id')
    .execute();
  const soldOf = new Map(sold.map((s) => [s.size_id, Number(s.units)]));
  const stocks = await db
    .selectFrom('product_sizes')
    .select(['id', 'stock'])
    .where('id', 'in', sizeIds)
    .execute();
  const stockProblems = stocks
    .filter((s) => s.stock !== initialStock.get(s.id)! - (soldOf.get(s.id) ?? 0))
    .map(
      (s) =>
        `${s.id}: ${initialStock.get(s.id)} at start, ${soldOf.get(s.id) ?? 0} sold, ${s.stock} now`,
    );
  const outside = [...soldOf.keys()].filter((id) => id && !initialStock.has(id));
  checks.push(
    check(
      'stock = initial − units sold in paid orders',
      [...stockProblems, ...outside.map((id) => `${id}: sold but not in the working set`)],
      `${sizeIds.length} sizes, ${[...soldOf.values()].reduce((a, b) => a + b, 0)} units sold`,
    ),
  );

  // 4. The outbox: nothing older than the resend time left unsent; no fault outcome.
  const unsent = await db
    .selectFrom('outbox')
    .select(['id', 'job_key', 'created_at', 'last_error'])
    .where('sent_at', 'is', null)
    .where(
      'created_at',
      '<',
      sql<Date>`now() - ${OUTBOX_RESEND_AFTER_MS} * interval '1 millisecond'`,
    )
    .execute();
  const faulted = await db
    .selectFrom('outbox')
    .select(['id', 'job_key', 'outcome'])
    .where(sql<boolean>`outcome->>'kind' = 'fault'`)
    .execute();
  const outboxTotal = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  checks.push(
    check(
      'no outbox row left unsent past its resend time',
      [
        ...unsent.map(
          (r) =>
            `${r.id} ${r.job_key}: unsent since ${r.created_at.toISOString()} (${r.last_error})`,
        ),
        ...faulted.map((r) => `${r.id} ${r.job_key}: ${JSON.stringify(r.outcome)}`),
      ],
      `${outboxTotal.n} outbox rows`,
    ),
  );

  // 5. BullMQ: every failed job failed for a domain refusal (recorded as such on its outbox row).
  const redis = createRedis(env.redis.url, { label: 'soak', log: () => undefined });
  const failedJobs: Findings['failedJobs'] = [];
  let queues: QueueState[];
  try {
    queues = await queueStates(redis, env.config.QUEUE_PREFIX);
    for (const name of Object.values(QUEUES)) {
      const ids = await redis.zrange(`${env.config.QUEUE_PREFIX}:${name}:failed`, '0', '-1');
      for (const id of ids) {
        const job = await redis.hgetall(`${env.config.QUEUE_PREFIX}:${name}:${id}`);
        let outboxId: number | null = null;
        try {
          const data = JSON.parse(job.data ?? '{}') as { outboxId?: number };
          outboxId = typeof data.outboxId === 'number' ? data.outboxId : null;
        } catch {
          // not JSON
        }
        const row =
          outboxId === null
            ? undefined
            : await db
                .selectFrom('outbox')
                .select('outcome')
                .where('id', '=', outboxId)
                .executeTakeFirst();
        const notificationId = /^mail-(\d+)-\d+$/.exec(id)?.[1];
        const mail =
          name === QUEUES.notifications && notificationId
            ? await db
                .selectFrom('notifications')
                .select('status')
                .where('id', '=', Number(notificationId))
                .executeTakeFirst()
            : undefined;
        failedJobs.push({
          queue: name,
          id,
          reason: (job.failedReason ?? '').slice(0, 300),
          kind:
            row?.outcome?.kind === 'refused'
              ? 'refusal'
              : id.startsWith('repeat:') && OUTAGE_REASON.test(job.failedReason ?? '')
                ? 'periodic'
                : mail?.status === 'sent' || mail?.status === 'unknown'
                  ? 'mail-try'
                  : 'other',
        });
      }
    }
  } finally {
    redis.disconnect();
  }
  checks.push(
    check(
      'no job failed except for a refusal',
      failedJobs.filter((j) => j.kind === 'other').map((j) => `${j.queue} ${j.id}: ${j.reason}`),
      `${failedJobs.length} failed jobs: ${failedJobs.filter((j) => j.kind === 'refusal').length} refusals, ${failedJobs.filter((j) => j.kind === 'periodic').length} periodic runs failed during an outage (the next run redoes them), ${failedJobs.filter((j) => j.kind === 'mail-try').length} mail tries whose row ended sent or unknown`,
    ),
  );

  // 6. Mails: one order-placed mail per paid order, sent once; none received twice.
  const notes = await db
    .selectFrom('notifications')
    .select(['id', 'idempotency_key', 'kind', 'order_id', 'status', 'last_error'])
    .execute();
  const mails: Record<string, number> = {};
  for (const n of notes) mails[`${n.kind} ${n.status}`] = (mails[`${n.kind} ${n.status}`] ?? 0) + 1;
  const received = new Map<string, number>();
  for (const m of env.smtp.mails) received.set(m.key, (received.get(m.key) ?? 0) + 1);
  const mailProblems: string[] = [];
  for (const [key, n] of received) if (n > 1) mailProblems.push(`${key}: received ${n} times`);
  const placedMails = new Map<string, typeof notes>();
  for (const n of notes)
    if (n.kind === 'order-placed' && n.order_id)
      placedMails.set(n.order_id, [...(placedMails.get(n.order_id) ?? []), n]);
  let unknown = 0;
  for (const o of load.paid) {
    if (lost.some((l) => l.startsWith(o.orderId))) continue;
    const rows = placedMails.get(o.orderId) ?? [];
    if (rows.length !== 1) {
      mailProblems.push(`${o.orderId}: ${rows.length} order-placed mails`);
      continue;
    }
    const row = rows[0]!;
    const got = received.get(row.idempotency_key) ?? 0;
    if (row.status === 'sent' && got !== 1)
      mailProblems.push(`${o.orderId}: sent, received ${got} times`);
    else if (row.status === 'unknown') {
      // At most once: a sender that died during the end of data never sends again.
      unknown++;
      if (got > 1) mailProblems.push(`${o.orderId}: unknown, received ${got} times`);
    } else if (row.status !== 'sent')
      mailProblems.push(`${o.orderId}: mail ${row.status} (${row.last_error})`);
  }
  for (const n of notes)
    if (n.status === 'failed')
      mailProblems.push(`notification ${n.id} ${n.kind}: failed (${n.last_error})`);
  checks.push(
    check(
      'every mail sent once (order-placed for each paid order)',
      mailProblems,
      `${notes.length} notifications, ${env.smtp.mails.length} received, ${unknown} of unknown outcome`,
    ),
  );

  // 7. HTTP: no 500 (nor any 5xx other than 503).
  checks.push(
    check(
      'no 5xx answer other than 503',
      http.unexpected.map((u) => `${u.at} ${u.server} ${u.label}: ${u.status} ${u.body}`),
      `${http.byStatus['503'] ?? 0} answers 503`,
    ),
  );

  return {
    checks,
    ordersPaid: load.paid.length,
    lost: lost.length,
    doubled: doubled.length,
    queues,
    failedJobs,
    mails,
    smtpReceived: env.smtp.mails.length,
  };
}
