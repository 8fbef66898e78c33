import type { Selectable, Transaction } from 'kysely';
import type { Database, ReturnRequestsTable } from '@kanak/db';
import {
  formatIndiaDate,
  indiaDate,
  EXCHANGE_SLOT_WINDOWS,
  SLOT_WINDOW_LABELS,
  type ExchangeSlot,
  type ReturnPickupInput,
} from '@kanak/shared';
import { badRequest } from '../common';
import { checkSlot } from '../exchange';

/** What an approval records about the way back, as stored on the request. */
export interface PickupRecord {
  method: 'courier' | 'post';
  address: string | null;
  slot: ExchangeSlot | null;
  carrier: string | null;
  awb: string | null;
  instructions: string | null;
}

/** The pickup a request's row holds, or null before approval. */
export function pickupRecordOf(
  r: Pick<
    Selectable<ReturnRequestsTable>,
    | 'pickup_method'
    | 'pickup_address'
    | 'pickup_date'
    | 'pickup_window'
    | 'pickup_carrier'
    | 'pickup_awb'
    | 'pickup_instructions'
  >,
): PickupRecord | null {
  if (!r.pickup_method) return null;
  const window = EXCHANGE_SLOT_WINDOWS.find((w) => w === r.pickup_window);
  return {
    method: r.pickup_method,
    address: r.pickup_address,
    slot: r.pickup_date && window ? { date: r.pickup_date, window } : null,
    carrier: r.pickup_carrier,
    awb: r.pickup_awb,
    instructions: r.pickup_instructions,
  };
}

/** What the shopper reads of it (the approval mail, both order pages). */
export function pickupSummary(p: PickupRecord): string {
  if (p.method === 'post') return `Send it by insured post. ${p.instructions ?? ''}`.trim();
  const when = p.slot
    ? ` on ${formatIndiaDate(p.slot.date)}, ${SLOT_WINDOW_LABELS[p.slot.window]}`
    : '';
  return `${p.carrier ?? 'Our courier'} will collect it${when} from ${p.address ?? 'your delivery address'} (reverse AWB ${p.awb ?? 'to follow'}). Hand it over only in a tamper-proof sealed packet.`;
}

export interface RecordPickupOptions {
  request: { id: string; order_id: string };
  input: ReturnPickupInput | undefined;
  context: { now: Date; returnAddress: string };
}

/**
 * Records how an approved return comes back: a carrier collecting it (the order's delivery
 * address unless another is given, a slot from tomorrow, the carrier and reverse AWB the owner
 * booked), or the shopper sending it by insured post to the shop's return address. Without a
 * choice the shopper posts it. Answers what was recorded.
 */
export async function recordPickup(
  trx: Transaction<Database>,
  { request, input, context }: RecordPickupOptions,
): Promise<PickupRecord> {
  let record: PickupRecord;
  if (input?.method === 'courier') {
    if (!input.slot) throw badRequest('Choose the pickup day and time', { field: 'pickup.slot' });
    checkSlot(input.slot, indiaDate(context.now));
    if (!input.carrier)
      throw badRequest('Name the carrier collecting it', { field: 'pickup.carrier' });
    if (!input.awb)
      throw badRequest('Give the reverse AWB the carrier booked', { field: 'pickup.awb' });
    const order = await trx
      .selectFrom('orders')
      .select([
        'ship_first_name',
        'ship_last_name',
        'ship_street_address',
        'ship_city',
        'ship_state',
        'ship_zip_code',
        'ship_mobile',
      ])
      .where('id', '=', request.order_id)
      .executeTakeFirstOrThrow();
    const delivery = [
      `${order.ship_first_name} ${order.ship_last_name}`.trim(),
      order.ship_street_address,
      order.ship_city,
      `${order.ship_state} ${order.ship_zip_code}`,
      order.ship_mobile ? `phone ${order.ship_mobile}` : null,
    ]
      .filter(Boolean)
      .join(', ');
    record = {
      method: 'courier',
      address: input.address ?? delivery,
      slot: input.slot,
      carrier: input.carrier,
      awb: input.awb.toUpperCase(),
      instructions: null,
    };
  } else {
    const no = request.order_id.slice(0, 8).toUpperCase();
    record = {
      method: 'post',
      address: null,
      slot: null,
      carrier: null,
      awb: null,
      instructions:
        input?.instructions ||
        `Pack it with its certificate and tags and send it by registered, insured post to ${context.returnAddress}, with a note of order ${no} inside. Keep the receipt.`,
    };
  }
  await trx
    .updateTable('return_requests')
    .set({
      pickup_method: record.method,
      pickup_address: record.address,
      pickup_date: record.slot?.date ?? null,
      pickup_window: record.slot?.window ?? null,
      pickup_carrier: record.carrier,
      pickup_awb: record.awb,
      pickup_instructions: record.instructions,
    })
    .where('id', '=', request.id)
    .execute();
  return record;
}
