import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '@kanak/db';
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
  pickSizes,
  sandboxPaidOrder,
  startWorkerProcess,
  type WorkerProcess,
} from '../../server/test/pipeline-support';

const SUBSCRIBERS = 50;

describe('back in stock: alerts mailed through the ledger, a real worker and a real SMTP server', () => {
  let server: TestServer;
  let smtp: TestSmtp;
  let worker: WorkerProcess;
  let http: ReturnType<typeof httpClient>;
  let admin: string;
  const db = () => server.database.db;
  const restockMails = () => smtp.mails.filter((m) => m.subject.startsWith('Back in stock'));

  beforeAll(async () => {
    smtp = await startTestSmtp();
    server = await startTestServer({ ORDER_WAIT_MS: 5000 });
    http = httpClient(server.baseUrl);
    admin = await login(server, SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.admin.password);
    worker = await startWorkerProcess(server, { SMTP_URL: smtp.url, MAIL_POLL_MS: '200' });
  });
  afterAll(async () => {
    await worker?.stop('SIGKILL');
    await server?.close();
    await smtp?.close();
  });

  it(`mails ${SUBSCRIBERS} subscribers once per restock, and again after a sell-out only those still subscribed`, async () => {
    const [size] = await pickSizes(db(), 1);
    const where = { productId: size!.productId, weight: size!.weight };
    await db()
      .updateTable('product_sizes')
      .set({ stock: 1 })
      .where('id', '=', size!.sizeId)
      .execute();
    const stockNow = async () =>
      (
        await db()
          .selectFrom('product_sizes')
          .select('stock')
          .where('id', '=', size!.sizeId)
          .executeTakeFirstOrThrow()
      ).stock;
    /** A paid order takes the last piece: the size sells out. */
    const sellOut = async () => {
      const paid = await sandboxPaidOrder(server, size!, 1);
      expect((await http.get(paid.returnPath, { token: paid.shopper.token })).status).toBe(200);
      expect(await stockNow()).toBe(0);
      return paid.order._id;
    };
    /** The shop cancels that order: the ledger returns the piece (0 → 1). */
    const restock = async (orderId: string) => {
      const res = await http.put(`/api/admin/orders/${orderId}/cancel`, undefined, {
        token: admin,
      });
      expect(res.status).toBe(200);
      expect(await stockNow()).toBe(1);
    };

    // In stock: nothing to wait for.
    const early = await http.post('/api/stock-alerts', { ...where, email: 'early@example.com' });
    expect(early.status).toBe(409);

    const firstOrder = await sellOut();
    const emails = Array.from({ length: SUBSCRIBERS }, (_, i) => `waiting-${i}@example.com`);
    for (const email of emails) {
      const res = await http.post<{ email: string }>('/api/stock-alerts', { ...where, email });
      expect(res.status).toBe(201);
      expect(res.body.email).toBe(email);
    }
    // Asking twice keeps one alert; a visitor without an e-mail is told what is missing.
    expect((await http.post('/api/stock-alerts', { ...where, email: emails[0] })).status).toBe(201);
    const missing = await http.post<{ message: string }>('/api/stock-alerts', where);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/email/i);

    await restock(firstOrder);
    await eventually(async () => restockMails().length === SUBSCRIBERS, 60_000);
    const first = restockMails();
    expect(new Set(first.map((m) => m.to))).toEqual(new Set(emails));
    expect(first[0]!.html).toContain(`/product/${size!.productId}`);
    const unsubscribeLink = /\/stock-alerts\/unsubscribe\/([\w-]+)/.exec(
      first.find((m) => m.to === emails[7])!.html,
    );
    expect(unsubscribeLink).not.toBeNull();

    // Sold out again; one shopper follows the unsubscribe link (no login); a second restock.
    const secondOrder = await sellOut();
    const gone = await http.delete<{ message: string }>(`/api/stock-alerts/${unsubscribeLink![1]}`);
    expect(gone.status).toBe(200);
    expect((await http.delete(`/api/stock-alerts/not-a-token`)).status).toBe(404);
    await restock(secondOrder);
    await eventually(async () => restockMails().length === 2 * SUBSCRIBERS - 1, 60_000);
    const second = restockMails().slice(SUBSCRIBERS);
    expect(second.map((m) => m.to).sort()).toEqual(emails.filter((e) => e !== emails[7]).sort());

    // Each restock mailed each address once: no key or Message-ID twice.
    const all = restockMails();
    expect(new Set(all.map((m) => m.key)).size).toBe(all.length);
    expect(new Set(all.map((m) => m.messageId)).size).toBe(all.length);
    console.log(
      `back in stock: restock 1 → ${first.length} mails to ${SUBSCRIBERS} subscribers; ` +
        `restock 2 after one unsubscribed → ${second.length}`,
    );
  }, 180_000);
});
