import { RETURN_MOVES, type ReturnMoveInput, type ReturnView } from '@kanak/shared';
import { badRequest, conflict } from '../common';
import type { ReturnMailStep } from '../notifications';
import {
  huidMismatch,
  lockReturnRequest,
  logReturnMove,
  pickupRecordOf,
  pickupSummary,
  recordPickup,
  returnViews,
  type ReturnsDeps,
} from '../returns';
import { refundReturn } from './refund-return';

export interface MoveReturnDeps extends ReturnsDeps {
  /** Wakes the outbox relay once a refund's job is committed (else its next poll sends it). */
  wake?: () => void;
  /** Where a return sent by post goes (SELLER_RETURN_ADDRESS, else SELLER_ADDRESS). */
  returnAddress: string;
}

/** What the move writes: the owner's note, and the shopper's mail (null: none). */
interface MoveWords {
  note: string | null;
  mail: { step: ReturnMailStep; note: string } | null;
}

/**
 * The owner moves a request: approve, refuse (with a reason the shopper reads: before the piece
 * is sent, or after receipt when it is not what was sold), receive (the HUIDs found on each
 * piece, checked against those sold: a mismatch is recorded and blocks the refund), correct
 * (HUIDs read wrongly: checked again, so a return can always finish), hold and resume (the
 * piece under inspection) and refund (credit note for the returned lines, stock back, money
 * back to the payment and balances that paid, or store credit for an exchange); until the piece
 * is in, repickup changes how it comes back (the shopper is mailed the new pickup). Until the check
 * passes the shopper is told the piece is under inspection, never that the refund follows. The
 * request row is locked for the move; a move already made answers the request as it is (a
 * double click refunds once), any other wrong move is a 409. Its refund step crosses invoices,
 * refunds and store credit (refundReturn), so it lives with the flows.
 */
export async function moveReturn(
  deps: MoveReturnDeps,
  actorUserId: string,
  input: ReturnMoveInput,
): Promise<ReturnView> {
  const move = RETURN_MOVES[input.action];
  if (input.action === 'refuse' && !input.reason?.trim())
    throw badRequest('Say why the request is refused (the shopper reads it)');
  if (input.action === 'hold' && !input.reason?.trim())
    throw badRequest(
      'Say why the return is held (for the shop: the shopper reads "under inspection")',
    );
  if (input.action === 'repickup' && !input.pickup)
    throw badRequest(
      "Give the new pickup: { pickup: { method: 'courier', slot, carrier, awb } } or { method: 'post' }",
      { field: 'pickup' },
    );
  if ((input.action === 'receive' || input.action === 'correct') && !input.huids)
    throw badRequest(
      'Give the HUIDs found on each piece received: { huids: { [orderItemId]: [...] } }',
    );
  await deps.db.transaction().execute(async (trx) => {
    const request = await lockReturnRequest(trx, input.returnId);
    // Made already (a second click): nothing again. A correction is a check made afresh, a
    // pickup change a new pickup.
    if (request.state === move.to && input.action !== 'correct' && input.action !== 'repickup')
      return;
    if (!move.from.includes(request.state))
      throw conflict(`Cannot ${input.action} a return that is ${request.state.replace('_', ' ')}`);
    const at = deps.clock();
    let words: MoveWords = { note: null, mail: { step: 'approved', note: '' } };
    /** Records the pickup the owner typed (an approval's first, or a changed one). */
    const recordTypedPickup = async () =>
      pickupSummary(
        await recordPickup(trx, {
          request,
          input: input.pickup,
          context: { now: at, returnAddress: deps.returnAddress },
        }),
      );
    if (input.action === 'approve') {
      const pickup = await recordTypedPickup();
      words = { note: pickup, mail: { step: 'approved', note: pickup } };
    }
    if (input.action === 'repickup') {
      const before = pickupRecordOf(request);
      const pickup = await recordTypedPickup();
      // The same pickup again (a second click): the shopper has been told it already.
      if (before && pickupSummary(before) === pickup) return;
      words = { note: `Pickup changed: ${pickup}`, mail: { step: 'pickup-changed', note: pickup } };
    }
    if (input.action === 'refuse') {
      const reason = input.reason!.trim();
      await trx
        .updateTable('return_requests')
        .set({ refused_reason: reason })
        .where('id', '=', request.id)
        .execute();
      words = { note: reason, mail: { step: 'refused', note: reason } };
    }
    if (input.action === 'receive' || input.action === 'correct') {
      const mismatch = await huidMismatch(trx, request.id, input.huids ?? {});
      await trx
        .updateTable('return_requests')
        .set({ huid_mismatch: mismatch, hold_reason: null })
        .where('id', '=', request.id)
        .execute();
      const corrected = input.action === 'correct' ? 'HUIDs corrected; ' : '';
      const passedBefore = input.action === 'correct' && request.huid_mismatch === null;
      words = mismatch
        ? {
            note: `${corrected}HUID check to repeat: ${mismatch}`,
            // Told once that the piece is under inspection; a correction that still differs
            // tells nothing new.
            mail: input.action === 'receive' ? { step: 'inspection', note: '' } : null,
          }
        : {
            note: `${corrected}Received; HUIDs match those sold`,
            mail: passedBefore ? null : { step: 'received', note: '' },
          };
    }
    if (input.action === 'hold') {
      const reason = input.reason!.trim();
      await trx
        .updateTable('return_requests')
        .set({ hold_reason: reason })
        .where('id', '=', request.id)
        .execute();
      // Already told "under inspection" when the check did not pass.
      words = {
        note: `On hold: ${reason}`,
        mail: request.huid_mismatch ? null : { step: 'on_hold', note: '' },
      };
    }
    if (input.action === 'resume') {
      await trx
        .updateTable('return_requests')
        .set({ hold_reason: null })
        .where('id', '=', request.id)
        .execute();
      words = { note: 'Inspection resumed', mail: null };
    }
    if (input.action === 'refund') {
      const step = await refundReturn(trx, { request, actorUserId, at });
      words = {
        note: step.note,
        // An exchange's credit is there at once; a refund is done when the provider says so.
        mail:
          request.kind === 'exchange'
            ? { step: 'refunded', note: '' }
            : { step: 'refund-processing', note: step.mailNote },
      };
    }
    await logReturnMove(trx, {
      request,
      move: { from: request.state, to: move.to, actor: 'admin', actorUserId, note: words.note, at },
      mail: words.mail,
    });
  });
  // A refund's provider job was committed with the move: send it now.
  if (input.action === 'refund') deps.wake?.();
  return (await returnViews(deps.db, { returnId: input.returnId }))[0]!;
}
