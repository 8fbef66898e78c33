import { guardedLogin, guardedSignup } from '@kanak/core';
import { loginInput, signupInput } from '@kanak/shared';
import { authDeps } from '../services';
import { publicProcedure, router } from '../trpc/trpc';

export const authRouter = router({
  signup: publicProcedure
    .input(signupInput)
    .mutation(({ ctx, input }) => guardedSignup(authDeps(ctx.services), ctx.ip, input)),
  login: publicProcedure
    .input(loginInput)
    .mutation(({ ctx, input }) => guardedLogin(authDeps(ctx.services), ctx.ip, input)),
});
