import type { Kysely } from 'kysely';
import type { Database } from '@kanak/db';
import { badRequest, requireId } from '../common';
import { JOBS, type InstalmentConfirmation } from '../queues';
import {
  LINK_GRACE_MS,
  requestConfirmation,
  returnKnown,
  type PaymentReturnCaller,
  type PaymentReturnDeps,
  type ReturnFacts,
} from '../payments';
import { REPLACED_LINK_NOTE } from './instalment-link';
import { instalmentJobKey, type InstalmentOutcome } from './instalment-outcome';

/** The shopper back from an instalment's payment page, as the return URL names the payment. */
export interface InstalmentReturn {
  enrolmentId: string;
  paymentId: string;
  paymentLinkId?: string;
}

/** The one read of an instalment's return: the enrolment, its links, the payment, the row. */
async function readInstalmentReturn(
  db: Kysely<Database>,
  ret: InstalmentReturn,
  jobKey: string,
  now: Date,
): Promise<ReturnFacts> {
  const linkId = ret.paymentLinkId;
  const row = await db
    .selectFrom('scheme_enrolments as e')
    .select((eb) => {
      const links = () => {
        const ofEnrolment = eb
          .selectFrom('scheme_payments as p')
          .select('p.id')
          .whereRef('p.enrolment_id', '=', 'e.id');
        return linkId === undefined
          ? ofEnrolment
          : ofEnrolment.where('p.payment_link_id', '=', linkId);
      };
      return [
        'e.user_id',
        eb.exists(links()).as('has_link'),
        // A link replaced by a fresh one is still payable at its provider until it expires: its
        // payment is asked about like any other (and owed back if the instalment was paid twice).
        eb
          .exists(
            links()
              .where((w) =>
                w.or([
                  w('p.status', '=', 'CREATED'),
                  w.and([w('p.status', '=', 'EXPIRED'), w('p.note', '=', REPLACED_LINK_NOTE)]),
                ]),
              )
              .where('p.expires_at', '>', new Date(now.getTime() - LINK_GRACE_MS)),
          )
          .as('open_link'),
        returnKnown({
          table: 'scheme_payments',
          owner: { column: 'enrolment_id', ref: 'e.id' },
          paymentId: ret.paymentId,
          jobKey,
        }).as('known'),
      ];
    })
    .where('e.id', '=', ret.enrolmentId)
    .executeTakeFirst();
  const hasLink = Boolean(row?.has_link);
  return {
    owner: row,
    known: Boolean(row?.known),
    hasLink,
    // An instalment's link that no longer waits is refused as expired (words.notWaiting: null).
    unpaidLink: hasLink,
    openLink: Boolean(row?.open_link),
  };
}

/**
 * The shopper back from an instalment's payment page, through the request steps an order's
 * return takes (requestConfirmation): counted, refused with one read when it could not be a
 * payment of this enrolment (unknown, someone else's, no such link, no open link), else kept in
 * the outbox under the provider's payment id and applied by the worker. A repeat joins the row.
 */
export async function requestInstalmentConfirmation(
  deps: PaymentReturnDeps,
  ret: InstalmentReturn,
  caller: PaymentReturnCaller,
): Promise<InstalmentOutcome | null> {
  return requestConfirmation<InstalmentOutcome, typeof JOBS.instalmentConfirmation>(
    deps,
    caller,
    () => {
      const enrolmentId = requireId(ret.enrolmentId, 'Scheme');
      const jobKey = instalmentJobKey(enrolmentId, ret.paymentId);
      const linkId = ret.paymentLinkId;
      return {
        job: JOBS.instalmentConfirmation,
        jobKey,
        payload: {
          kind: 'scheme',
          enrolmentId,
          paymentId: ret.paymentId,
          source: 'return',
        } satisfies InstalmentConfirmation,
        read: (now) => readInstalmentReturn(deps.db, { ...ret, enrolmentId }, jobKey, now),
        words: {
          owner: 'Scheme',
          noLink: () =>
            badRequest(
              linkId
                ? `Payment link ${linkId} was not made for this scheme`
                : 'No payment link was made for this scheme',
            ),
          notWaiting: null,
          expired: 'This payment link has expired: open the scheme and pay with a new link',
        },
      };
    },
  );
}
