// Savings schemes: the owner reminds an overdue shopper by hand. The mail goes
// through the outbox (the scheduler's "scheme-reminder"), read from a real SMTP server; at most
// once per enrolment per day (409), and only for a scheme with an instalment due.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, addMonths } from '@kanak/core';
import { SEED_ACCOUNTS } from '@kanak/db';
import { formatIndiaDate, indiaDate } from '@kanak/shared';
import {
  httpClient,
  startTestServer,
  startTestSmtp,
  type TestServer,
  type TestSmtp,
} from '@kanak/testkit';
import {
  eventually,
  login,
  newCustomer,
  startWorkerProcess,
  type WorkerProcess,
} from './pipeline-support';

describe('savings schemes: reminding an overdue shopper by hand', () => {
  let server: TestServer;
  let smtp: TestSmtp;
  let http: ReturnType<typeof httpClient>;
  let worker: WorkerProcess | undefined;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({ ORDER_WAIT_MS: 5000 });
    http = httpClient(server.baseUrl);
  });
  afterAll(async () => {
    await worker?.stop('SIGKILL');
    await server?.close();
    await smtp?.close();
  });

  const db = () => server.database.db;
  const today = indiaDate(new Date());

  /** A shopper's enrolment (₹1,000 a month) with its first `paid` instalments paid on time. */
  async function enrolment(name: string, startedOn: string, paid: number) {
    const shopper = await newCustomer(server, name);
    const plan = await db()
      .selectFrom('scheme_plans')
      .select('id')
      .where('paused', '=', false)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    const res = await http.post<{ id: string }>(
      '/api/schemes/enrolments',
      { planId: plan.id, instalment: 1000 },
      { token: shopper.token },
    );
    expect(res.status).toBe(201);
    const id = res.body.id;
    await db().deleteFrom('scheme_payments').where('enrolment_id', '=', id).execute();
    for (let n = 1; n <= paid; n++)
      await db()
        .insertInto('scheme_payments')
        .values({
          enrolment_id: id,
          n,
          provider: 'sandbox',
          payment_link_id: `plink_test_${id}_${n}`,
          payment_link_url: 'http://unused.test',
          provider_payment_id: `pay_test_${id.slice(0, 8)}_${n}`,
          status: 'PAID',
          amount: 1000,
          paid_at: new Date(`${addMonths(startedOn, n - 1)}T06:00:00Z`),
          expires_at: new Date(`${addMonths(startedOn, n - 1)}T12:00:00Z`),
        })
        .execute();
    await db()
      .updateTable('scheme_enrolments')
      .set({ state: 'ACTIVE', started_on: startedOn })
      .where('id', '=', id)
      .execute();
    return { id, shopper };
  }

  it('queues the reminder mail once a day, with a pay link; refuses a second, a stranger and a scheme not due', async () => {
    const admin = await login(server, SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.admin.password);
    // Instalment 2 was due 20 days ago: past the grace, overdue.
    const late = await enrolment('Remindme', addMonths(addDays(today, -20), -1), 1);
    const dueOn = addDays(today, -20);
    const remind = (id: string, token = admin) =>
      http.post<{ queued: boolean; n: number; due: string; message?: string }>(
        `/api/admin/schemes/enrolments/${id}/remind`,
        {},
        { token },
      );

    const first = await remind(late.id);
    expect(first.status).toBe(202);
    expect(first.body).toMatchObject({ queued: true, n: 2, due: dueOn });

    // The same day again, REST and tRPC alike: 409 with a clear message, and no second mail row.
    const again = await remind(late.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('already sent today');
    // Two admins at once on a fresh one: one mail.
    const other = await enrolment('Twoadmins', addMonths(addDays(today, -15), -1), 1);
    const both = await Promise.all([remind(other.id), remind(other.id)]);
    expect(both.map((r) => r.status).sort()).toEqual([202, 409]);

    // A customer may not; an unknown enrolment is 404; a scheme paying on time has nothing due.
    expect((await remind(late.id, late.shopper.token)).status).toBe(403);
    expect((await remind('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await remind('not-a-uuid')).status).toBe(404);
    const onTime = await enrolment('Ontimer', addMonths(addDays(today, 5), -1), 1);
    const notDue = await remind(onTime.id);
    expect(notDue.status).toBe(409);
    expect(notDue.body.message).toContain('nothing to remind');

    const rows = await db()
      .selectFrom('notifications')
      .select(['idempotency_key', 'recipient'])
      .where('kind', '=', 'scheme-reminder')
      .execute();
    expect(rows.filter((r) => r.recipient === late.shopper.email)).toHaveLength(1);
    expect(rows.filter((r) => r.recipient === other.shopper.email)).toHaveLength(1);

    // The worker sends them: read from the SMTP server, with the instalment's pay link.
    worker = await startWorkerProcess(server, {
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '200',
      SCHEME_SCHEDULE_EVERY_MS: '0',
      RECONCILE_EVERY_MS: '0',
      PUBLIC_URL: server.baseUrl,
    });
    const mailsTo = (email: string) =>
      smtp.mails.filter((m) => m.key.includes('scheme-reminder') && m.to === email);
    await eventually(async () => mailsTo(late.shopper.email).length >= 1, 20_000);
    const [mail] = mailsTo(late.shopper.email);
    expect(mail!.subject).toContain(`Instalment 2 of your`);
    expect(mail!.subject).toContain(`was due on ${formatIndiaDate(dueOn)}`);
    expect(mail!.text).toContain(`works until ${formatIndiaDate(addDays(today, 2))}`);
    const link = /href="(http[^"]+sandbox-pay[^"]+)"/
      .exec(mail!.html)![1]!
      .replaceAll('&amp;', '&');
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('instalment 2');
    await new Promise((r) => setTimeout(r, 1000));
    expect(mailsTo(late.shopper.email)).toHaveLength(1);
  }, 90_000);
});
