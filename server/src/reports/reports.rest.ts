import * as z from 'zod/mini';
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as core from '@kanak/core';
import * as shared from '@kanak/shared';
import { resolveCall } from '../api/caller';
import { parseInput } from '../api/input';
import { errorBody, type RouteDoc } from '../api/openapi';
import type { AppServices } from '../services';

const SALES_REGISTER = '/api/admin/reports/sales-register';
const GSTR1 = '/api/admin/reports/gstr1';
const SETTLEMENT = '/api/admin/reports/settlement';

const format = z.optional(z.enum(['json', 'csv'], 'format must be json or csv'));
const salesRegisterQuery = z.extend(shared.reportRangeInput, { format });
const gstr1Query = z.extend(shared.reportMonthInput, {
  format,
  table: z.optional(z.enum(shared.GSTR1_TABLES, 'table must be b2cs, b2cl, cdnur, hsn or docs')),
});

/** The sales register's CSV columns (rupees; a credit note's amounts negative). */
const registerColumns: core.CsvColumn<shared.SalesRegisterRow>[] = [
  { header: 'Kind', cell: (r) => r.kind },
  { header: 'Number', cell: (r) => r.number },
  { header: 'Date (IST)', cell: (r) => r.date },
  { header: 'Buyer', cell: (r) => r.buyer },
  { header: 'Place of supply', cell: (r) => r.placeOfSupply },
  { header: 'Refers to', cell: (r) => r.refersTo },
  { header: 'Taxable value', cell: (r) => r.taxable },
  { header: 'CGST', cell: (r) => r.cgst },
  { header: 'SGST', cell: (r) => r.sgst },
  { header: 'IGST', cell: (r) => r.igst },
  { header: 'Total', cell: (r) => r.total },
];

type Gstr1 = Awaited<ReturnType<typeof core.gstr1>>;
type Rows<T extends shared.Gstr1Table> = Gstr1[T][number];
/** The GST offline tool's template headings, one table per CSV. */
const gstr1Columns: { [T in shared.Gstr1Table]: core.CsvColumn<Rows<T>>[] } = {
  b2cs: [
    { header: 'Type', cell: (r) => r.type },
    { header: 'Place Of Supply', cell: (r) => r.placeOfSupply },
    { header: 'Applicable % of Tax Rate', cell: () => '' },
    { header: 'Rate', cell: (r) => r.rate },
    { header: 'Taxable Value', cell: (r) => r.taxable },
    { header: 'Cess Amount', cell: (r) => r.cess },
    { header: 'E-Commerce GSTIN', cell: () => '' },
  ],
  b2cl: [
    { header: 'Invoice Number', cell: (r) => r.invoiceNumber },
    { header: 'Invoice date', cell: (r) => r.invoiceDate },
    { header: 'Invoice Value', cell: (r) => r.invoiceValue },
    { header: 'Place Of Supply', cell: (r) => r.placeOfSupply },
    { header: 'Applicable % of Tax Rate', cell: () => '' },
    { header: 'Rate', cell: (r) => r.rate },
    { header: 'Taxable Value', cell: (r) => r.taxable },
    { header: 'Cess Amount', cell: (r) => r.cess },
    { header: 'E-Commerce GSTIN', cell: () => '' },
  ],
  cdnur: [
    { header: 'UR Type', cell: (r) => r.urType },
    { header: 'Note Number', cell: (r) => r.noteNumber },
    { header: 'Note Date', cell: (r) => r.noteDate },
    { header: 'Note Type', cell: (r) => r.noteType },
    { header: 'Place Of Supply', cell: (r) => r.placeOfSupply },
    { header: 'Note Value', cell: (r) => r.noteValue },
    { header: 'Applicable % of Tax Rate', cell: () => '' },
    { header: 'Rate', cell: (r) => r.rate },
    { header: 'Taxable Value', cell: (r) => r.taxable },
    { header: 'Cess Amount', cell: (r) => r.cess },
  ],
  hsn: [
    { header: 'HSN', cell: (r) => r.hsn },
    { header: 'Description', cell: (r) => r.description },
    { header: 'UQC', cell: (r) => r.uqc },
    { header: 'Total Quantity', cell: (r) => r.quantity },
    { header: 'Total Value', cell: (r) => r.value },
    { header: 'Taxable Value', cell: (r) => r.taxable },
    { header: 'Integrated Tax Amount', cell: (r) => r.igst },
    { header: 'Central Tax Amount', cell: (r) => r.cgst },
    { header: 'State/UT Tax Amount', cell: (r) => r.sgst },
    { header: 'Cess Amount', cell: (r) => r.cess },
  ],
  docs: [
    { header: 'Nature of Document', cell: (r) => r.nature },
    { header: 'Sr. No. From', cell: (r) => r.from },
    { header: 'Sr. No. To', cell: (r) => r.to },
    { header: 'Total Number', cell: (r) => r.total },
    { header: 'Cancelled', cell: (r) => r.cancelled },
  ],
};

/** One GSTR-1 table as CSV, streamed as the month's documents are read. */
const gstr1Csv = <T extends shared.Gstr1Table>(
  services: AppServices,
  month: shared.ReportMonth,
  table: T,
) =>
  core.csvStream(
    gstr1Columns[table],
    core.gstr1Rows(services.db, { seller: core.sellerOf(services.config), ...month, table }),
  );

const sendCsv = (reply: FastifyReply, fileName: string, body: NodeJS.ReadableStream) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(body);

/** A year's report as JSON, streamed as it is read (report-json), never built whole first. */
const sendJson = (reply: FastifyReply, body: NodeJS.ReadableStream) =>
  reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'private, no-store')
    .send(body);

const answers = (json: z.ZodMiniType) => ({
  200: {
    description: 'The report as JSON, or as CSV with `format=csv` (UTF-8 with BOM)',
    schema: json,
  },
  400: { description: 'A malformed date, month, format or table', schema: errorBody },
});

export const reportDocs: RouteDoc[] = [
  {
    method: 'GET',
    path: SALES_REGISTER,
    tag: 'reports',
    access: 'admin',
    summary:
      'Sales register for `from`–`to` (YYYY-MM-DD, India time): per invoice and credit note, number, date, buyer, place of supply, taxable value, CGST, SGST, IGST, total (rupees); `format=csv` streams the rows',
    responses: answers(shared.salesRegister),
  },
  {
    method: 'GET',
    path: SETTLEMENT,
    tag: 'reports',
    access: 'admin',
    summary:
      'Settlement for `from`–`to` (YYYY-MM-DD, India time): payments received matched to orders, invoices and credit notes, the unmatched ones, invoices without a payment, refunds due and paid, totals (rupees) with `balances`: received − refunded = invoiced − credited + owed + creditIssued − creditSpent − schemeSpent (store credit taken instead of money, or store credit or a matured scheme balance spent instead of it: their orders’ SPENT tenders). An invoice its balances paid with no money is a row of its own (`method: balances`). `byMethod` (online, cod, scheme, store_credit, exchange_credit) and `byProvider` split invoiced − credited by what paid it (`balancesByMethod`); `instalmentsOwedBack` lists scheme instalments owed back (received, refunded, owed); `format=csv` streams one row per payment and per balance-paid invoice',
    responses: answers(shared.settlement),
  },
  {
    method: 'GET',
    path: GSTR1,
    tag: 'reports',
    access: 'admin',
    summary:
      'GSTR-1 for `month` (YYYY-MM): B2CS, B2CL, CDNUR (credit notes of B2CL invoices), HSN summary and documents issued; `format=csv&table=b2cs|b2cl|cdnur|hsn|docs` gives one table in the GST offline tool’s layout',
    responses: answers(shared.gstr1),
  },
];

/** The owner's books over REST: JSON, or CSV streamed for a spreadsheet or the GST offline tool. */
export function registerReportsRest(app: FastifyInstance, services: AppServices) {
  app.get(SALES_REGISTER, async (request, reply) => {
    await resolveCall(services, request, 'admin');
    const input = await parseInput(salesRegisterQuery, request.query);
    const seller = core.sellerOf(services.config);
    const range = { from: input.from, to: input.to };
    if (input.format !== 'csv')
      return sendJson(reply, core.salesRegisterJson(services.db, seller, range));
    return sendCsv(
      reply,
      `sales-register-${range.from}-to-${range.to}.csv`,
      core.csvStream(registerColumns, core.salesRegisterRows(services.db, seller, range)),
    );
  });
  app.get(SETTLEMENT, async (request, reply) => {
    await resolveCall(services, request, 'admin');
    const input = await parseInput(salesRegisterQuery, request.query);
    const range = { from: input.from, to: input.to };
    if (input.format !== 'csv') return sendJson(reply, core.settlementJson(services.db, range));
    return sendCsv(
      reply,
      `settlement-${range.from}-to-${range.to}.csv`,
      core.settlementCsv(services.db, range),
    );
  });
  app.get(GSTR1, async (request, reply) => {
    await resolveCall(services, request, 'admin');
    const input = await parseInput(gstr1Query, request.query);
    const seller = core.sellerOf(services.config);
    const month = { month: input.month };
    if (input.format !== 'csv') return sendJson(reply, core.gstr1Json(services.db, seller, month));
    if (!input.table)
      throw core.badRequest(
        'A CSV of GSTR-1 is one table: add table=b2cs, b2cl, cdnur, hsn or docs',
      );
    return sendCsv(
      reply,
      `gstr1-${input.month}-${input.table}.csv`,
      gstr1Csv(services, month, input.table),
    );
  });
}
