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
  gstr1: query('admin', shared.reportMonthInput, shared.gstr1, {
    summary: 'GSTR-1 for a month: B2CS, B2CL, HSN summary and documents issued',
    run: ({ services }, input) => core.gstr1(services.db, core.sellerOf(services.config), input),
  }),
};
