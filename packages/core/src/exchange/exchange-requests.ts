import type { Kysely } from 'kysely';
import type { Database, ExchangeStatus } from '@kanak/db';
import {
  exchangeTestRecord,
  formatRupees,
  indiaDate,
  type ExchangeRequestView,
  type ExchangeSlot,
  type ExchangeTestRecord,
  type OldGoldPiece,
} from '@kanak/shared';
import { systemClock, type Clock } from '../common';
import { badRequest, conflict, notFound } from '../common';
import { queueNotification } from '../mail-queue';
import type { ExchangeMailData } from '../notifications';
import { oldGoldEstimate, type ExchangeSettings } from './old-gold-estimate';
import { addStoreCredit } from './store-credit';
import { checkSlot, describedPiece, testedPiece, visitLine } from './exchange-wording';

export interface NewExchangeRequest {
  contactName: string;
  contactPhone: string;
  visit: 'pickup' | 'store';
  pin?: string;
  address?: string;
  slot?: ExchangeSlot;
  note?: string;
  items: OldGoldPiece[];
}

export interface CreateExchangeRequestOptions {
  settings: ExchangeSettings;
  userId: string;
  input: NewExchangeRequest;
  clock?: Clock;
}

const referenceOf = (id: string) => id.slice(0, 8).toUpperCase();

/**
 * A signed-in shopper asks for a pickup or a store visit: the pieces as described, where and
 * when, and their exchange value at today's rate (what the shopper saw), kept as the estimate.
 * The shopper is mailed what was asked, in the same transaction.
 */
export async function createExchangeRequest(
  db: Kysely<Database>,
  options: CreateExchangeRequestOptions,
): Promise<ExchangeRequestView> {
  const { settings, userId, input } = options;
  if (input.slot) checkSlot(input.slot, indiaDate((options.clock ?? systemClock)()));
  let estimate = 0;
  for (const piece of input.items)
    estimate += (await oldGoldEstimate(db, settings, piece)).paise.exchange;
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('exchange_requests')
      .values({
        user_id: userId,
        contact_name: input.contactName,
        contact_phone: input.contactPhone,
        visit: input.visit,
        pin: input.pin ?? null,
        address: input.visit === 'pickup' ? (input.address ?? null) : null,
        slot_date: input.slot?.date ?? null,
        slot_window: input.slot?.window ?? null,
        note: input.note || null,
        items: JSON.stringify(input.items),
        estimate_paise: estimate,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const mail: ExchangeMailData = {
      reference: referenceOf(row.id),
      state: 'requested',
      visit: visitLine(input),
      pieces: input.items.map(describedPiece),
      estimate: formatRupees(Math.round(estimate / 100)),
      finalValue: '',
      deduction: '',
    };
    await mailOwnerOf(trx, { userId, requestId: row.id, move: 'requested', payload: mail });
    return row.id;
  });
  return (await exchangeRequests(db, { id }))[0]!;
}

export interface MailOwnerOfOptions {
  userId: string;
  requestId: string;
  move: ExchangeMailData['state'];
  payload: ExchangeMailData;
}

/** Queues the request's mail to its shopper's account address, once per move. */
async function mailOwnerOf(
  db: Kysely<Database>,
  { userId, requestId, move, payload }: MailOwnerOfOptions,
) {
  const owner = await db
    .selectFrom('users')
    .select('email')
    .where('id', '=', userId)
    .where('removed_at', 'is', null)
    .executeTakeFirst();
  if (!owner?.email) return;
  await queueNotification(db, {
    kind: 'exchange-update',
    recipient: owner.email,
    eventKey: `exchange:${requestId}:${move}`,
    userId,
    payload,
  });
}

/** Requests, newest first: all (admin), one user's, or one. */
export async function exchangeRequests(
  db: Kysely<Database>,
  filter: { id?: string; userId?: string; status?: ExchangeStatus } = {},
): Promise<ExchangeRequestView[]> {
  let query = db
    .selectFrom('exchange_requests')
    .innerJoin('users', 'users.id', 'exchange_requests.user_id')
    .selectAll('exchange_requests')
    .select('users.email')
    .orderBy('exchange_requests.created_at', 'desc')
    .limit(500);
  if (filter.id) query = query.where('exchange_requests.id', '=', filter.id);
  if (filter.userId) query = query.where('exchange_requests.user_id', '=', filter.userId);
  if (filter.status) query = query.where('exchange_requests.status', '=', filter.status);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    contactName: r.contact_name,
    contactPhone: r.contact_phone,
    email: r.email,
    visit: r.visit,
    pin: r.pin,
    address: r.address,
    slot:
      r.slot_date && r.slot_window ? (exchangeSlotOf(r.slot_date, r.slot_window) ?? null) : null,
    note: r.note,
    items: (r.items as OldGoldPiece[]).map((i) => ({
      metal: i.metal,
      purity: i.purity,
      netWeight: i.netWeight,
      grossWeight: i.grossWeight,
    })),
    estimate: Math.round(Number(r.estimate_paise) / 100),
    finalValue: r.final_paise === null ? null : Math.round(Number(r.final_paise) / 100),
    createdAt: new Date(r.created_at).toISOString(),
    settledAt: r.settled_at ? new Date(r.settled_at).toISOString() : null,
    tested: r.test_record === null ? null : exchangeTestRecord.parse(r.test_record),
  }));
}

const exchangeSlotOf = (date: string, window: string): ExchangeSlot | undefined =>
  window === '10-13' || window === '13-16' || window === '16-19' ? { date, window } : undefined;

export interface ExchangeSettlement {
  requestId: string;
  outcome: 'credit' | 'paid_out' | 'cancel';
  finalValue?: number;
  /** What the store found; required to credit or pay out, so the figure can be explained. */
  tested?: ExchangeTestRecord;
}

/**
 * The owner settles a request after testing the pieces: the final value is credited to the
 * customer's store credit (usable on a new purchase), recorded as paid out, or the request is
 * cancelled. Once: a settled request answers 409. The request row is locked meanwhile. The test
 * record is kept with it, and the shopper is mailed the valuation.
 */
export async function settleExchangeRequest(
  db: Kysely<Database>,
  actorUserId: string,
  input: ExchangeSettlement,
): Promise<ExchangeRequestView> {
  await db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('exchange_requests')
      .select(['id', 'user_id', 'status', 'visit', 'address', 'slot_date', 'slot_window', 'pin'])
      .where('id', '=', input.requestId)
      .forUpdate()
      .executeTakeFirst();
    if (!request) throw notFound('Exchange request');
    if (request.status !== 'requested')
      throw conflict(`This request is already ${request.status.replace('_', ' ')}`);
    if (input.outcome !== 'cancel' && input.finalValue === undefined)
      throw badRequest('Give the final value found by testing (rupees)');
    if (input.outcome !== 'cancel' && !input.tested)
      throw badRequest('Record what the test found (fineness, gross and net weight of each piece)');
    const finalPaise = input.outcome === 'cancel' ? null : input.finalValue! * 100;
    const status: ExchangeStatus =
      input.outcome === 'credit'
        ? 'credited'
        : input.outcome === 'paid_out'
          ? 'paid_out'
          : 'cancelled';
    await trx
      .updateTable('exchange_requests')
      .set({
        status,
        final_paise: finalPaise,
        settled_at: new Date(),
        settled_by: actorUserId,
        test_record: input.tested ? JSON.stringify(input.tested) : null,
      })
      .where('id', '=', request.id)
      .execute();
    if (input.outcome === 'credit' && finalPaise)
      await addStoreCredit(trx, {
        userId: request.user_id,
        amountPaise: finalPaise,
        source: 'exchange',
        sourceId: request.id,
        note: `Old-gold exchange ${referenceOf(request.id)}, tested in store`,
        actorUserId,
      });
    const tested = input.tested;
    await mailOwnerOf(trx, {
      userId: request.user_id,
      requestId: request.id,
      move: status,
      payload: {
        reference: referenceOf(request.id),
        state: status,
        visit: '',
        pieces: tested ? tested.pieces.map(testedPiece) : [],
        estimate: '',
        finalValue: finalPaise === null ? '' : formatRupees(finalPaise / 100),
        deduction:
          tested && tested.deduction > 0
            ? `${formatRupees(tested.deduction)} was taken off: ${tested.reason}.`
            : '',
      },
    });
  });
  return (await exchangeRequests(db, { id: input.requestId }))[0]!;
}
