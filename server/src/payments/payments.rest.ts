import type { FastifyInstance } from 'fastify';
import { createPaymentLink, recordPaymentWebhook } from '@kanak/core';
import { paymentReturnQuery } from '@kanak/shared';
import { currentUser, requireUser } from '../http/auth';
import { parseInput } from '../http/validate';
import { requestOrigins } from './origins';
import type { AppServices } from '../services';
import { confirmPaymentReturn } from './confirm-return';

/** POST /api/payment/{orderId}, GET /api/payment?payment_id=&order_id=, POST /api/payment/webhook. */
export async function registerPaymentsRest(app: FastifyInstance, services: AppServices) {
  app.post<{ Params: { orderId: string } }>('/api/payment/:orderId', async (request) => {
    const user = await requireUser(services, request);
    return createPaymentLink(
      services.db,
      services.payments,
      user,
      request.params.orderId,
      requestOrigins(services.config, request),
    );
  });

  app.get('/api/payment', async (request) => {
    const query = await parseInput(paymentReturnQuery, request.query);
    const user = await currentUser(services, request);
    return confirmPaymentReturn(
      services,
      { address: request.ip, user },
      {
        orderId: query.order_id,
        paymentId: query.payment_id,
        paymentLinkId: query.razorpay_payment_link_id,
        status: undefined,
        signature: undefined,
      },
    );
  });

  // The webhook signature covers the exact bytes sent: this scope keeps the body raw.
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: 256 * 1024 },
      (_req, body, done) => done(null, body),
    );
    scope.post('/api/payment/webhook', async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['x-razorpay-signature'];
      if (
        !services.payments.verifyWebhook(raw, typeof signature === 'string' ? signature : undefined)
      ) {
        // Only calls without a valid signature count against the sending address (the HMAC is
        // cheap): a sales spike of genuine webhooks is never refused, a flood of forgeries is.
        await services.limits.consume('webhook', request.ip);
        return reply
          .status(400)
          .send({ error: 'BAD_REQUEST', message: 'Invalid webhook signature' });
      }
      let event;
      try {
        event = services.payments.parseWebhook(raw);
      } catch {
        return reply
          .status(400)
          .send({ error: 'BAD_REQUEST', message: 'Webhook body is not valid JSON' });
      }
      if (!event) return { status: 'ignored' };
      if (!/^[A-Za-z0-9_-]{1,120}$/.test(event.paymentId)) {
        return reply
          .status(400)
          .send({ error: 'BAD_REQUEST', message: 'Webhook payment id is not valid' });
      }
      // Acknowledged once it is in PostgreSQL: the provider will not send it again.
      const jobId = await recordPaymentWebhook(services, {
        orderId: event.orderId,
        paymentId: event.paymentId,
      });
      return { status: 'queued', jobId };
    });
  });
}
