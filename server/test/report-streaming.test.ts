// Every export of the owner's books streams: a year's 100,000 invoices go out
// as CSV read a page at a time from PostgreSQL, in constant memory.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceDocument, type InvoiceLine } from '@kanak/core';
import { SEED_ACCOUNTS } from '@kanak/db';
import {
  documentNumber,
  financialYear,
  REPORT_PAGE_SIZE,
  type Gstr1,
  type SalesRegister,
  type Settlement,
} from '@kanak/shared';
import { startTestServer, type TestServer } from '@kanak/testkit';
import { login } from './pipeline-support';

const INVOICES = 100_000;
/** A month of the past, away from the seeded orders: every generated invoice is issued in it. */
const MONTH = '2025-06';
const FY = financialYear(new Date(`${MONTH}-15T12:00:00+05:30`));
/** A name in Devanagari, long enough that the file far outgrows every socket and stream buffer. */
const BUYER = 'आशा राव, श्री लक्ष्मी ज्वेलर्स की ग्राहक';

// The heap is measured after a full collection, so what is counted is what the download holds,
// not garbage not yet collected.
setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;
const heapAfterGc = () => {
  gc();
  return process.memoryUsage().heapUsed;
};

describe('report exports stream', () => {
  let server: TestServer;
  let admin: string;
  const db = () => server.database.db;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await login(server, SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.admin.password);
    // One real document, as issueInvoice writes it: an inter-state invoice above ₹1 lakh
    // (B2CL), copied onto 100,000 orders of one month by two INSERT … SELECT statements.
    const order = await db().selectFrom('orders').selectAll().limit(1).executeTakeFirstOrThrow();
    const line: InvoiceLine = {
      orderItemId: '00000000-0000-4000-8000-000000000000',
      description: '22K gold chain',
      hsn: '7113',
      purity: '22K916',
      netWeight: '20 g',
      quantity: 1,
      ratePerGram: 6500,
      metalValue: 130_000,
      making: 13_000,
      stones: null,
      gross: 143_000,
      discount: 3000,
      taxable: 140_000,
      gst: 4200,
      total: 144_200,
    };
    const template = invoiceDocument({
      order: { ...order, ship_first_name: BUYER, ship_last_name: '', ship_state: 'Delhi' },
      lines: [line],
      number: 'template',
      at: new Date(`${MONTH}-01T10:00:00+05:30`),
    });
    await sql`
      INSERT INTO orders (user_id, status, ship_first_name, ship_last_name, ship_street_address,
                          ship_city, ship_state, ship_zip_code, ship_mobile, total_price,
                          total_discounted_price, discount, total_item, order_date)
      SELECT ${order.user_id}, 'DELIVERED', ${BUYER}, '', '1 Janpath', 'New Delhi', 'Delhi',
             '110001', '9876543210', 147200, 144200, 3000, 1,
             ${`${MONTH}-01T00:00:00+05:30`}::timestamptz + n * interval '20 seconds'
      FROM generate_series(1, ${INVOICES}) AS n`.execute(db());
    await sql`
      INSERT INTO invoices (order_id, kind, series, fy, seq, number, issued_at, document)
      SELECT o.id, 'INVOICE', 'KJ', ${FY}, n, ${`KJ/${FY}/`} || lpad(n::text, 6, '0'),
             o.order_date,
             ${JSON.stringify(template)}::jsonb
               || jsonb_build_object('number', ${`KJ/${FY}/`} || lpad(n::text, 6, '0'),
                                     'orderId', o.id, 'issuedAt', o.order_date)
      FROM (SELECT id, order_date, row_number() OVER (ORDER BY order_date) AS n
            FROM orders WHERE ship_state = 'Delhi' AND ship_first_name = ${BUYER}) o`.execute(db());
    await sql`ANALYZE invoices`.execute(db());
  }, 300_000);
  afterAll(() => server?.close(), 120_000);

  /**
   * Downloads a CSV, and once its first bytes are in (and the download is paused), issues one
   * more invoice at the very end of the period: it is in the file only if the server was still
   * reading PostgreSQL after it began to answer, that is, if the file is streamed and not built
   * first. The retained heap is measured after a collection at every megabyte received.
   */
  async function download(path: string) {
    const before = heapAfterGc();
    const answer = await fetch(`${server.baseUrl}${path}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-length')).toBeNull();
    const reader = answer.body!.getReader();
    const first = await reader.read();
    const head = Buffer.from(first.value!);
    expect([...head.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const late = await db()
      .insertInto('orders')
      .values({
        user_id: (await db().selectFrom('orders').select('user_id').executeTakeFirstOrThrow())
          .user_id,
        status: 'DELIVERED',
        ship_first_name: 'Late',
        ship_last_name: 'Buyer',
        ship_street_address: '1 Janpath',
        ship_city: 'New Delhi',
        ship_state: 'Delhi',
        ship_zip_code: '110001',
        ship_mobile: '9876543210',
        total_price: 147_200,
        total_discounted_price: 144_200,
        discount: 3000,
        total_item: 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lateSeq = INVOICES + 1 + (await lateCount());
    const lateNumber = documentNumber('KJ', FY, lateSeq);
    const sample = await db()
      .selectFrom('invoices')
      .select('document')
      // One of this test's invoices, not the seed's (the seed issues its own since it invoices).
      .where('fy', '=', FY)
      .orderBy('seq')
      .limit(1)
      .executeTakeFirstOrThrow();
    await db()
      .insertInto('invoices')
      .values({
        order_id: late.id,
        kind: 'INVOICE',
        series: 'KJ',
        fy: FY,
        seq: lateSeq,
        number: lateNumber,
        // A second apart per late invoice: two at one instant would tie, and ties go by id.
        issued_at: new Date(Date.parse(`${MONTH}-30T23:59:00+05:30`) + (lateSeq - INVOICES) * 1000),
        document: JSON.stringify({
          ...(sample.document as object),
          number: lateNumber,
          orderId: late.id,
          buyer: { name: 'Late Buyer', address: '', state: 'Delhi', stateCode: '07' },
        }),
      })
      .execute();

    const chunks = [head];
    let bytes = head.length;
    let nextMeasure = 1 << 20;
    let peak = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(Buffer.from(value));
      bytes += value.length;
      if (bytes >= nextMeasure) {
        nextMeasure += 1 << 20;
        peak = Math.max(peak, heapAfterGc() - before);
      }
    }
    const lines = Buffer.concat(chunks).subarray(3).toString('utf8').split('\r\n');
    return { lines, bytes, peak, lateNumber };
  }
  const lateCount = async () =>
    Number(
      (
        await db()
          .selectFrom('invoices')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('seq', '>', INVOICES)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('streams a year of 100,000 invoices as the sales register, in constant memory', async () => {
    const { lines, bytes, peak, lateNumber } = await download(
      `/api/admin/reports/sales-register?from=2025-04-01&to=2026-03-31&format=csv`,
    );
    console.info(
      `sales register CSV: ${lines.length - 2} rows, ${(bytes / 2 ** 20).toFixed(1)} MiB, retained heap at most ${(peak / 2 ** 20).toFixed(1)} MiB above the start`,
    );
    expect(lines[0]).toBe(
      'Kind,Number,Date (IST),Buyer,Place of supply,Refers to,Taxable value,CGST,SGST,IGST,Total',
    );
    expect(lines).toHaveLength(INVOICES + 1 + 1 + 1); // heading, rows, the late one, final CRLF
    expect(lines[1]).toBe(
      `invoice,KJ/${FY}/000001,${MONTH}-01,"${BUYER}",07-Delhi,,140000,0,0,4200,144200`,
    );
    expect(lines.at(-2)).toContain(`${lateNumber},${MONTH}-30,Late Buyer,07-Delhi`);
    // Far below the file (over 15 MiB) and the 100,000 rows held as objects (well over 100 MiB).
    expect(bytes).toBeGreaterThan(15 * 2 ** 20);
    expect(peak).toBeLessThan(32 * 2 ** 20);
  }, 300_000);

  it('streams the GSTR-1 B2CL table of a month of 100,000 large inter-state invoices', async () => {
    const { lines, peak, lateNumber } = await download(
      `/api/admin/reports/gstr1?month=${MONTH}&format=csv&table=b2cl`,
    );
    console.info(
      `GSTR-1 B2CL CSV: ${lines.length - 2} rows, retained heap at most ${(peak / 2 ** 20).toFixed(1)} MiB above the start`,
    );
    expect(lines).toHaveLength(INVOICES + 2 + 1 + 1);
    expect(lines[1]).toBe(`KJ/${FY}/000001,01-Jun-2025,144200,07-Delhi,,3,140000,0,`);
    expect(lines.at(-2)).toContain(`${lateNumber},30-Jun-2025,144200,07-Delhi`);
    expect(peak).toBeLessThan(32 * 2 ** 20);
  }, 300_000);

  it('streams the same year as JSON (rows as read, totals after them), in constant memory', async () => {
    const before = heapAfterGc();
    const answer = await fetch(
      `${server.baseUrl}/api/admin/reports/sales-register?from=2025-04-01&to=2026-03-31`,
      { headers: { authorization: `Bearer ${admin}` } },
    );
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/application\/json/);
    expect(answer.headers.get('content-length')).toBeNull();
    const reader = answer.body!.getReader();
    const chunks: Buffer[] = [];
    let bytes = 0;
    let nextMeasure = 1 << 20;
    let peak = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(Buffer.from(value));
      bytes += value.length;
      if (bytes >= nextMeasure) {
        nextMeasure += 1 << 20;
        peak = Math.max(peak, heapAfterGc() - before);
      }
    }
    console.info(
      `sales register JSON: ${(bytes / 2 ** 20).toFixed(1)} MiB, retained heap at most ${(peak / 2 ** 20).toFixed(1)} MiB above the start`,
    );
    expect(bytes).toBeGreaterThan(15 * 2 ** 20);
    expect(peak).toBeLessThan(32 * 2 ** 20);
    const register = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
      from: string;
      rows: { number: string; total: number }[];
      totals: { total: number };
      byState: { placeOfSupply: string }[];
    };
    expect(register.from).toBe('2025-04-01');
    expect(register.rows.length).toBeGreaterThan(INVOICES);
    expect(register.rows[0]!.number).toBe(`KJ/${FY}/000001`);
    expect(register.totals.total).toBe(register.rows.reduce((sum, r) => sum + r.total, 0));
    expect(register.byState.map((s) => s.placeOfSupply)).toContain('07-Delhi');
  }, 300_000);

  /**
   * A JSON answer read as it arrives: its bytes, how many chunks they came in, and the retained
   * heap (after a collection at every megabyte) above what it was before the request.
   */
  async function readJson<T>(path: string) {
    const before = heapAfterGc();
    const answer = await fetch(`${server.baseUrl}${path}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/application\/json/);
    const streamed = answer.headers.get('content-length') === null;
    const reader = answer.body!.getReader();
    const chunks: Buffer[] = [];
    let bytes = 0;
    let nextMeasure = 1 << 20;
    let peak = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(Buffer.from(value));
      bytes += value.length;
      if (bytes >= nextMeasure) {
        nextMeasure += 1 << 20;
        peak = Math.max(peak, heapAfterGc() - before);
      }
    }
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as T;
    return { body, bytes, chunks: chunks.length, peak, streamed };
  }
  const trpcPath = (path: string, input: unknown) =>
    `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`;
  const mib = (bytes: number) => (bytes / 2 ** 20).toFixed(1);

  it('answers tRPC a page at a time, with the totals of the whole year', async () => {
    const range = { from: '2025-04-01', to: '2026-03-31' };
    const rest = await readJson<SalesRegister>(
      `/api/admin/reports/sales-register?from=${range.from}&to=${range.to}`,
    );
    const all = rest.body.rows;
    expect(all.length).toBeGreaterThan(INVOICES);
    const first = await readJson<{ result: { data: SalesRegister } }>(
      trpcPath('reports.salesRegister', range),
    );
    const page = first.body.result.data;
    console.info(
      `sales register of the year: REST JSON ${mib(rest.bytes)} MiB streamed in ${rest.chunks} chunks; tRPC first page ${mib(first.bytes)} MiB (${page.rows.length} of ${page.page?.rows} rows)`,
    );
    // One page, not the year: the rows a page holds, far below the year's answer.
    expect(page.rows).toHaveLength(REPORT_PAGE_SIZE);
    expect(first.bytes).toBeLessThan(rest.bytes / 10);
    expect(page.page).toEqual({
      page: 1,
      pageSize: REPORT_PAGE_SIZE,
      rows: all.length,
      pages: Math.ceil(all.length / REPORT_PAGE_SIZE),
    });
    expect(page.rows.map((r) => r.number)).toEqual(
      all.slice(0, REPORT_PAGE_SIZE).map((r) => r.number),
    );
    // The totals are the whole year's, as the streamed answer (and today's) adds them up.
    expect(page.totals).toEqual(rest.body.totals);
    expect(page.byState).toEqual(rest.body.byState);
    expect(page.totals.total).toBe(all.reduce((sum, r) => sum + r.total, 0));
    const third = await readJson<{ result: { data: SalesRegister } }>(
      trpcPath('reports.salesRegister', { ...range, page: 3, pageSize: 1000 }),
    );
    expect(third.body.result.data.rows.map((r) => r.number)).toEqual(
      all.slice(2000, 3000).map((r) => r.number),
    );
    expect(third.body.result.data.totals).toEqual(rest.body.totals);
    const tooLarge = await fetch(
      `${server.baseUrl}${trpcPath('reports.salesRegister', { ...range, pageSize: REPORT_PAGE_SIZE + 1 })}`,
      { headers: { authorization: `Bearer ${admin}` } },
    );
    expect(tooLarge.status).toBe(400);

    // The settlement's long lists too: payments and the invoices no payment paid (all of these).
    const settlementRest = await readJson<Settlement>(
      `/api/admin/reports/settlement?from=${range.from}&to=${range.to}`,
    );
    const settlement = (
      await readJson<{ result: { data: Settlement } }>(trpcPath('reports.settlement', range))
    ).body.result.data;
    expect(settlementRest.body.invoicesWithoutPayment.length).toBeGreaterThan(INVOICES);
    expect(settlement.invoicesWithoutPayment).toEqual(
      settlementRest.body.invoicesWithoutPayment.slice(0, REPORT_PAGE_SIZE),
    );
    expect(settlement.page).toMatchObject({
      rows: settlementRest.body.payments.length,
      invoicesWithoutPayment: settlementRest.body.invoicesWithoutPayment.length,
    });
    expect(settlement.totals).toEqual(settlementRest.body.totals);
    expect(settlement.byMethod).toEqual(settlementRest.body.byMethod);
    expect(settlementRest.peak).toBeLessThan(32 * 2 ** 20);
  }, 300_000);

  it("streams GSTR-1's JSON, and answers tRPC B2CL a page at a time with the same tables", async () => {
    const rest = await readJson<Gstr1>(`/api/admin/reports/gstr1?month=${MONTH}`);
    console.info(
      `GSTR-1 JSON of ${MONTH}: ${mib(rest.bytes)} MiB streamed in ${rest.chunks} chunks, retained heap at most ${mib(rest.peak)} MiB above the start`,
    );
    expect(rest.streamed).toBe(true);
    expect(rest.chunks).toBeGreaterThan(10);
    expect(rest.body.b2cl.length).toBeGreaterThan(INVOICES);
    expect(rest.peak).toBeLessThan(32 * 2 ** 20);
    const trpc = await readJson<{ result: { data: Gstr1 } }>(
      trpcPath('reports.gstr1', { month: MONTH }),
    );
    const paged = trpc.body.result.data;
    expect(trpc.bytes).toBeLessThan(rest.bytes / 10);
    expect(paged.b2cl).toEqual(rest.body.b2cl.slice(0, REPORT_PAGE_SIZE));
    expect(paged.page).toMatchObject({
      b2cl: rest.body.b2cl.length,
      cdnur: rest.body.cdnur.length,
    });
    for (const table of ['b2cs', 'hsn', 'docs'] as const)
      expect(paged[table], table).toEqual(rest.body[table]);
    expect(rest.body.hsn[0]!.value).toBe(
      rest.body.b2cl.reduce((sum, r) => sum + r.invoiceValue, 0),
    );
  }, 300_000);
});
