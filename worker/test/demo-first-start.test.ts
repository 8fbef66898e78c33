// The demo shop's first start: the seed's unpaid orders are seeded as the shop leaves them
// (cancelled for want of payment), so the first reconciliation run cancels nothing and mails no
// "Order … cancelled" notice to the seeded customers.
import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUES } from '@kanak/core';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
import { sandbox } from '../../packages/core/test/support';
import { workerConfigSchema } from '../src/config';
import { buildProcessors, SCHEME_SCHEDULE_JOB } from '../src/processors';

describe('the seeded demo shop at its first start', () => {
  let database: TestDatabase;
  const db = () => database.db;

  // The test template is the demo seed (migrate, then seedDemoShop), as `pnpm db:migrate` with
  // SEED_DEMO=true makes it.
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('sends no cancellation mail: the first scheduled runs find no order to cancel', async () => {
    const config = workerConfigSchema.parse({});
    const processors = buildProcessors(db(), {
      source: sandbox,
      reconcileAfterMs: config.RECONCILE_AFTER_MS,
      unpaidOrderTtlMs: config.UNPAID_ORDER_TTL_MINUTES * 60_000,
      log: () => {},
      stockMoved: async () => {},
      announce: async () => {},
      schemeOrigins: { server: 'http://127.0.0.1:1', web: 'http://127.0.0.1:1' },
    });
    const before = await db()
      .selectFrom('order_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    await processors[QUEUES.paymentReconciliation]({ name: 'reconcile' } as Job);
    await processors[QUEUES.paymentReconciliation]({ name: SCHEME_SCHEDULE_JOB } as Job);

    const mails = await db().selectFrom('notifications').select(['kind', 'recipient']).execute();
    expect(mails.filter((m) => m.kind === 'cancelled')).toEqual([]);
    const after = await db()
      .selectFrom('order_events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    // The demo still shows orders left unpaid: cancelled for want of payment, with the reason.
    const unpaid = await db()
      .selectFrom('orders')
      .select(['status', 'status_note'])
      .where('status_note', 'like', 'Cancelled: not paid within%')
      .execute();
    expect(unpaid.length).toBeGreaterThan(0);
    expect(unpaid.every((o) => o.status === 'CANCELLED')).toBe(true);
    // No order is left PENDING for a later start to cancel either.
    const pending = await db()
      .selectFrom('orders')
      .select('id')
      .where('status', '=', 'PENDING')
      .execute();
    expect(pending).toEqual([]);
  });
});
