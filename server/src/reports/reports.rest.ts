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
/** The tax block B2CS, B2CL and CDNUR rows share in the tool's templates, after their own columns. */
const taxColumns = <R extends Rows<'b2cs' | 'b2cl' | 'cdnur'>>(): core.CsvColumn<R>[] => [
  { header: 'Applicable % of Tax Rate', cell: () => '' },
  { header: 'Rate', cell: (r) => r.rate },
  { header: 'Taxable Value', cell: (r) => r.taxable },
  { header: 'Cess Amount', cell: (r) => r.cess },
];
/** The GST offline tool's template headings, one table per CSV. */
const gstr1Columns: { [T in shared.Gstr1Table]: core.CsvColumn<Rows<T>>[] } = {
  b2cs: [
    { header: 'Type', cell: (r) => r.type },
    { header: 'Place Of Supply', cell: (r) => r.placeOfSupply },
    ...taxColumns(),
    { header: 'E-Commerce GSTIN', cell: () => '' },
  ],
  b2cl: [
    { header: 'Invoice Number', cell: (r) => r.invoiceNumber },
    { header: 'Invoice date', cell: (r) => r.invoiceDate },
    { header: 'Invoice Value', cell: (r) => r.invoiceValue },
    { header: 'Place Of Supply', cell: (r) => r.placeOfSupply },
    ...taxColumns(),
    { header: 'E-Commerce GSTIN', cell: () => '' },
  ],
  cdnur: [
    { header: 'UR Type', cell: (r) => r.urType },
    { header: 'Note Number', cell: (r) => r.noteNumber },
    { header: 'Note Date', cell: (r) => r.noteDate },
    { header: 'Note Type', cell: (r) => r.noteType },
    { header: 'Place Of Supply', cell: (r) => r.placeOfSupply },
    { header: 'Note Value', cell: (r) => r.noteValue },
    ...taxColumns(),
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
  /** An admin's report: its query read, then its JSON or, with `format=csv`, its CSV file. */
  const report = <I extends { format?: 'json' | 'csv' }>(
    path: string,
    query: z.ZodMiniType<I>,
    answer: (input: I) => {
      json: () => NodeJS.ReadableStream;
      csv: () => { fileName: string; body: NodeJS.ReadableStream };
    },
  ) =>
    app.get(path, async (request, reply) => {
      await resolveCall(services, request, 'admin');
      const input = await parseInput(query, request.query);
      const { json, csv } = answer(input);
      if (input.format !== 'csv') return sendJson(reply, json());
      const { fileName, body } = csv();
      return sendCsv(reply, fileName, body);
    });

  report(SALES_REGISTER, salesRegisterQuery, (input) => {
    const seller = core.sellerOf(services.config);
    const range = { from: input.from, to: input.to };
    return {
      json: () => core.salesRegisterJson(services.db, seller, range),
      csv: () => ({
        fileName: `sales-register-${range.from}-to-${range.to}.csv`,
        body: core.csvStream(registerColumns, core.salesRegisterRows(services.db, seller, range)),
      }),
    };
  });
  report(SETTLEMENT, salesRegisterQuery, (input) => {
    const range = { from: input.from, to: input.to };
    return {
      json: () => core.settlementJson(services.db, range),
      csv: () => ({
        fileName: `settlement-${range.from}-to-${range.to}.csv`,
        body: core.settlementCsv(services.db, range),
      }),
    };
  });
  report(GSTR1, gstr1Query, (input) => {
    const seller = core.sellerOf(services.config);
    const month = { month: input.month };
    return {
      json: () => core.gstr1Json(services.db, seller, month),
      csv: () => {
        if (!input.table)
          throw core.badRequest(
            'A CSV of GSTR-1 is one table: add table=b2cs, b2cl, cdnur, hsn or docs',
          );
        return {
          fileName: `gstr1-${input.month}-${input.table}.csv`,
          body: gstr1Csv(services, month, input.table),
        };
      },
    };
  });
}
