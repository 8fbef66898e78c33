// The owner's books over REST and tRPC: admin only, clear 400s, JSON and CSV (UTF-8 with BOM,
// the GST offline tool's headings). The figures themselves: packages/core/test/books.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED_ACCOUNTS } from '@kanak/db';
import { httpClient, startTestServer, trpcCalls, type TestServer } from '@kanak/testkit';
import { login } from './pipeline-support';

describe('reports', () => {
  let server: TestServer;
  let admin: string;
  let customer: string;
  const http = () => httpClient(server.baseUrl);
  // A day long before the seeded shop's orders: the seed issues invoices, some of them today.
  const today = '2020-01-15';

  beforeAll(async () => {
    server = await startTestServer();
    admin = await login(server, SEED_ACCOUNTS.admin.email, SEED_ACCOUNTS.admin.password);
    customer = await login(server, SEED_ACCOUNTS.customer.email, SEED_ACCOUNTS.customer.password);
  });
  afterAll(() => server?.close());

  const paths = [
    `/api/admin/reports/sales-register?from=${today}&to=${today}`,
    `/api/admin/reports/gstr1?month=${today.slice(0, 7)}`,
    `/api/admin/reports/settlement?from=${today}&to=${today}`,
  ];

  it('answers 401 without a token and 403 to a customer, on REST and tRPC', async () => {
    for (const path of paths) {
      expect((await http().get(path)).status).toBe(401);
      expect((await http().get(path, { token: customer })).status).toBe(403);
    }
    const trpc = trpcCalls(http);
    expect((await trpc.query('reports.gstr1', { month: '2026-11' }, customer)).status).toBe(403);
    expect((await trpc.query('reports.gstr1', { month: '2026-11' })).status).toBe(401);
    const ok = await trpc.query<{ month: string }>('reports.gstr1', { month: '2026-11' }, admin);
    expect(ok.status).toBe(200);
    expect(ok.body.result.data.month).toBe('2026-11');
  });

  it('refuses malformed dates, ranges, months, formats and tables with a 400 that says why', async () => {
    const cases: [string, RegExp][] = [
      ['/api/admin/reports/sales-register?from=2026-13-01&to=2026-12-01', /from must be a date/],
      ['/api/admin/reports/sales-register?from=2026-02-30&to=2026-03-01', /not a calendar date/],
      [
        '/api/admin/reports/sales-register?from=2026-05-01&to=2026-04-01',
        /from must not be after to/,
      ],
      ['/api/admin/reports/sales-register?from=2024-01-01&to=2026-01-01', /at most 366 days/],
      ['/api/admin/reports/sales-register?to=2026-01-01', /from must be a date/],
      ['/api/admin/reports/gstr1?month=2026-1', /month must be YYYY-MM/],
      ['/api/admin/reports/settlement?from=2026-11-31&to=2026-12-01', /not a calendar date/],
      ['/api/admin/reports/settlement?from=2026-11-01', /to must be a date/],
      ['/api/admin/reports/gstr1?month=2026-11&format=xml', /format must be json or csv/],
      [
        '/api/admin/reports/gstr1?month=2026-11&format=csv',
        /add table=b2cs, b2cl, cdnur, hsn or docs/,
      ],
      ['/api/admin/reports/gstr1?month=2026-11&format=csv&table=b2b', /table must be/],
    ];
    for (const [path, message] of cases) {
      const answer = await http().get<{ message: string }>(path, { token: admin });
      expect(answer.status, path).toBe(400);
      expect(answer.body.message, path).toMatch(message);
    }
  });

  it('gives JSON, and CSV in the GST offline tool’s layout with a byte-order mark', async () => {
    const register = await http().get<{ rows: unknown[]; totals: Record<string, number> }>(
      paths[0]!,
      { token: admin },
    );
    expect(register.status).toBe(200);
    expect(register.body.totals).toEqual({ taxable: 0, cgst: 0, sgst: 0, igst: 0, total: 0 });
    const csv = await fetch(`${server.baseUrl}${paths[0]}&format=csv`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="sales-register-/);
    const bytes = Buffer.from(await csv.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8').split('\r\n')[0]).toBe(
      'Kind,Number,Date (IST),Buyer,Place of supply,Refers to,Taxable value,CGST,SGST,IGST,Total',
    );
    const headings: Record<string, string> = {
      b2cs: 'Type,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
      b2cl: 'Invoice Number,Invoice date,Invoice Value,Place Of Supply,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount,E-Commerce GSTIN',
      hsn: 'HSN,Description,UQC,Total Quantity,Total Value,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
      cdnur:
        'UR Type,Note Number,Note Date,Note Type,Place Of Supply,Note Value,Applicable % of Tax Rate,Rate,Taxable Value,Cess Amount',
      docs: 'Nature of Document,Sr. No. From,Sr. No. To,Total Number,Cancelled',
    };
    // The settlement: JSON with its totals and balance, CSV one row per payment received.
    const settlement = await http().get<{ totals: Record<string, number>; balances: boolean }>(
      paths[2]!,
      { token: admin },
    );
    expect(settlement.status).toBe(200);
    expect(Object.keys(settlement.body.totals).sort()).toEqual([
      'codOver',
      'codShort',
      'creditIssued',
      'creditSpent',
      'credited',
      'invoiced',
      'owed',
      'received',
      'refunded',
      'schemeSpent',
    ]);
    expect(typeof settlement.body.balances).toBe('boolean');
    const settlementCsv = await fetch(`${server.baseUrl}${paths[2]}&format=csv`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(settlementCsv.status).toBe(200);
    expect(settlementCsv.headers.get('content-disposition')).toMatch(/filename="settlement-/);
    const settlementBytes = Buffer.from(await settlementCsv.arrayBuffer());
    expect([...settlementBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(settlementBytes.subarray(3).toString('utf8').split('\r\n')[0]).toBe(
      'Date (IST),Provider,Payment id,Amount,Order,Order status,Invoice,Invoiced,Credit note,Credited,Refund reason,Refund state,Refund id,Refunded,Owed,Store credit issued,Store credit spent,Scheme spent,Method,Exchange credit spent,Refund due by bank transfer,Refunded by bank transfer,Bank transfer reference,COD remitted short,COD remitted over,COD short resolved',
    );
    for (const [table, heading] of Object.entries(headings)) {
      const answer = await fetch(`${server.baseUrl}${paths[1]}&format=csv&table=${table}`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      expect(answer.status, table).toBe(200);
      expect((await answer.text()).replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(heading);
    }
  });
});
