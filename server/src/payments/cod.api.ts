import { isUtf8 } from 'node:buffer';
import * as core from '@kanak/core';
import * as shared from '@kanak/shared';
import { mutation } from '../api/declare-use-case';
import { followLedgerEntry } from './ledger-follow-up';
import { errorBody } from '../api/openapi';
import type { UploadBinding, UploadedFile } from '../api/uploaded-input';

/** What a carrier's remittance export may be sent as: a CSV, or plain text that is one. */
const CSV_TYPES = ['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel'];

/**
 * The remittance file as a form upload (field `file`, with `dryRun` beside it): the same input
 * as the JSON `{ csv, dryRun }`, so both are read, matched and recorded by one path.
 */
const remittanceUpload: UploadBinding = {
  field: 'file',
  what: 'the remittance CSV',
  maxBytes: shared.REMITTANCE_MAX_CHARS,
  fields: {
    dryRun: {
      description: '`false` records the payments; `true` (the default) only lists the lines',
      enum: ['true', 'false'],
    },
  },
  refuse(file: UploadedFile) {
    const named = file.name.toLowerCase();
    const csvName = named.endsWith('.csv') || named.endsWith('.txt');
    // Browsers send what the OS says: the name is trusted when the type is a generic one.
    const csvType =
      CSV_TYPES.includes(file.mimetype) || file.mimetype === 'application/octet-stream';
    if (!csvName || !csvType)
      return `The remittance file must be a CSV (.csv, text/csv): ${file.name || 'the file'} is ${file.mimetype}`;
    if (file.bytes.length === 0) return 'The remittance file is empty';
    if (file.bytes.includes(0) || !isUtf8(file.bytes))
      return 'The remittance file is not text: save it from the spreadsheet as CSV (UTF-8)';
    return null;
  },
  input: (file, fields) => ({
    // A spreadsheet's byte-order mark is kept: the CSV reader skips it, as for the JSON body.
    csv: file.bytes.toString('utf8'),
    // A form sends text: `true`/`false` as the JSON body's boolean; anything else is refused.
    dryRun:
      fields.dryRun === undefined || fields.dryRun === 'true'
        ? true
        : fields.dryRun === 'false'
          ? false
          : fields.dryRun,
  }),
};

/** Cash on delivery after it was chosen (POST /api/payment/{orderId} with `method: 'cod'`). */
export const codApi = {
  confirm: mutation('customer', shared.codConfirmInput, shared.orderView, {
    summary:
      'The shopper confirms a cash-on-delivery order with the 6-digit code mailed to them: the order is placed (its stock taken) without a payment, and invoiced when dispatched. A wrong code is a 400 (5 tries), an expired or spent code a 409',
    run: async ({ services, user, request }, input) => {
      const confirmed = await core.confirmCashOnDelivery(services.db, { user, input });
      await followLedgerEntry({
        services,
        request,
        orderId: confirmed.orderId,
        entry: confirmed.entry,
      });
      return core.getOrderFor(services.db, user, confirmed.orderId);
    },
    rest: [{ method: 'POST', path: '/api/orders/:orderId/cod/confirm' }],
  }),
  outcome: mutation('admin', shared.codOutcomeInput, shared.orderView, {
    summary:
      'What the carrier reported of a shipped cash-on-delivery parcel: `collected` (delivered, the cash now owed by the carrier until its remittance is recorded) or `refused` (return to origin: cancelled, stock back, a credit note for its invoice, the shopper not offered COD for COD_BLOCK_DAYS). The same outcome again changes nothing; 409 for an order that is not a shipped COD order',
    run: async ({ services, user, request }, input) => {
      const recorded = await core.recordCodOutcome(services.db, { input, actorUserId: user.id });
      await followLedgerEntry({
        services,
        request,
        orderId: recorded.orderId,
        entry: recorded.entry,
      });
      return core.getOrderFor(services.db, user, recorded.orderId);
    },
    rest: [{ method: 'PUT', path: '/api/admin/orders/:orderId/cod' }],
  }),
  remittances: mutation('admin', shared.codRemittanceInput, shared.remittanceAnswer, {
    summary:
      'The carrier’s COD remittance file (`csv`: the columns AWB, amount, date, reference) matched by AWB to delivered cash-on-delivery orders: `dryRun` (the default) only lists each line as matched, short, over, unmatched, already recorded or invalid; `dryRun: false` records the matched, short and over lines as payments (provider `cod`) once per order, so applying the same file again adds nothing',
    run: ({ services }, input) => core.importCodRemittances(services.db, input),
    rest: [
      {
        method: 'POST',
        path: '/api/admin/cod/remittances',
        // The admin's page sends the carrier's file as it is; scripts may still post JSON.
        upload: remittanceUpload,
        otherAnswers: {
          200: { description: 'Success', schema: shared.remittanceAnswer },
          413: { description: 'A remittance file larger than 2 MB', schema: errorBody },
        },
      },
    ],
  }),
  resolveShort: mutation('admin', shared.codShortResolveInput, shared.orderView, {
    summary:
      'Resolves a cash-on-delivery order whose carrier remittance was recorded short of the cash due (the rest paid apart, or written off), with a `note` saying how: the order is no longer flagged; the difference stays in the settlement. Again changes nothing; 409 when the order has no short remittance',
    run: async ({ services, user }, input) => {
      const orderId = await core.resolveCodShort(services.db, input, core.systemClock());
      return core.getOrderFor(services.db, user, orderId);
    },
    rest: [{ method: 'PUT', path: '/api/admin/orders/:orderId/cod/remittance' }],
  }),
};
