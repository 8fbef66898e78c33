import * as core from '@kanak/core';
import * as shared from '@kanak/shared';
import { mutation } from '../api/declare-use-case';
import { followLedgerEntry } from './ledger-follow-up';

/** Cash on delivery after it was chosen (POST /api/payment/{orderId} with `method: 'cod'`). */
export const codApi = {
  confirm: mutation('customer', shared.codConfirmInput, shared.orderView, {
    summary:
      'The shopper confirms a cash-on-delivery order with the 6-digit code mailed to them: the order is placed (its stock taken) without a payment, and invoiced when dispatched. A wrong code is a 400 (5 tries), an expired or spent code a 409',
    run: async ({ services, user, request }, input) => {
      const confirmed = await core.confirmCashOnDelivery(services.db, user, input);
      await followLedgerEntry(services, request, confirmed.orderId, confirmed.entry);
      return core.getOrderFor(services.db, user, confirmed.orderId);
    },
    rest: [{ method: 'POST', path: '/api/orders/:orderId/cod/confirm' }],
  }),
  outcome: mutation('admin', shared.codOutcomeInput, shared.orderView, {
    summary:
      'What the carrier reported of a shipped cash-on-delivery parcel: `collected` (delivered, the cash now owed by the carrier until its remittance is recorded) or `refused` (return to origin: cancelled, stock back, a credit note for its invoice, the shopper not offered COD for COD_BLOCK_DAYS). The same outcome again changes nothing; 409 for an order that is not a shipped COD order',
    run: async ({ services, user, request }, input) => {
      const recorded = await core.recordCodOutcome(services.db, input, user.id);
      await followLedgerEntry(services, request, recorded.orderId, recorded.entry);
      return core.getOrderFor(services.db, user, recorded.orderId);
    },
    rest: [{ method: 'PUT', path: '/api/admin/orders/:orderId/cod' }],
  }),
  remittances: mutation('admin', shared.codRemittanceInput, shared.remittanceAnswer, {
    summary:
      'The carrier’s COD remittance file (`csv`: the columns AWB, amount, date, reference) matched by AWB to delivered cash-on-delivery orders: `dryRun` (the default) only lists each line as matched, short, over, unmatched, already recorded or invalid; `dryRun: false` records the matched, short and over lines as payments (provider `cod`) once per order, so applying the same file again adds nothing',
    run: ({ services }, input) => core.importCodRemittances(services.db, input),
    rest: [{ method: 'POST', path: '/api/admin/cod/remittances' }],
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
