import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import type { PaymentReturnStatus } from '@kanak/shared';
import { DomainError } from '../common';
import type { LedgerEntry } from '../ledger';
import { instalmentLinksToAsk } from '../enrolments';
import { providersOf, type ProviderSource } from '../payment-providers';
import {
  askLinksInTurn,
  capturedThrough,
  expireCheckedLinks,
  reconcilePayments,
  type ReconcileOptions,
  type ReconcileReport,
} from '../payments';
import { applyConfirmation } from './confirm-payments';

export interface InstalmentReconcileReport {
  checked: number;
  applied: { enrolmentId: string; paymentId: string; result: PaymentReturnStatus }[];
  /** Payments refused as the orders' are (not made for this enrolment), for the log. */
  refused: { paymentId: string; message: string }[];
  failed: { linkId: string; message: string }[];
  expired: number;
}

/**
 * Reconciliation of instalment links, by the rule orders' follow (reconcilePayments): every link
 * without a recorded payment is asked about (least recently checked first) until one check after
 * its expiry and grace; a payment whose return and webhook were both lost is applied along the one
 * confirmation path, a batch of one (applyConfirmation). Links asked that last time are then
 * closed as EXPIRED. A refusal (a payment not for this enrolment) is reported and left; a link the
 * provider could not be asked about is tried again next run.
 */
export async function reconcileInstalments(
  db: Kysely<Database>,
  provider: ProviderSource,
  options: { olderThanMs: number; limit?: number },
): Promise<InstalmentReconcileReport> {
  const providers = providersOf(provider);
  const now = Date.now();
  const expired = await expireCheckedLinks(db, 'scheme_payments', now);
  const links = await instalmentLinksToAsk(db, providers, { ...options, now });
  const report: InstalmentReconcileReport = {
    checked: links.length,
    applied: [],
    refused: [],
    failed: [],
    expired,
  };
  await askLinksInTurn(db, {
    table: 'scheme_payments',
    links,
    ask: async (link) => {
      const { holder, captured } = await capturedThrough(providers, link);
      for (const payment of captured) {
        try {
          const { outcome } = await applyConfirmation(db, providers, {
            kind: 'scheme',
            enrolmentId: link.enrolment_id,
            paymentId: payment.id,
            source: 'reconcile',
            provider: holder.name,
          });
          report.applied.push({
            enrolmentId: link.enrolment_id,
            paymentId: payment.id,
            result: outcome.result,
          });
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          report.refused.push({ paymentId: payment.id, message: error.message });
        }
      }
    },
    failed: (link, message) => report.failed.push({ linkId: link.payment_link_id, message }),
  });
  return report;
}

/** What one reconciliation run found: orders' links (and unpaid orders), then instalments'. */
export interface PaymentLinksReport extends ReconcileReport {
  schemes: InstalmentReconcileReport;
}

export interface ReconcilePaymentLinksOptions extends ReconcileOptions {
  /** The after-commit follow-up of each order the run moved (follow-ledger-entry). */
  followUp: (entry: LedgerEntry) => Promise<void>;
}

/**
 * The one reconciliation of payment links, orders' and instalments' alike, each asked about by
 * the same rule and every payment found applied along the one confirmation path: orders' links
 * first (reconcilePayments, which then cancels orders left unpaid) and their follow-ups, then
 * instalments' links.
 */
export async function reconcilePaymentLinks(
  db: Kysely<Database>,
  provider: ProviderSource,
  { followUp, ...options }: ReconcilePaymentLinksOptions,
): Promise<PaymentLinksReport> {
  const orders = await reconcilePayments(db, provider, options);
  // The orders' follow-ups first: nothing the instalments' half does (its provider calls, a
  // failure of its own) may hold back or lose the orders' announcements and link cancels.
  for (const entry of orders.entries) await followUp(entry);
  const schemes = await reconcileInstalments(db, provider, {
    olderThanMs: options.olderThanMs,
    ...(options.limit === undefined ? {} : { limit: options.limit }),
  });
  return { ...orders, schemes };
}
