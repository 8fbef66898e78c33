import type { Selectable, Transaction } from 'kysely';
import type { Database, ReturnRequestsTable } from '@kanak/db';
import { formatRupees } from '@kanak/shared';
import { conflict } from '../common';
import { addStoreCredit } from '../exchange';
import { issueCreditNote, lockInvoiceCounter } from '../invoices';
import { lockOrder } from '../common';
import { RETURN_REFUND_PREFIX } from '../refunds';
import { refundPayment } from '../refunds';
import { returnStock } from '../returns';

export type ReturnRow = Selectable<ReturnRequestsTable>;

/** How a return's money goes back: rupees to the payment, and to each balance that paid. */
export interface RefundSplit {
  payment: { id: string; rupees: number } | null;
  /** Rupees owed to the payment but no captured payment to refund through (paid by hand). */
  dueRupees: number;
  tenders: { id: string; kind: 'scheme' | 'store_credit'; paise: number }[];
}

/**
 * Splits a return's amount over what paid the order, in the shares they paid it: the online
 * payment's share (whole rupees) goes back through the provider, the rest to the scheme and
 * store credit that paid it (never as cash), each at most what it paid.
 */
export async function splitReturnRefund(
  trx: Transaction<Database>,
  request: ReturnRow,
): Promise<RefundSplit> {
  const payment = await trx
    .selectFrom('payments')
    .select(['id', 'amount'])
    .where('order_id', '=', request.order_id)
    // The payment that paid for the order: one owed back (a late payment on an old link) is
    // refunded on its own path, in full.
    .where('status', '=', 'PAID')
    .where('provider_payment_id', 'is not', null)
    // Cash the carrier collected has no provider to refund it through: it is paid out by hand.
    .where('provider', '!=', 'cod')
    .orderBy('created_at')
    .executeTakeFirst();
  const tenders = await trx
    .selectFrom('order_tenders')
    .select(['id', 'kind', 'amount_paise'])
    .where('order_id', '=', request.order_id)
    .where('status', '=', 'SPENT')
    .orderBy('created_at')
    .execute();
  const owedPaise = Number(request.refund_paise);
  const tenderedPaise = tenders.reduce((s, t) => s + Number(t.amount_paise), 0);
  if (tenderedPaise === 0) {
    const rupees = Math.round(owedPaise / 100);
    return payment
      ? { payment: { id: payment.id, rupees }, dueRupees: 0, tenders: [] }
      : { payment: null, dueRupees: rupees, tenders: [] };
  }
  const onlinePaise = payment ? payment.amount * 100 : 0;
  let online = Math.min(
    onlinePaise,
    Math.round((owedPaise * onlinePaise) / (onlinePaise + tenderedPaise) / 100) * 100,
  );
  let rest = owedPaise - online;
  const back: RefundSplit['tenders'] = [];
  for (const t of tenders) {
    const paise = Math.min(rest, Number(t.amount_paise));
    if (paise > 0) back.push({ id: t.id, kind: t.kind, paise });
    rest -= paise;
  }
  online += rest; // rounding left over: the payment's
  return {
    payment: payment && online > 0 ? { id: payment.id, rupees: Math.round(online / 100) } : null,
    dueRupees: !payment && online > 0 ? Math.round(online / 100) : 0,
    tenders: back,
  };
}

export interface ReturnTenderPartOptions {
  request: ReturnRow;
  part: RefundSplit['tenders'][number];
  actorUserId: string;
  at: Date;
}

/**
 * Gives part (or all) of a spent tender back to where it came from: the tender shrinks by it
 * (a RETURNED row records the part), so the scheme's balance grows again; store credit also
 * gets an entry of its own. Once per return and tender (the return's refund move runs once).
 */
async function returnTenderPart(
  trx: Transaction<Database>,
  { request, part, actorUserId, at }: ReturnTenderPartOptions,
): Promise<void> {
  const tender = await trx
    .selectFrom('order_tenders')
    .selectAll()
    .where('id', '=', part.id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  // The tender keeps what the order still spent; a RETURNED row records the part given back.
  if (part.paise >= Number(tender.amount_paise))
    await trx
      .updateTable('order_tenders')
      .set({ status: 'RETURNED', settled_at: at })
      .where('id', '=', tender.id)
      .execute();
  else {
    await trx
      .updateTable('order_tenders')
      .set({ amount_paise: Number(tender.amount_paise) - part.paise })
      .where('id', '=', tender.id)
      .execute();
    await trx
      .insertInto('order_tenders')
      .values({
        order_id: tender.order_id,
        user_id: tender.user_id,
        kind: tender.kind,
        enrolment_id: tender.enrolment_id,
        amount_paise: part.paise,
        status: 'RETURNED',
        created_at: at,
        settled_at: at,
      })
      .execute();
  }
  if (tender.kind === 'store_credit') {
    // The credit book is the balance: the part comes back as an entry of its own.
    await addStoreCredit(trx, {
      userId: tender.user_id,
      amountPaise: part.paise,
      source: 'return',
      sourceId: `${request.id}:${tender.id}`,
      note: `Returned from order ${request.order_id.slice(0, 8).toUpperCase()}`,
      actorUserId,
    });
    return;
  }
  // The scheme has a balance again (REDEEMED → MATURED), as when an order is cancelled.
  await trx
    .updateTable('scheme_enrolments')
    .set({ state: 'MATURED' })
    .where('id', '=', tender.enrolment_id!)
    .where('state', '=', 'REDEEMED')
    .execute();
}

export interface RefundStep {
  /** The owner's note on the move. */
  note: string;
  /** The shopper's mail: what went where. */
  mailNote: string;
}

export interface RefundReturnOptions {
  request: ReturnRow;
  actorUserId: string;
  at: Date;
}

/**
 * The refund step, once (the caller holds the request row and moves it to refunded with this):
 * one credit note for the returned pieces, stock back for them, and the money back — for a return, the
 * online part through the provider (durable: its job is committed with the move) and the
 * balance part to the scheme or store credit; for an exchange, all of it as store credit. It
 * crosses returns, invoices, stock, refunds, tenders and store credit, so it lives with the flows.
 */
export async function refundReturn(
  trx: Transaction<Database>,
  { request, actorUserId, at }: RefundReturnOptions,
): Promise<RefundStep> {
  if (request.huid_mismatch)
    throw conflict(
      'The HUID check has not passed: correct the HUIDs received, or hold or refuse the return',
    );
  // In the order every payment transaction takes them (counter, then order, then its payments),
  // so a refund and a confirmation batch wait for each other instead of deadlocking.
  await lockInvoiceCounter(trx, at);
  await lockOrder(trx, request.order_id);
  const items = await trx
    .selectFrom('return_items')
    .select(['order_item_id', 'quantity'])
    .where('return_id', '=', request.id)
    .execute();
  const itemIds = items.map((i) => i.order_item_id);
  const pieces = new Map(items.map((i) => [i.order_item_id, i.quantity]));
  const words = request.kind === 'return' ? 'Returned' : 'Exchanged';
  const creditNote = await issueCreditNote(trx, {
    orderId: request.order_id,
    reason: `${words} within the return window: ${request.reason}`,
    at,
    onlyItems: itemIds,
    pieces,
  });
  await returnStock(trx, pieces);
  const noteOf = (parts: (string | null)[]) => parts.filter(Boolean).join('; ');
  const cn = creditNote ? `credit note ${creditNote.number}` : null;
  if (request.kind === 'exchange') {
    await addStoreCredit(trx, {
      userId: request.user_id,
      amountPaise: Number(request.refund_paise),
      source: 'return',
      sourceId: request.id,
      note: `Exchange of order ${request.order_id.slice(0, 8).toUpperCase()}`,
      actorUserId,
    });
    await setStatus(trx, request.id, 'credited');
    return { note: noteOf(['Store credit added', cn]), mailNote: '' };
  }
  const split = await splitReturnRefund(trx, request);
  const said: string[] = [];
  const told: string[] = [];
  if (split.payment) {
    await refundPayment(trx, {
      paymentId: split.payment.id,
      amount: split.payment.rupees,
      reason: 'RETURNED',
      purpose: `${RETURN_REFUND_PREFIX}${request.id}`,
      requestedBy: actorUserId,
    });
    said.push(`Refund of ${formatRupees(split.payment.rupees)} asked of the payment provider`);
    told.push(`${formatRupees(split.payment.rupees)} to your original payment method`);
  }
  if (split.dueRupees > 0) {
    const cash = await trx
      .selectFrom('cod_orders')
      .select('order_id')
      .where('order_id', '=', request.order_id)
      .executeTakeFirst();
    said.push(
      cash
        ? `Refund due: ${formatRupees(split.dueRupees)} paid in cash on delivery, to be paid out by bank transfer`
        : `Refund due: ${formatRupees(split.dueRupees)} to be paid out to the original payment`,
    );
    told.push(
      cash
        ? `${formatRupees(split.dueRupees)} by bank transfer (you paid in cash on delivery): we will write to ask for your account details`
        : `${formatRupees(split.dueRupees)} to your original payment method`,
    );
  }
  for (const part of split.tenders) {
    await returnTenderPart(trx, { request, part, actorUserId, at });
    const where = part.kind === 'scheme' ? 'your savings scheme' : 'your store credit';
    said.push(`${formatRupees(part.paise / 100)} back to the ${where.slice(5)}`);
    told.push(`${formatRupees(part.paise / 100)} back to ${where}`);
  }
  await setStatus(
    trx,
    request.id,
    split.payment ? 'asked' : split.dueRupees > 0 ? 'due' : 'credited',
  );
  return {
    note: noteOf([...said, cn]),
    mailNote: told.length ? `Refund: ${told.join('; ')}.` : '',
  };
}

const setStatus = (trx: Transaction<Database>, id: string, status: 'due' | 'asked' | 'credited') =>
  trx.updateTable('return_requests').set({ refund_status: status }).where('id', '=', id).execute();
