import * as core from '@kanak/core';
import * as shared from '@kanak/shared';
import { mutation, noInput } from '../api/declare-use-case';
import * as z from 'zod/mini';
import { authDeps, passwordDeps } from '../services';

export const authApi = {
  signup: mutation('public', {
    input: shared.signupInput,
    output: shared.authAnswer,
    summary: 'Creates a customer account and signs it in',
    run: ({ services, address }, input) => core.guardedSignup(authDeps(services), address, input),
    rest: [{ method: 'POST', path: '/auth/signup', status: 201 }],
  }),
  login: mutation('public', {
    input: shared.loginInput,
    output: shared.authAnswer,
    summary: 'Signs in with e-mail and password',
    run: ({ services, address, request }, input) =>
      core.guardedLogin(
        authDeps(services),
        { address, userAgent: request.headers['user-agent'] },
        input,
      ),
    rest: [{ method: 'POST', path: '/auth/login' }],
  }),
  forgotPassword: mutation('public', {
    input: shared.forgotPasswordInput,
    output: shared.forgotPasswordAnswer,
    summary:
      'Mails a one-use link to choose a new password (30 minutes); the same answer whether or not the e-mail has an account',
    run: ({ services, address }, input) =>
      core.requestPasswordReset(passwordDeps(services), address, input),
    rest: [{ method: 'POST', path: '/auth/forgot-password', status: 202 }],
  }),
  resetPassword: mutation('public', {
    input: shared.resetPasswordInput,
    output: shared.authAnswer,
    summary: "Sets a new password with a reset link's token and signs in; every older token ends",
    run: ({ services }, input) => core.resetPassword(passwordDeps(services), input),
    rest: [{ method: 'POST', path: '/auth/reset-password' }],
  }),
  logoutAll: mutation('customer', {
    input: noInput,
    output: z.object({ message: z.string() }),
    summary: 'Logs the account out of every device: every token issued so far answers 401',
    run: async ({ services, user }) => {
      await core.logoutEverywhere(services.db, user);
      return { message: 'Logged out of every device' };
    },
    rest: [
      {
        method: 'POST',
        path: '/auth/logout-all',
        answer: () => ({ status: 204, body: undefined }),
      },
    ],
  }),
};
