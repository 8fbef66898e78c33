import type { Transaction } from 'kysely';
import type { Database, ReturnRequestsTable } from '@kanak/db';
import { RETURN_MOVES, type ReturnMoveInput, type ReturnView } from '@kanak/shared';
import type { Selectable } from 'kysely';
import { badRequest, conflict, notFound } from '../common/errors';
import { addStoreCredit } from '../exchange/store-credit';
import { issueCreditNote, lockInvoiceCounter } from '../invoices/issue-invoice';
import { lockOrder } from '../orders/lock-order';
import { refundPayment } from '../refunds/refund-payment';
import { huidMismatch } from './huid-check';
import { logReturnMove } from './return-log';
import { returnViews } from './return-views';
import { returnStock } from './return-stock';
import type { ReturnsDeps } from './request-return';

type ReturnRow = Selectable<ReturnRequestsTable>;

/**
 * Pays a return's money back through the provider (refundPayment, issue 31's refunds): the
 * refund of the order's captured payment for the returned lines, once per return (its purpose),
 * durable through the outbox and the worker's refunds queue. An order without a captured payment
 * (none recorded) leaves the refund due, to pay out by hand.
 */
async function refundThroughProvider(
  trx: Transaction<Database>,
  request: ReturnRow,
  actorUserId: string,
): Promise<'due' | 'asked'> {
  const payment = await trx
    .selectFrom('payments')
    .select('id')
    .where('order_id', '=', request.order_id)
    // The payment that paid for the order: one owed back (a late payment on an old link) is
    // refunded on its own path, in full.
    .where('status', '=', 'PAID')
    .where('provider_payment_id', 'is not', null)
    .orderBy('created_at')
    .orderBy('id')
    .executeTakeFirst();
  const amount = Math.round(Number(request.refund_paise) / 100);
  if (!payment || amount <= 0) return 'due';
  await refundPayment(trx, {
    paymentId: payment.id,
    amount,
    reason: 'RETURNED',
    purpose: `return-${request.id}`,
    requestedBy: actorUserId,
  });
  return 'asked';
}

export interface MoveReturnDeps extends ReturnsDeps {
  /** Wakes the outbox relay once a refund's job is committed (else its next poll sends it). */
  wake?: () => void;
}

/**
 * The owner moves a request: approve, refuse (with a reason), receive (the HUIDs found on each
 * piece, checked against those sold: a mismatch is recorded and blocks the refund) and refund
 * (credit note for the returned lines, stock back, money back for a return or store credit
 * for an exchange). The request row is locked for the move; a move already made answers the
 * request as it is (a double click refunds once), any other wrong move is a 409.
 */
export async function moveReturn(
  deps: MoveReturnDeps,
  actorUserId: string,
  input: ReturnMoveInput,
): Promise<ReturnView> {
  const move = RETURN_MOVES[input.action];
  if (input.action === 'refuse' && !input.reason?.trim())
    throw badRequest('Say why the request is refused (the shopper reads it)');
  if (input.action === 'receive' && !input.huids)
    throw badRequest(
      'Give the HUIDs found on each piece received: { huids: { [orderItemId]: [...] } }',
    );
  await deps.db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('return_requests')
      .selectAll()
      .where('id', '=', input.returnId)
      .forUpdate()
      .executeTakeFirst();
    if (!request) throw notFound('Return request');
    if (request.state === move.to) return; // made already (a second click): nothing again
    if (request.state !== move.from)
      throw conflict(`Cannot ${input.action} a return that is ${request.state}`);
    const at = deps.clock();
    let note: string | null = null;
    if (input.action === 'refuse') {
      note = input.reason!.trim();
      await trx
        .updateTable('return_requests')
        .set({ refused_reason: note })
        .where('id', '=', request.id)
        .execute();
    }
    if (input.action === 'receive') {
      const mismatch = await huidMismatch(trx, request.id, input.huids ?? {});
      await trx
        .updateTable('return_requests')
        .set({ huid_mismatch: mismatch })
        .where('id', '=', request.id)
        .execute();
      note = mismatch ? `HUID mismatch: ${mismatch}` : 'Received; HUIDs match those sold';
    }
    if (input.action === 'refund') note = await refund(trx, request, actorUserId, at);
    await logReturnMove(trx, request, {
      from: request.state,
      to: move.to,
      actor: 'admin',
      actorUserId,
      note,
      at,
    });
  });
  // A refund's provider job was committed with the move: send it now.
  if (input.action === 'refund') deps.wake?.();
  return (await returnViews(deps.db, { returnId: input.returnId }))[0]!;
}

/** The refund step, once (the caller holds the row and moves it to refunded with this). */
async function refund(
  trx: Transaction<Database>,
  request: ReturnRow,
  actorUserId: string,
  at: Date,
): Promise<string> {
  if (request.huid_mismatch)
    throw conflict(
      `The HUIDs received do not match those sold (${request.huid_mismatch}): the refund is blocked`,
    );
  // In the order every payment transaction takes them (counter, then order, then its payments),
  // so a refund and a confirmation batch wait for each other instead of deadlocking.
  await lockInvoiceCounter(trx, at);
  await lockOrder(trx, request.order_id);
  const items = await trx
    .selectFrom('return_items')
    .select('order_item_id')
    .where('return_id', '=', request.id)
    .execute();
  const itemIds = items.map((i) => i.order_item_id);
  const words = request.kind === 'return' ? 'Returned' : 'Exchanged';
  const creditNote = await issueCreditNote(
    trx,
    request.order_id,
    `${words} within the return window: ${request.reason}`,
    at,
    itemIds,
  );
  await returnStock(trx, itemIds);
  let status: 'due' | 'asked' | 'credited';
  if (request.kind === 'exchange') {
    await addStoreCredit(trx, {
      userId: request.user_id,
      amountPaise: Number(request.refund_paise),
      source: 'return',
      sourceId: request.id,
      note: `Exchange of order ${request.order_id.slice(0, 8).toUpperCase()}`,
      actorUserId,
    });
    status = 'credited';
  } else status = await refundThroughProvider(trx, request, actorUserId);
  await trx
    .updateTable('return_requests')
    .set({ refund_status: status })
    .where('id', '=', request.id)
    .execute();
  return [
    request.kind === 'exchange'
      ? 'Store credit added'
      : status === 'asked'
        ? 'Refund asked of the payment provider'
        : 'Refund due: to be paid out to the original payment',
    creditNote ? `credit note ${creditNote.number}` : null,
  ]
    .filter(Boolean)
    .join('; ');
}
