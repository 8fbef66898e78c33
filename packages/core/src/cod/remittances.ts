import type { Kysely } from 'kysely';
import { parse } from 'csv-parse/sync';
import type { Database } from '@kanak/db';
import {
  formatRupees,
  normaliseAwb,
  type CodRemittanceInput,
  type CodShortResolveInput,
  type RemittanceAnswer,
  type RemittanceLine,
} from '@kanak/shared';
import { badRequest, conflict, notFound } from '../common';
import { requireId } from '../common';

const HEADINGS = ['awb', 'amount', 'date', 'reference'] as const;
/** Lines one file may hold. */
const MAX_LINES = 20_000;

interface FileLine {
  line: number;
  awb: string;
  amountText: string;
  dateText: string;
  reference: string;
}

/** The file's lines by heading (any case, any column order; other columns ignored). */
function readFile(csv: string): FileLine[] {
  let records: string[][];
  try {
    records = parse(csv, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    });
  } catch (error) {
    throw badRequest(`The remittance file is not a readable CSV: ${(error as Error).message}`);
  }
  const [header, ...rows] = records;
  if (!header) throw badRequest('The remittance file is empty');
  const at = Object.fromEntries(
    HEADINGS.map((name) => [name, header.findIndex((h) => h.trim().toLowerCase() === name)]),
  ) as Record<(typeof HEADINGS)[number], number>;
  const missing = HEADINGS.filter((name) => at[name] < 0);
  if (missing.length)
    throw badRequest(
      `The remittance file needs the columns AWB, amount, date and reference: ${missing.join(', ')} missing`,
    );
  if (rows.length > MAX_LINES)
    throw badRequest(`The remittance file has ${rows.length} lines: at most ${MAX_LINES}`);
  return rows.map((cells, i) => ({
    line: i + 2,
    awb: normaliseAwb(cells[at.awb] ?? ''),
    amountText: cells[at.amount] ?? '',
    dateText: cells[at.date] ?? '',
    reference: (cells[at.reference] ?? '').slice(0, 100),
  }));
}

/** Whole rupees ("1,250", "1250.00"); null for anything else (paise, text, a negative). */
export function remittedRupees(text: string): number | null {
  const plain = text.replace(/[₹,\s]/g, '');
  if (!/^\d{1,9}(\.0{1,2})?$/.test(plain)) return null;
  return Number.parseInt(plain, 10);
}

/** The remittance day as YYYY-MM-DD, from YYYY-MM-DD or DD-MM-YYYY (or with slashes); null if not a date. */
export function remittanceDay(text: string): string | null {
  const iso = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})$/.exec(text.trim());
  const indian = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4})$/.exec(text.trim());
  const [y, m, d] = iso
    ? [iso[1], iso[2], iso[3]]
    : indian
      ? [indian[3], indian[2], indian[1]]
      : [];
  if (!y || !m || !d) return null;
  const day = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  const parsed = new Date(`${day}T00:00:00+05:30`);
  if (Number.isNaN(parsed.getTime())) return null;
  // 31-02-2026 rolls into March: not a date.
  const back = new Date(parsed.getTime() + 5.5 * 3600_000).toISOString().slice(0, 10);
  return back === day ? day : null;
}

/** A reference as a payment id: letters, digits, _ and - (what ids in URLs and jobs allow). */
const asPaymentId = (reference: string) =>
  reference.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 100) || 'cod';

/**
 * The carrier's COD remittance file against the shop's delivered cash-on-delivery orders: each
 * line is matched by AWB to such an order (delivered, its cash collected, not refused) and
 * compared with the cash it was to collect (its total and COD fee). A dry run only answers the
 * lines; applying records each matched, short or over line as the order's payment in the ledger
 * (`payments`, provider `cod`, the carrier's reference and the AWB as its payment id, the reference
 * and day in its note, received on the remittance day), once per order: a file applied again adds
 * nothing (`recorded`). The payment is what the carrier remitted (the bank's figure): only a line
 * that matches settles the order's cash. A short or over line keeps its difference on the order
 * (`cod_orders.remittance_difference`), listed in the answer, the settlement and the admin order;
 * a short one stays flagged until the owner resolves it (resolveCodShort).
 */
export async function importCodRemittances(
  db: Kysely<Database>,
  input: CodRemittanceInput,
): Promise<RemittanceAnswer> {
  const file = readFile(input.csv);
  const awbs = [...new Set(file.map((l) => l.awb).filter(Boolean))];
  const orders = awbs.length
    ? await db
        .selectFrom('shipments')
        .innerJoin('orders', 'orders.id', 'shipments.order_id')
        .innerJoin('cod_orders', 'cod_orders.order_id', 'orders.id')
        .select([
          'shipments.awb',
          'orders.id',
          'orders.status',
          'orders.total_discounted_price',
          'cod_orders.fee_rupees',
          'cod_orders.outcome',
          'cod_orders.confirmed_at',
        ])
        .where('shipments.awb', 'in', awbs)
        .execute()
    : [];
  const byAwb = new Map(orders.map((o) => [o.awb, o]));
  const paidBefore = new Set(
    orders.length
      ? (
          await db
            .selectFrom('payments')
            .select('order_id')
            .where('provider', '=', 'cod')
            .where(
              'order_id',
              'in',
              orders.map((o) => o.id),
            )
            .execute()
        ).map((p) => p.order_id)
      : [],
  );
  const seen = new Set<string>();
  const lines: RemittanceLine[] = file.map((l) => {
    const amount = remittedRupees(l.amountText);
    const date = remittanceDay(l.dateText);
    const base = { line: l.line, awb: l.awb, amount, date, reference: l.reference };
    const none = { orderId: null, due: null, difference: null };
    if (!l.awb) return { ...base, ...none, status: 'invalid', message: 'No AWB on this line' };
    if (amount === null)
      return {
        ...base,
        ...none,
        status: 'invalid',
        message: `"${l.amountText}" is not an amount in whole rupees`,
      };
    if (date === null)
      return { ...base, ...none, status: 'invalid', message: `"${l.dateText}" is not a date` };
    if (!l.reference)
      return { ...base, ...none, status: 'invalid', message: 'No remittance reference' };
    if (seen.has(l.awb))
      return {
        ...base,
        ...none,
        status: 'duplicate',
        message: 'This AWB came earlier in the file',
      };
    seen.add(l.awb);
    const order = byAwb.get(l.awb);
    if (!order?.confirmed_at)
      return {
        ...base,
        ...none,
        status: 'unmatched',
        message: 'No cash-on-delivery order was shipped with this AWB',
      };
    const due = order.total_discounted_price + order.fee_rupees;
    const matched = { ...base, orderId: order.id, due, difference: null };
    if (order.status !== 'DELIVERED' || order.outcome === 'refused')
      return {
        ...matched,
        status: 'unmatched',
        message: `Its order is ${order.outcome === 'refused' ? 'refused' : order.status}, not delivered with cash collected`,
      };
    if (paidBefore.has(order.id))
      return { ...matched, status: 'recorded', message: 'Recorded before: nothing added' };
    if (amount < due)
      return {
        ...matched,
        difference: amount - due,
        status: 'short',
        message: `${formatRupees(due - amount)} short of ${formatRupees(due)}`,
      };
    if (amount > due)
      return {
        ...matched,
        difference: amount - due,
        status: 'over',
        message: `${formatRupees(amount - due)} over ${formatRupees(due)}`,
      };
    return { ...matched, status: 'matched', message: 'Matches to the rupee' };
  });
  const toRecord = lines.filter((l) => ['matched', 'short', 'over'].includes(l.status));
  let recorded = 0;
  let recordedRupees = 0;
  if (!input.dryRun)
    await db.transaction().execute(async (trx) => {
      for (const l of toRecord) {
        const written = await trx
          .insertInto('payments')
          .values({
            order_id: l.orderId!,
            provider: 'cod',
            payment_link_id: `cod-${l.orderId}`,
            payment_link_url: '',
            // Unique like every payment id: one remittance reference covers many parcels.
            provider_payment_id: `${asPaymentId(l.reference)}_${l.awb}`,
            status: 'PAID',
            amount: l.amount!,
            note: `COD remittance ${l.reference} of ${l.date} (AWB ${l.awb})`,
            reconciled: true,
            received_at: new Date(`${l.date}T00:00:00+05:30`),
          })
          // Another apply of the same file that got here first: its row stands.
          .onConflict((oc) => oc.column('order_id').where('provider', '=', 'cod').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (written) {
          recorded += 1;
          recordedRupees += l.amount!;
          // The payment is what arrived; the order keeps what it differs from the cash due.
          if (l.difference)
            await trx
              .updateTable('cod_orders')
              .set({ remittance_difference: l.difference })
              .where('order_id', '=', l.orderId!)
              .execute();
        } else {
          l.status = 'recorded';
          l.message = 'Recorded before: nothing added';
        }
      }
    });
  const count = (status: RemittanceLine['status']) =>
    lines.filter((l) => l.status === status).length;
  return {
    dryRun: input.dryRun,
    lines,
    totals: {
      lines: lines.length,
      matchedRupees: toRecord.reduce((s, l) => s + l.amount!, 0),
      recorded,
      recordedRupees,
      unmatched: count('unmatched'),
      short: count('short'),
      over: count('over'),
      shortRupees: -lines
        .filter((l) => l.status === 'short')
        .reduce((sum, l) => sum + l.difference!, 0),
      overRupees: lines
        .filter((l) => l.status === 'over')
        .reduce((sum, l) => sum + l.difference!, 0),
    },
  };
}

/**
 * The owner resolves an order's short remittance (the carrier paid the rest apart, or the shop
 * writes it off), with a note: the flag goes, the difference stays in the books. Once: a second
 * call answers as it is; an order with no short remittance is a 409.
 */
export async function resolveCodShort(
  db: Kysely<Database>,
  input: CodShortResolveInput,
  at: Date,
): Promise<string> {
  const orderId = requireId(input.orderId, 'Order');
  const cod = await db
    .selectFrom('cod_orders')
    .select(['remittance_difference', 'difference_resolved_at'])
    .where('order_id', '=', orderId)
    .executeTakeFirst();
  if (!cod) throw notFound('Cash-on-delivery order');
  if (cod.remittance_difference === null || cod.remittance_difference >= 0)
    throw conflict('This order has no short remittance to resolve');
  if (cod.difference_resolved_at) return orderId;
  await db
    .updateTable('cod_orders')
    .set({ difference_resolved_at: at, difference_note: input.note })
    .where('order_id', '=', orderId)
    .where('difference_resolved_at', 'is', null)
    .execute();
  return orderId;
}
