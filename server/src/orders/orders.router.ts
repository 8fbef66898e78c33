import {
  createOrderFromCart,
  deleteOrder,
  getDashboard,
  getOrderFor,
  listAllOrders,
  listUserOrders,
} from '@kanak/core';
import { createOrderInput, orderIdInput, orderTransitionInput } from '@kanak/shared';
import { adminProcedure, authedProcedure, router } from '../trpc/trpc';
import { transitionOrder } from './transition-request';

export const ordersRouter = router({
  create: authedProcedure
    .input(createOrderInput)
    .mutation(({ ctx, input }) =>
      createOrderFromCart(ctx.services.db, ctx.user.id, input, ctx.services.limits),
    ),
  byId: authedProcedure
    .input(orderIdInput)
    .query(({ ctx, input }) => getOrderFor(ctx.services.db, ctx.user, input.id)),
  mine: authedProcedure.query(({ ctx }) => listUserOrders(ctx.services.db, ctx.user.id)),
  adminList: adminProcedure.query(({ ctx }) => listAllOrders(ctx.services.db)),
  /** Applied by the worker; when it takes longer than ORDER_WAIT_MS the order is answered as it stands. */
  transition: adminProcedure
    .input(orderTransitionInput)
    .mutation(
      async ({ ctx, input }) =>
        (await transitionOrder(ctx.services, ctx.user, input.id, input.action)).order,
    ),
  remove: adminProcedure
    .input(orderIdInput)
    .mutation(({ ctx, input }) => deleteOrder(ctx.services.db, ctx.user, input.id)),
  dashboard: adminProcedure.query(({ ctx }) => getDashboard(ctx.services.db)),
});
