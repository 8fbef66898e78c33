import { createPaymentLink } from '@kanak/core';
import { createPaymentInput, paymentReturnInput } from '@kanak/shared';
import { requestOrigins } from './origins';
import { authedProcedure, router } from '../trpc/trpc';
import { confirmPaymentReturn } from './confirm-return';

export const paymentsRouter = router({
  create: authedProcedure
    .input(createPaymentInput)
    .mutation(({ ctx, input }) =>
      createPaymentLink(
        ctx.services.db,
        ctx.services.payments,
        ctx.user,
        input.orderId,
        requestOrigins(ctx.services.config, ctx.req),
      ),
    ),
  confirmReturn: authedProcedure
    .input(paymentReturnInput)
    .mutation(({ ctx, input }) =>
      confirmPaymentReturn(ctx.services, { address: ctx.ip, user: ctx.user }, input),
    ),
});
