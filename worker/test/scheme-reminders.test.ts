// Savings schemes' reminders through the worker's scheduled run, on a clock the test moves: one
// "due soon" mail from 3 days before a due date, one "due today" through the grace, and one
// "missed" once the grace is over unpaid — each once per instalment, however often the run comes.
import type { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths, QUEUES, renderNotification, SAMPLE_GSTIN } from '@kanak/core';
import { formatIndiaDate } from '@kanak/shared';
import { createTestDatabase, type TestDatabase } from '@kanak/testkit';
import { newCustomer, ORIGINS, sandbox } from '../../packages/core/test/support';
import { buildProcessors, SCHEME_SCHEDULE_JOB } from '../src/processors';

const SHOP = {
  name: 'Kanak Jewellers',
  supportEmail: 'help@kanak.test',
  url: 'https://kanak.test',
};
const SELLER = {
  legalName: 'Kanak Jewellers',
  address: 'Bengaluru',
  state: 'Karnataka',
  stateCode: '29',
  gstin: SAMPLE_GSTIN,
};

describe("savings scheme reminders on the worker's schedule", () => {
  let database: TestDatabase;
  const db = () => database.db;
  let now = new Date();
  let run: () => Promise<unknown>;

  beforeAll(async () => {
    database = await createTestDatabase();
    const processors = buildProcessors(db(), {
      source: sandbox,
      reconcileAfterMs: 0,
      unpaidOrderTtlMs: 40 * 60_000,
      log: () => {},
      stockMoved: async () => {},
      announce: async () => {},
      schemeOrigins: ORIGINS,
      clock: () => now,
    });
    run = () => processors[QUEUES.paymentReconciliation]({ name: SCHEME_SCHEDULE_JOB } as Job);
  });
  afterAll(() => database.drop());

  /** India's noon on a day, as an instant. */
  const noonOn = (date: string) => new Date(`${date}T12:00:00+05:30`);

  it('before the due date, and on a missed one, each once however often the run comes', async () => {
    const started = '2026-11-10';
    const due = addMonths(started, 1); // instalment 2: 10 Dec 2026
    const shopper = await newCustomer(db(), 'reminded');
    const plan = await db()
      .selectFrom('scheme_plans')
      .selectAll()
      .where('paused', '=', false)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const e = await db()
      .insertInto('scheme_enrolments')
      .values({
        user_id: shopper.id,
        plan_id: plan.id,
        plan_name: plan.name,
        instalments: plan.instalments,
        bonus_percent: plan.bonus_percent,
        grace_days: plan.grace_days,
        missed_rule: plan.missed_rule,
        bonus_cut_percent: plan.bonus_cut_percent,
        redeem_within_days: plan.redeem_within_days,
        terms: plan.terms,
        instalment: 1000,
        holder_name: 'Test Reminded',
        state: 'ACTIVE',
        started_on: started,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('scheme_payments')
      .values({
        enrolment_id: e.id,
        n: 1,
        provider: 'sandbox',
        payment_link_id: `plink_test_${e.id}`,
        payment_link_url: 'http://unused.test',
        provider_payment_id: `pay_test_${e.id.slice(0, 8)}`,
        status: 'PAID',
        amount: 1000,
        paid_at: noonOn(started),
        expires_at: noonOn(started),
        receipt_no: `KJSR/2026-27/${e.id.slice(0, 6)}`,
      })
      .execute();
    const reminders = () =>
      db()
        .selectFrom('notifications')
        .selectAll()
        .where('kind', '=', 'scheme-reminder')
        .where('recipient', '=', shopper.email)
        .orderBy('id')
        .execute();
    const whens = async () => (await reminders()).map((r) => (r.payload as { when: string }).when);
    const runOn = async (date: string) => {
      now = noonOn(date);
      await run();
    };

    await runOn(addDays(due, -4));
    expect(await whens()).toEqual([]);
    await runOn(addDays(due, -3));
    await runOn(addDays(due, -3));
    await runOn(addDays(due, -1));
    expect(await whens()).toEqual(['before']);
    await runOn(due);
    await runOn(addDays(due, plan.grace_days));
    expect(await whens()).toEqual(['before', 'due']);
    // The grace is over and nothing was paid: the missed mail, once, whatever runs follow.
    await runOn(addDays(due, plan.grace_days + 1));
    await runOn(addDays(due, plan.grace_days + 1));
    await runOn(addDays(due, plan.grace_days + 9));
    expect(await whens()).toEqual(['before', 'due', 'missed']);

    const rows = await reminders();
    const soon = await renderNotification(db(), rows[0]!, { shop: SHOP, seller: SELLER });
    expect(soon.subject).toContain('is due on 10 Dec 2026');
    const missed = await renderNotification(db(), rows[2]!, { shop: SHOP, seller: SELLER });
    expect(missed.subject).toBe(`Instalment 2 of your ${plan.name} was missed (due 10 Dec 2026)`);
    expect(missed.text).toContain('its grace days are over');
    expect(missed.text).toContain("By your plan's terms");
    // Its pay link opens instalment 2 and works for 3 days from the day it was sent.
    expect(missed.text).toContain(
      `works until ${formatIndiaDate(addDays(due, plan.grace_days + 3))}`,
    );
    const link = await db()
      .selectFrom('scheme_payments')
      .select(['n', 'status'])
      .where('enrolment_id', '=', e.id)
      .where('n', '=', 2)
      .execute();
    expect(link.length).toBeGreaterThan(0);
  });
});
