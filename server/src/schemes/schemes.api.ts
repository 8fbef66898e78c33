import * as z from 'zod/mini';
import type { FastifyRequest } from 'fastify';
import * as core from '@kanak/core';
import * as shared from '@kanak/shared';
import { mutation, query } from '../api/declare-use-case';
import { outboxDeps, type AppServices } from '../services';
import { requestOrigins } from '../payments/origins';

const schemeDeps = (services: AppServices, request: FastifyRequest): core.SchemeDeps => ({
  db: services.db,
  // The failover set, as orders use: an instalment is payable while any provider answers.
  provider: services.paymentProviders,
  origins: requestOrigins(services.config, request),
  ttlMinutes: services.config.PAYMENT_LINK_TTL_MINUTES,
});

const enrolmentParam = {
  enrolmentId: { description: 'The enrolment id (a UUID)' },
};

/** Monthly savings schemes (jewellery.md, "Savings schemes"). */
export const schemesApi = {
  plans: query('public', z.object({}), z.array(shared.schemePlan), {
    summary: 'The savings scheme plans open for enrolment (amounts in whole rupees)',
    run: ({ services }) => core.listOpenPlans(services.db),
    rest: [{ method: 'GET', path: '/api/schemes/plans' }],
  }),
  adminPlans: query('admin', z.object({}), z.array(shared.adminSchemePlan), {
    summary: 'Every savings scheme plan, paused ones too',
    run: ({ services }) => core.listAllPlans(services.db),
    rest: [{ method: 'GET', path: '/api/admin/schemes/plans' }],
  }),
  createPlan: mutation('admin', shared.schemePlanFields, shared.adminSchemePlan, {
    summary:
      'Creates a plan: instalments (default 10) of at least minInstalment in steps of step, bonusPercent of one instalment at maturity, graceDays, missedRule, redeemWithinDays (the whole scheme stays under 365 days)',
    run: ({ services }, input) => core.createPlan(services.db, input),
    rest: [{ method: 'POST', path: '/api/admin/schemes/plans', status: 201 }],
  }),
  updatePlan: mutation('admin', shared.schemePlanUpdateInput, shared.adminSchemePlan, {
    summary:
      'Edits a plan or pauses it for new enrolments (`paused`); enrolled shoppers keep the terms they enrolled on',
    run: ({ services }, input) => core.updatePlan(services.db, input.planId, input.plan),
    rest: [
      {
        method: 'PUT',
        path: '/api/admin/schemes/plans/:planId',
        request: shared.schemePlanFields,
        input: ({ params, body }) => ({ planId: params.planId, plan: body }),
        paramDocs: { planId: { description: 'The plan id' } },
      },
    ],
  }),
  book: query('admin', shared.schemeBookInput, shared.schemeBook, {
    summary:
      "The owner's view: enrolments (filter overdue, maturing this month, matured but unredeemed), collections per month and the liability (paid + bonus committed − redeemed), in rupees",
    run: ({ services }, input) => core.schemeBook(services.db, input.filter),
    rest: [{ method: 'GET', path: '/api/admin/schemes/enrolments' }],
  }),
  refundInstalment: mutation('admin', shared.instalmentRefundInput, shared.instalmentRefundAnswer, {
    summary:
      'Refunds an instalment payment recorded as owed back (paid twice, after the scheme closed, the wrong amount) through the provider it was paid to, once: a double click or a second call while it is processing or done changes nothing; one the provider refused after every try (`failed`) is asked again. 409 when the payment is not owed back',
    run: ({ services, user }, input) =>
      core.refundInstalment(outboxDeps(services), user, input.schemePaymentId),
    rest: [
      {
        method: 'POST',
        path: '/api/admin/schemes/instalments/:schemePaymentId/refund',
        paramDocs: { schemePaymentId: { description: 'The instalment payment owed back' } },
      },
    ],
  }),
  remind: mutation('admin', shared.schemeEnrolmentIdInput, shared.schemeRemindAnswer, {
    summary:
      "Mails an overdue (or due) enrolment's holder the instalment reminder now, with a pay link for 3 days; at most once per enrolment per day (409 otherwise)",
    run: ({ services, request }, input) =>
      core.remindEnrolment(services.db, {
        provider: services.paymentProviders,
        origins: requestOrigins(services.config, request),
        enrolmentId: input.enrolmentId,
      }),
    rest: [
      {
        method: 'POST',
        path: '/api/admin/schemes/enrolments/:enrolmentId/remind',
        status: 202,
        paramDocs: enrolmentParam,
      },
    ],
  }),
  enrol: mutation('customer', shared.schemeEnrolInput, shared.schemeEnrolAnswer, {
    summary:
      "Enrols the shopper in a plan; `paymentUrl` pays the first instalment (a PAN is needed when the scheme's total passes ₹2,00,000)",
    run: ({ services, user, request }, input) =>
      core.enrol(schemeDeps(services, request), user, input),
    rest: [{ method: 'POST', path: '/api/schemes/enrolments', status: 201 }],
  }),
  list: query('customer', z.object({}), z.array(shared.schemeEnrolment), {
    summary: "The shopper's scheme enrolments, newest first",
    run: ({ services, user }) => core.listEnrolments(services.db, user),
    rest: [{ method: 'GET', path: '/api/schemes/enrolments' }],
  }),
  get: query('customer', shared.schemeEnrolmentIdInput, shared.schemeEnrolment, {
    summary:
      'One enrolment: paid instalments, the next due, bonus, balance, maturity and redemption dates',
    run: ({ services, user }, input) =>
      core.getEnrolment(services.db, { user, idInput: input.enrolmentId }),
    rest: [
      { method: 'GET', path: '/api/schemes/enrolments/:enrolmentId', paramDocs: enrolmentParam },
    ],
  }),
  pay: mutation(
    'customer',
    shared.schemeEnrolmentIdInput,
    z.object({ paymentUrl: z.string(), n: z.number() }),
    {
      summary: "A payment link for the enrolment's next instalment (the open one is reused)",
      run: ({ services, user, request }, input) =>
        core.payNextInstalment(schemeDeps(services, request), user, input.enrolmentId),
      rest: [
        {
          method: 'POST',
          path: '/api/schemes/enrolments/:enrolmentId/payment',
          paramDocs: enrolmentParam,
        },
      ],
    },
  ),
  /**
   * The shopper back from an instalment's payment page. Public, like GET /api/payment: a session
   * that expired while paying still gets the payment recorded (then a 401 asks to log in).
   */
  confirmReturn: mutation('public', shared.schemeReturnInput, shared.schemeReturnAnswer, {
    summary:
      "The return from an instalment's payment page: records the payment (exactly once with the webhook and reconciliation) and answers the enrolment",
    run: async ({ services, user, address }, input) => {
      core.checkReturnSignature(services.paymentProviders, input.enrolmentId, input);
      const outcome = await core.requestInstalmentConfirmation(
        { ...outboxDeps(services), limits: services.limits },
        input,
        { address, user },
      );
      if (!user) throw core.unauthorized();
      return {
        status: outcome?.result ?? 'PENDING',
        enrolment: await core.getEnrolment(services.db, { user, idInput: input.enrolmentId }),
      };
    },
    rest: [
      {
        method: 'GET',
        path: '/api/schemes/enrolments/:enrolmentId/payment',
        request: shared.schemeReturnQuery,
        input: ({ params, query }) => ({
          enrolmentId: params.enrolmentId,
          paymentId: query.payment_id,
          paymentLinkId: query.razorpay_payment_link_id,
          status: query.razorpay_payment_link_status,
          signature: query.razorpay_signature,
          referenceId: query.razorpay_payment_link_reference_id,
        }),
        paramDocs: enrolmentParam,
      },
    ],
  }),
};
