import type { Kysely } from 'kysely';
import type { Database, ExchangeStatus } from '@kanak/db';
import type { ExchangeRequestView, OldGoldPiece } from '@kanak/shared';
import { badRequest, conflict, notFound } from '../common/errors';
import { oldGoldEstimate, type ExchangeSettings } from './old-gold-estimate';
import { addStoreCredit } from './store-credit';

export interface NewExchangeRequest {
  contactName: string;
  contactPhone: string;
  visit: 'pickup' | 'store';
  pin?: string;
  note?: string;
  items: OldGoldPiece[];
}

/**
 * A signed-in shopper asks for a pickup or a store visit: the pieces as described and their
 * exchange value at today's rate (what the shopper saw), kept as the estimate.
 */
export async function createExchangeRequest(
  db: Kysely<Database>,
  settings: ExchangeSettings,
  userId: string,
  input: NewExchangeRequest,
): Promise<ExchangeRequestView> {
  let estimate = 0;
  for (const piece of input.items)
    estimate += (await oldGoldEstimate(db, settings, piece)).paise.exchange;
  const row = await db
    .insertInto('exchange_requests')
    .values({
      user_id: userId,
      contact_name: input.contactName,
      contact_phone: input.contactPhone,
      visit: input.visit,
      pin: input.pin ?? null,
      note: input.note || null,
      items: JSON.stringify(input.items),
      estimate_paise: estimate,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return (await exchangeRequests(db, { id: row.id }))[0]!;
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
  }));
}

/**
 * The owner settles a request after testing the pieces: the final value is credited to the
 * customer's store credit (usable on a new purchase), recorded as paid out, or the request is
 * cancelled. Once: a settled request answers 409. The request row is locked meanwhile.
 */
export async function settleExchangeRequest(
  db: Kysely<Database>,
  actorUserId: string,
  input: { requestId: string; outcome: 'credit' | 'paid_out' | 'cancel'; finalValue?: number },
): Promise<ExchangeRequestView> {
  await db.transaction().execute(async (trx) => {
    const request = await trx
      .selectFrom('exchange_requests')
      .select(['id', 'user_id', 'status'])
      .where('id', '=', input.requestId)
      .forUpdate()
      .executeTakeFirst();
    if (!request) throw notFound('Exchange request');
    if (request.status !== 'requested')
      throw conflict(`This request is already ${request.status.replace('_', ' ')}`);
    if (input.outcome !== 'cancel' && input.finalValue === undefined)
      throw badRequest('Give the final value found by testing (rupees)');
    const finalPaise = input.outcome === 'cancel' ? null : input.finalValue! * 100;
    const status: ExchangeStatus =
      input.outcome === 'credit'
        ? 'credited'
        : input.outcome === 'paid_out'
          ? 'paid_out'
          : 'cancelled';
    await trx
      .updateTable('exchange_requests')
      .set({ status, final_paise: finalPaise, settled_at: new Date(), settled_by: actorUserId })
      .where('id', '=', request.id)
      .execute();
    if (input.outcome === 'credit' && finalPaise)
      await addStoreCredit(trx, {
        userId: request.user_id,
        amountPaise: finalPaise,
        source: 'exchange',
        sourceId: request.id,
        note: `Old-gold exchange ${request.id.slice(0, 8).toUpperCase()}, tested in store`,
        actorUserId,
      });
  });
  return (await exchangeRequests(db, { id: input.requestId }))[0]!;
}
