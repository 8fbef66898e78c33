import type { Transaction } from 'kysely';
import type { Database, ReturnKind, ReturnState } from '@kanak/db';
import { formatRupees } from '@kanak/shared';
import { notFound } from '../common';
import { queueNotification } from '../mail-queue';
import type { ReturnMailStep } from '../notifications';

export interface LogReturnMoveOptions {
  request: {
    id: string;
    order_id: string;
    user_id: string;
    kind: ReturnKind;
    refund_paise: number;
  };
  move: {
    from: ReturnState | null;
    to: ReturnState;
    actor: 'customer' | 'admin';
    actorUserId: string;
    note: string | null;
    at: Date;
  };
  mail?: { step: ReturnMailStep; note: string } | null;
}

/**
 * The returns ledger's one writer of a move: the state, its event row with the actor (unique
 * per state for the moves made once) and the shopper's mail, committed together. The mail says
 * `mail.step` (default: the new state) with `mail.note` (default: the move's note); null sends
 * none. The owner's note (a HUID mismatch, a hold's reason) is never the shopper's by default
 * for those moves: the caller passes what the shopper reads.
 */
export async function logReturnMove(
  trx: Transaction<Database>,
  { request, move, mail }: LogReturnMoveOptions,
): Promise<void> {
  if (move.from)
    await trx
      .updateTable('return_requests')
      .set({ state: move.to, updated_at: move.at })
      .where('id', '=', request.id)
      .execute();
  const event = await trx
    .insertInto('return_events')
    .values({
      return_id: request.id,
      from_state: move.from,
      to_state: move.to,
      actor: move.actor,
      actor_user_id: move.actorUserId,
      note: move.note,
      at: move.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const owner = await returnOwner(trx, request.user_id);
  if (!owner?.email || mail === null) return;
  await queueNotification(trx, {
    kind: 'return-update',
    recipient: owner.email,
    eventKey: `return-event:${event.id}`,
    userId: request.user_id,
    orderId: request.order_id,
    payload: {
      orderId: request.order_id,
      kind: request.kind,
      state: move.to,
      step: mail?.step ?? move.to,
      note: mail ? mail.note : (move.note ?? ''),
      amount: formatRupees(Math.round(Number(request.refund_paise) / 100)),
    },
  });
}

/** The shopper a return's mails go to: none once their account is removed. */
export function returnOwner(trx: Transaction<Database>, userId: string) {
  return trx
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
}

/** Reads a return request with its row locked for the rest of the transaction; 404 when gone. */
export async function lockReturnRequest(trx: Transaction<Database>, returnId: string) {
  const request = await trx
    .selectFrom('return_requests')
    .selectAll()
    .where('id', '=', returnId)
    .forUpdate()
    .executeTakeFirst();
  if (!request) throw notFound('Return request');
  return request;
}
