import type { Transaction } from 'kysely';
import type { Database, ReturnRequestsTable } from '@kanak/db';
import { RETURN_MOVES, type ReturnMoveInput, type ReturnView } from '@kanak/shared';
import type { Selectable } from 'kysely';
import { badRequest, conflict, notFound } from '../common/errors';
import { addStoreCredit } from '../exchange/store-credit';
import { issueCreditNote } from '../invoices/issue-invoice';
import { huidMismatch } from './huid-check';
import { logReturnMove } from './return-log';
import { returnViews } from './return-views';
import { returnStock } from './return-stock';
import type { ReturnsDeps } from './request-return';

type ReturnRow = Selectable<ReturnRequestsTable>;

/**
 * Pays a return's money back. Without the provider refund path (issue 33's books part), the
 * refund is recorded as due on the return, and the owner pays it out from the provider's
 * dashboard; the admin returns list shows it.
 */
export type RefundReturnPayment = (
  trx: Transaction<Database>,
  request: ReturnRow,
) => Promise<'due' | 'paid'>;

export const refundDue: RefundReturnPayment = async () => 'due';

export interface MoveReturnDeps extends ReturnsDeps {
  refundPayment?: RefundReturnPayment;
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
    if (input.action === 'refund') note = await refund(trx, deps, request, actorUserId, at);
    await logReturnMove(trx, request, {
      from: request.state,
      to: move.to,
      actor: 'admin',
      actorUserId,
      note,
      at,
    });
  });
  return (await returnViews(deps.db, { returnId: input.returnId }))[0]!;
}

/** The refund step, once (the caller holds the row and moves it to refunded with this). */
async function refund(
  trx: Transaction<Database>,
  deps: MoveReturnDeps,
  request: ReturnRow,
  actorUserId: string,
  at: Date,
): Promise<string> {
  if (request.huid_mismatch)
    throw conflict(
      `The HUIDs received do not match those sold (${request.huid_mismatch}): the refund is blocked`,
    );
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
  let status: 'due' | 'paid' | 'credited';
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
  } else status = await (deps.refundPayment ?? refundDue)(trx, request);
  await trx
    .updateTable('return_requests')
    .set({ refund_status: status })
    .where('id', '=', request.id)
    .execute();
  return [
    request.kind === 'exchange'
      ? 'Store credit added'
      : status === 'paid'
        ? 'Refunded to the payment'
        : 'Refund due: to be paid out to the original payment',
    creditNote ? `credit note ${creditNote.number}` : null,
  ]
    .filter(Boolean)
    .join('; ');
}
