import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { DomainError } from '../common';
import type { LedgerEntry } from '../ledger';
import { cancelUnpaidOrders } from './cancel-unpaid-orders';
import type { ConfirmationOutcome } from './confirmation-rules';
import { confirmPayment } from './confirm-payments';
import { askLinksInTurn, expireCheckedLinks } from './link-checks';
import {
  providersOf,
  type PaymentProvider,
  type ProviderPayment,
  type ProviderSource,
} from '../payment-providers';

export interface ReconcileOptions {
  /** Links younger than this are left to their return and webhook. */
  olderThanMs: number;
  /** Links without an expiry (made before links expired) are asked about for this long. */
  maxAgeMs?: number;
  limit?: number;
  /**
   * PENDING orders older than this with no open link, whose last link ran out more than the
   * grace ago, are cancelled (UNPAID_ORDER_TTL_MINUTES); absent: none are.
   */
  unpaidTtlMs?: number;
}

export interface ReconcileReport {
  checked: number;
  applied: { orderId: string; paymentId: string; result: ConfirmationOutcome['result'] }[];
  /** What the ledger did, for the worker to follow up (announce, refresh caches). */
  entries: LedgerEntry[];
  /** Open links whose time ran out (plus the grace for a late payment): marked EXPIRED. */
  expired: number;
  /** Orders nobody can pay any more, cancelled by the ledger (their entries are in `entries`). */
  cancelledUnpaid: string[];
  refused: { orderId: string; paymentId: string; message: string }[];
  /** Links the provider could not be asked about this time (outage): tried again next run. */
  failed: { orderId: string; linkId: string; message: string }[];
}

/** One link to ask the provider about: its row and the order it was made for. */
export interface LinkToAsk {
  id: string;
  payment_link_id: string;
  order_id: string;
  /** The provider that holds it; absent: the one provider passed. */
  provider?: string;
}

/**
 * The payments captured through one link (an order's or an instalment's), as the provider that
 * holds it answers; throws when it cannot be asked.
 */
export async function capturedThrough(
  provider: ProviderSource,
  link: Pick<LinkToAsk, 'payment_link_id' | 'provider'>,
): Promise<{ holder: PaymentProvider; captured: ProviderPayment[] }> {
  const providers = providersOf(provider);
  const holder = link.provider ? providers.get(link.provider) : providers.list[0];
  if (!holder) throw new Error(`No provider ${link.provider} is configured to ask about its link`);
  const payments = await holder.linkPayments(link.payment_link_id);
  return { holder, captured: payments.filter((p) => p.status === 'captured') };
}

/** What asking about one link found and did (a part of a ReconcileReport). */
export type LinkReport = Pick<ReconcileReport, 'applied' | 'entries' | 'refused'>;

/**
 * Asks the provider about one link and confirms every captured payment made through it, by the
 * exactly-once path: an order that can still take it is placed, any other (cancelled, deleted,
 * already paid through another link) has the money recorded as owed back. Throws when the
 * provider cannot be asked.
 */
export async function reconcileLink(
  db: Kysely<Database>,
  provider: ProviderSource,
  link: LinkToAsk,
): Promise<LinkReport> {
  const report: LinkReport = { applied: [], entries: [], refused: [] };
  const { holder, captured } = await capturedThrough(provider, link);
  for (const payment of captured) {
    try {
      const { outcome, entry } = await confirmPayment(db, provider, {
        orderId: link.order_id,
        paymentId: payment.id,
        source: 'reconcile',
        provider: holder.name,
      });
      if (entry) report.entries.push(entry);
      report.applied.push({
        orderId: link.order_id,
        paymentId: payment.id,
        result: outcome.result,
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      report.refused.push({
        orderId: link.order_id,
        paymentId: payment.id,
        message: error.message,
      });
    }
  }
  return report;
}

/**
 * Asks the provider about every payment link that could still have taken money the shop has not
 * recorded, until it is provably closed: any link without a recorded payment — open, replaced by
 * a fresh link (EXPIRED early), cancelled (the cancel at the provider may have failed), of an
 * order no longer PENDING or deleted — until one check after its expiry and the grace. A payment
 * whose return and webhook were both lost is confirmed through the same exactly-once path, and
 * one its order can no longer take is recorded as owed back. Links checked least recently go
 * first (updated_at marks the check), so a long tail is covered in turns. An open link past its
 * expiry and grace, asked that once more, is closed as EXPIRED on the next run. Then (with
 * `unpaidTtlMs`) orders left unpaid past their links' life are cancelled.
 */
export async function reconcilePayments(
  db: Kysely<Database>,
  provider: ProviderSource,
  options: ReconcileOptions,
): Promise<ReconcileReport> {
  const providers = providersOf(provider);
  const now = Date.now();
  const expired = await expireCheckedLinks(db, 'payments', now);
  const links = await db
    .selectFrom('payments')
    .select(['payments.id', 'payments.payment_link_id', 'payments.order_id', 'payments.provider'])
    // Still in question: nothing recorded through it, and no answer yet from a check after its
    // window (payments_to_reconcile, migration 025: dead links are not even read).
    .where('payments.reconciled', '=', false)
    .where('payments.provider_payment_id', 'is', null)
    .where('payments.status', 'in', ['CREATED', 'EXPIRED', 'CANCELLED'])
    // Every provider that holds a link: each is asked about its own.
    .where(
      'payments.provider',
      'in',
      providers.list.map((p) => p.name),
    )
    .where('payments.created_at', '<', new Date(now - options.olderThanMs))
    // Made before links expired: asked about for maxAgeMs, while open.
    .where((eb) =>
      eb.or([
        eb('payments.expires_at', 'is not', null),
        eb.and([
          eb('payments.status', '=', 'CREATED'),
          eb('payments.created_at', '>', new Date(now - (options.maxAgeMs ?? 7 * 24 * 3600_000))),
        ]),
      ]),
    )
    .orderBy('payments.updated_at')
    .limit(options.limit ?? 50)
    .execute();
  const report: ReconcileReport = {
    checked: links.length,
    applied: [],
    entries: [],
    refused: [],
    failed: [],
    expired,
    cancelledUnpaid: [],
  };
  await askLinksInTurn(db, {
    table: 'payments',
    links,
    ask: async (link) => {
      const found = await reconcileLink(db, providers, link);
      report.applied.push(...found.applied);
      report.entries.push(...found.entries);
      report.refused.push(...found.refused);
    },
    failed: (link, message) =>
      report.failed.push({ orderId: link.order_id, linkId: link.payment_link_id, message }),
  });
  // After the checks above: an order whose lost payment was just found is PLACED, not cancelled.
  if (options.unpaidTtlMs !== undefined) {
    const cancelled = await cancelUnpaidOrders(db, { unpaidTtlMs: options.unpaidTtlMs });
    report.entries.push(...cancelled);
    report.cancelledUnpaid = cancelled.map((e) => e.orderId);
  }
  return report;
}
