// Savings schemes' scheduler: reminders 3 days before and on the due day, once per due
// date with two workers and a restart, read from a real SMTP server; maturity.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMonths, createSandboxProvider, runSchemeSchedule } from '@kanak/core';
import { addDays } from '@kanak/core';
import { formatIndiaDate, indiaDate, type SchemeEnrolment } from '@kanak/shared';
import {
  httpClient,
  SCREENSHOT_DIR,
  startTestServer,
  startTestSmtp,
  type TestServer,
  type TestSmtp,
} from '@kanak/testkit';
import {
  eventually,
  newCustomer,
  startWorkerProcess,
  type WorkerProcess,
} from './pipeline-support';

describe('savings schemes: reminders and maturity as repeatable jobs', () => {
  let server: TestServer;
  let smtp: TestSmtp;
  let http: ReturnType<typeof httpClient>;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({ ORDER_WAIT_MS: 5000 });
    http = httpClient(server.baseUrl);
  });
  afterAll(async () => {
    for (const w of workers) await w.stop('SIGKILL');
    await server?.close();
    await smtp?.close();
  });

  const db = () => server.database.db;
  const today = indiaDate(new Date());
  const startWorker = () =>
    startWorkerProcess(server, {
      SMTP_URL: smtp.url,
      MAIL_POLL_MS: '200',
      SCHEME_SCHEDULE_EVERY_MS: '300',
      RECONCILE_EVERY_MS: '0',
      PUBLIC_URL: server.baseUrl,
    });

  /**
   * A shopper's enrolment in the seeded plan (₹1,000 a month) whose first `paid` instalments were
   * paid on their due dates from `startedOn` (written as the worker would have recorded them).
   */
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

  const schemeMails = () => smtp.mails.filter((m) => m.key.includes('scheme-reminder'));

  it('one reminder per due date and kind, with two schedulers at once, two workers and a restart', async () => {
    // Instalment 2 due today, and one due in 2 days.
    const dueToday = await enrolment('Duetoday', addMonths(today, -1), 1);
    const dueSoon = await enrolment('Duesoon', addMonths(addDays(today, 2), -1), 1);
    const provider = createSandboxProvider(server.config.PAYMENT_SANDBOX_SECRET);
    const origins = { server: server.baseUrl, web: server.baseUrl };
    // Two schedulers at the same moment: each reminder is queued by one of them only.
    const [a, b] = await Promise.all([
      runSchemeSchedule(db(), { provider, origins }),
      runSchemeSchedule(db(), { provider, origins }),
    ]);
    expect(a.reminded + b.reminded).toBe(2);
    expect((await runSchemeSchedule(db(), { provider, origins })).reminded).toBe(0);

    workers.push(await startWorker(), await startWorker());
    await eventually(async () => schemeMails().length >= 2, 20_000);
    // A third enrolment, due in 3 days, is found by the workers' own scheduled runs.
    const dueIn3 = await enrolment('Duein3', addMonths(addDays(today, 3), -1), 1);
    await eventually(async () => schemeMails().length >= 3, 20_000);
    // A worker killed and started again runs the schedule again: nothing is sent twice.
    expect(await workers[0]!.stop('SIGKILL')).toBeNull();
    workers[0] = await startWorker();
    await new Promise((r) => setTimeout(r, 2500));

    const mails = schemeMails();
    expect(mails).toHaveLength(3);
    const [toToday, toSoon, toIn3] = [dueToday, dueSoon, dueIn3].map((e) =>
      mails.filter((m) => m.to === e.shopper.email),
    );
    expect(toToday).toHaveLength(1);
    expect(toToday![0]!.subject).toContain('is due today');
    expect(toSoon).toHaveLength(1);
    expect(toSoon![0]!.subject).toContain(`is due on ${formatIndiaDate(addDays(today, 2))}`);
    expect(toIn3).toHaveLength(1);
    // The mail's pay link opens the hosted page for instalment 2, and works until the grace ends.
    const link = /href="(http[^"]+sandbox-pay[^"]+)"/
      .exec(toToday![0]!.html)![1]!
      .replaceAll('&amp;', '&');
    const page = await fetch(link);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('instalment 2');
    expect(toToday![0]!.text).toContain(`works until ${formatIndiaDate(addDays(today, 7))}`);
    const rows = await db()
      .selectFrom('notifications')
      .select('idempotency_key')
      .where('kind', '=', 'scheme-reminder')
      .execute();
    expect(rows).toHaveLength(3);
  }, 120_000);

  it('an enrolment with every instalment paid matures on its date, the bonus joins the balance', async () => {
    const started = addMonths(today, -10);
    const { id, shopper } = await enrolment('Matured', started, 10);
    // The workers' scheduled run matures it (one is started when this test runs alone).
    if (workers.length === 0) workers.push(await startWorker());
    await eventually(async () => {
      const row = await db()
        .selectFrom('scheme_enrolments')
        .select('state')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return row.state === 'MATURED';
    }, 20_000);
    const view = await http.get<SchemeEnrolment>(`/api/schemes/enrolments/${id}`, {
      token: shopper.token,
    });
    expect(view.body).toMatchObject({
      state: 'MATURED',
      due: null,
      bonus: 750,
      balance: 10_750,
      maturesOn: today,
      redeemBy: addDays(today, 30),
    });
    expect(view.body.paid).toHaveLength(10);
    // The statement and a receipt as PDFs, to the owner only.
    const pdf = async (query = '', token = shopper.token) =>
      fetch(`${server.baseUrl}/api/schemes/enrolments/${id}/statement${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    const statement = await pdf();
    expect(statement.status).toBe(200);
    expect(statement.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await statement.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // Kept to look at; on a clean clone no browser test has made the folder yet.
    await mkdir(SCREENSHOT_DIR, { recursive: true });
    await writeFile(path.join(SCREENSHOT_DIR, 'scheme-statement.pdf'), bytes);
    // Each instalment on a line of its own: the rows' "₹1,000" cells stand at ten heights.
    const page = await (await getDocumentProxy(new Uint8Array(bytes))).getPage(1);
    const amounts = (await page.getTextContent()).items.filter(
      (item) => 'str' in item && item.str === '₹1,000',
    );
    expect(amounts).toHaveLength(10);
    expect(new Set(amounts.map((item) => ('transform' in item ? item.transform[5] : 0))).size).toBe(
      10,
    );
    const receipt = await pdf('?receipt=3');
    expect(receipt.status).toBe(200);
    expect(receipt.headers.get('content-disposition')).toContain('receipt-3');
    expect((await pdf('?receipt=11')).status).toBe(404);
    expect((await pdf('?receipt=x')).status).toBe(400);
    const stranger = await newCustomer(server, 'Stranger');
    expect((await pdf('', stranger.token)).status).toBe(404);
  }, 60_000);

  it("the owner's view: filters, collections per month, and the liability reconciled to the rupee", async () => {
    const { SEED_ACCOUNTS } = await import('@kanak/db');
    const { login } = await import('./pipeline-support');
    const admin = await login(server, SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.admin.password);
    // A seeded set: one overdue (instalment 2 due 20 days ago), one paying on time, two matured.
    const overdue = await enrolment('Late', addMonths(addDays(today, -20), -1), 1);
    await enrolment('Ontime', addMonths(addDays(today, 5), -1), 1);
    const matured = [
      await enrolment('Ripe', addMonths(today, -10), 10),
      await enrolment('Ripe', addMonths(addDays(today, -3), -10), 10),
    ];
    for (const m of matured)
      await db()
        .updateTable('scheme_enrolments')
        .set({ state: 'MATURED', matured_at: new Date() })
        .where('id', '=', m.id)
        .execute();
    type Book = {
      enrolments: { id: string }[];
      collections: { month: string; amount: number }[];
      liability: { paid: number; bonus: number; redeemed: number; total: number };
    };
    const book = (filter: string) =>
      http.get<Book>(`/api/admin/schemes/enrolments?filter=${filter}`, { token: admin });
    expect((await book('overdue')).body.enrolments.map((e) => e.id)).toContain(overdue.id);
    expect((await book('overdue')).body.enrolments.map((e) => e.id)).not.toContain(matured[0]!.id);
    const unredeemed = (await book('unredeemed')).body.enrolments.map((e) => e.id);
    expect(unredeemed).toEqual(expect.arrayContaining(matured.map((m) => m.id)));
    expect(unredeemed).not.toContain(overdue.id);
    expect((await book('nonsense')).status).toBe(400);
    expect(
      (await http.get('/api/admin/schemes/enrolments', { token: overdue.shopper.token })).status,
    ).toBe(403);

    // Computed independently, straight from the rows: Σ paid + Σ bonus committed − Σ redeemed.
    const { rows } = await sql<{ paid: number; bonus: string; month_total: number }>`
      SELECT
        (SELECT coalesce(sum(p.amount), 0)::int FROM scheme_payments p
           JOIN scheme_enrolments e ON e.id = p.enrolment_id
           WHERE p.status = 'PAID' AND e.state NOT IN ('CLOSED')) AS paid,
        (SELECT coalesce(sum(instalment * bonus_percent / 100.0), 0) FROM scheme_enrolments
           WHERE state IN ('MATURED', 'REDEEMED')) AS bonus,
        (SELECT coalesce(sum(amount), 0)::int FROM scheme_payments WHERE status = 'PAID') AS month_total
    `.execute(db());
    const expected = rows[0]!;
    const all = (await book('all')).body;
    expect(all.liability.paid).toBe(expected.paid);
    expect(all.liability.bonus).toBe(Number(expected.bonus));
    expect(all.liability.redeemed).toBe(0);
    expect(all.liability.total).toBe(expected.paid + Number(expected.bonus));
    expect(all.collections.reduce((s, c) => s + c.amount, 0)).toBe(expected.month_total);
    expect(all.collections.every((c) => /^\d{4}-\d{2}$/.test(c.month))).toBe(true);
  }, 60_000);
});
