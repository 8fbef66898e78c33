import { getProfile, listUsers, removeUser } from '@kanak/core';
import { userIdInput } from '@kanak/shared';
import { adminProcedure, authedProcedure, router } from '../trpc/trpc';

export const usersRouter = router({
  me: authedProcedure.query(({ ctx }) => getProfile(ctx.services.db, ctx.user.id)),
  list: adminProcedure.query(({ ctx }) => listUsers(ctx.services.db)),
  remove: adminProcedure
    .input(userIdInput)
    .mutation(({ ctx, input }) => removeUser(ctx.services.db, ctx.user, input.id)),
});
