import * as core from '@kanak/core';
import * as shared from '@kanak/shared';
import { query } from '../api/declare-use-case';

/**
 * The owner's books over tRPC (the admin Reports page). REST serves the same core functions at
 * GET /api/admin/reports/… with `format=csv` as well (reports.rest.ts: a CSV answer streams).
 */
export const reportsApi = {
  salesRegister: query('admin', shared.reportRangeInput, shared.salesRegister, {
    summary:
      'Sales register for a date range (India time, both days included): every invoice and credit note with taxable value, CGST, SGST, IGST and total, with totals overall and per place of supply',
    run: ({ services }, input) =>
      core.salesRegister(services.db, core.sellerOf(services.config), input),
  }),
  settlement: query('admin', shared.reportRangeInput, shared.settlement, {
    summary:
      'Settlement for a date range (India time, both days included): payments received (provider id, amount, day) matched to orders, invoices and credit notes; payments without an invoice (owed back, or of a deleted order), invoices without a payment, refunds due and paid; totals in rupees that balance: received − refunded = invoiced − credited + owed + store credit issued − store credit spent − scheme spent; invoices paid by balances alone as rows of their own; totals per method (online, COD, scheme, store credit, exchange credit) and per provider; scheme instalments owed back',
    run: ({ services }, input) => core.settlementReport(services.db, input),
  }),
  gstr1: query('admin', shared.reportMonthInput, shared.gstr1, {
    summary: 'GSTR-1 for a month: B2CS, B2CL, HSN summary and documents issued',
    run: ({ services }, input) => core.gstr1(services.db, core.sellerOf(services.config), input),
  }),
};
