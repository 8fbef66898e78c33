import * as core from '@kanak/core';
import * as shared from '@kanak/shared';
import { query } from '../api/declare-use-case';

/**
 * The owner's books over tRPC (the admin Reports page): each long list a page at a time
 * (`page`, `pageSize`: REPORT_PAGE_SIZE rows by default, so a range that fits is whole), totals
 * over the whole range. REST serves the same rows at GET /api/admin/reports/… as streamed JSON
 * or CSV (reports.rest.ts).
 */
export const reportsApi = {
  salesRegister: query('admin', {
    input: shared.reportRangePageInput,
    output: shared.salesRegister,
    summary:
      'Sales register for a date range (India time, both days included): every invoice and credit note with taxable value, CGST, SGST, IGST and total, with totals overall and per place of supply',
    run: ({ services }, input) =>
      core.salesRegister(services.db, core.sellerOf(services.config), input),
  }),
  settlement: query('admin', {
    input: shared.reportRangePageInput,
    output: shared.settlement,
    summary:
      'Settlement for a date range (India time, both days included): payments received (provider id, amount, day) matched to orders, invoices and credit notes; payments without an invoice (owed back, or of a deleted order), invoices without a payment, refunds due and paid; totals in rupees that balance: received − refunded = invoiced − credited + owed + store credit issued − store credit spent − scheme spent; invoices paid by balances alone as rows of their own; totals per method (online, COD, scheme, store credit, exchange credit) and per provider; scheme instalments owed back',
    run: ({ services }, input) => core.settlementReport(services.db, input),
  }),
  gstr1: query('admin', {
    input: shared.reportMonthPageInput,
    output: shared.gstr1,
    summary:
      'GSTR-1 for a month: B2CS, B2CL, HSN summary and documents issued; B2CL and CDNUR a page at a time',
    run: ({ services }, input) => core.gstr1(services.db, core.sellerOf(services.config), input),
  }),
};
