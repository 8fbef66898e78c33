import * as z from 'zod/mini';
import * as core from '@kanak/core';
import * as shared from '@kanak/shared';
import { mutation, query } from '../api/declare-use-case';
import type { AppServices } from '../services';

const returnsDeps = (services: AppServices): core.MoveReturnDeps => ({
  db: services.db,
  clock: core.systemClock,
  windowDays: services.config.RETURN_WINDOW_DAYS,
  wake: () => services.relay.wake(),
  returnAddress: core.slipSenderOf(services.config).returnAddress,
});

/** Returns and exchanges inside the policy: the shopper asks, the owner moves. */
export const returnsApi = {
  request: mutation('customer', {
    input: shared.createReturnInput,
    output: shared.returnView,
    summary:
      "The order's owner asks to return (money back) or exchange (store credit) some of its pieces, within RETURN_WINDOW_DAYS of delivery: before delivery or after the window a 409 names the window's end (`details.windowEndsOn`); one live request per order",
    run: ({ services, user }, input) => core.requestReturn(returnsDeps(services), user, input),
    rest: [{ method: 'POST', path: '/api/orders/:orderId/returns', status: 201 }],
  }),
  byOrder: query('customer', {
    input: shared.orderReturnsInput,
    output: z.array(shared.returnView),
    summary: "An order's return and exchange requests with every move (its owner, or an admin)",
    run: ({ services, user }, input) => core.orderReturns(services.db, user, input.orderId),
    rest: [{ method: 'GET', path: '/api/orders/:orderId/returns' }],
  }),
  eligibility: query('customer', {
    input: shared.orderReturnsInput,
    output: shared.returnEligibility,
    summary:
      "Whether the order may be returned, told before any form: `possible`, the window's last day (`windowEndsOn`, India's day), the sentence the order page shows, and how many pieces of each line may still come back",
    run: ({ services, user }, input) =>
      core.returnEligibility(returnsDeps(services), user, input.orderId),
    rest: [{ method: 'GET', path: '/api/orders/:orderId/returns/eligibility' }],
  }),
  adminList: query('admin', {
    input: z.optional(shared.adminReturnsQuery),
    output: z.array(shared.returnView),
    summary:
      'Every return and exchange request, newest first (optionally of one state, or `open=true`: those not refused or refunded), each with its moves and pickup',
    run: ({ services }, input) =>
      core.returnViews(services.db, {
        state: input?.state,
        open: input?.open === true || input?.open === 'true',
      }),
    rest: [{ method: 'GET', path: '/api/admin/returns' }],
  }),
  adminSummary: query('admin', {
    input: z.optional(z.object({})),
    output: shared.returnsSummary,
    summary:
      'How many returns are in each state, and how many are not finished (the admin menu count)',
    run: ({ services }) => core.returnsSummary(services.db),
    rest: [{ method: 'GET', path: '/api/admin/returns/summary' }],
  }),
  move: mutation('admin', {
    input: shared.returnMoveInput,
    output: shared.returnView,
    summary:
      "Moves a request: `approve` (optional body `{ pickup }`: `{ method: 'courier', address?, slot: { date, window }, carrier, awb }` — the address defaults to the order's delivery address — or `{ method: 'post', instructions? }`, the default, sent to SELLER_RETURN_ADDRESS; mailed to the shopper) or `refuse` (body `{ reason }`, read by the shopper) a requested one; `receive` an approved one with `{ huids: { [orderItemId]: string[] } }`, checked against the HUIDs sold (a mismatch is recorded for the owner and blocks the refund; the shopper reads \"under inspection\"); while received or on hold, `correct` the HUIDs read (checked again: a passing check lets the refund proceed), `hold` it (`{ reason }`, for the shop) and `resume`, or `refuse` it with a reason (mailed to the shopper); `repickup` an approved one (body `{ pickup }` as for approve, required) when the pickup changes before the piece is in (another day, carrier or AWB, or the post; mailed to the shopper, kept on the timeline); `refund` a received one whose check passed: one credit note for the returned lines, stock back, the money back — a return's online part through the payment provider (retried, then a dead letter; the shopper is mailed \"refunded\" once the provider confirms) and the part paid by a savings scheme or store credit back there — or store credit (an exchange). A move already made answers the request as it is; another wrong move is a 409",
    run: ({ services, user }, input) => core.moveReturn(returnsDeps(services), user.id, input),
    rest: [
      {
        method: 'PUT',
        path: '/api/admin/returns/:returnId/:action',
        paramDocs: {
          action: {
            description: 'approve, refuse, receive, correct, hold, resume, repickup or refund',
            example: 'approve',
          },
        },
      },
    ],
  }),
  payByTransfer: mutation('admin', {
    input: shared.returnTransferInput,
    output: shared.returnView,
    summary:
      "Records a refunded return's due money (cash on delivery: no provider to refund through) as paid by bank transfer, with the transfer's reference: the refund reads paid, the order no longer owes it, the settlement counts it refunded and the shopper is mailed. The same reference again answers the return as it is; another reference, or a return whose refund is not due by hand, is a 409",
    run: ({ services }, input) => core.payReturnByTransfer(services.db, input, core.systemClock()),
    rest: [{ method: 'POST', path: '/api/admin/returns/:returnId/bank-transfer' }],
  }),
};
