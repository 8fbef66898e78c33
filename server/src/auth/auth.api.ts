import * as core from '@kanak/core';
import * as shared from '@kanak/shared';
import { mutation } from '../api/declare-use-case';
import { authDeps } from '../services';

export const authApi = {
  signup: mutation('public', shared.signupInput, shared.authAnswer, {
    summary: 'Creates a customer account and signs it in',
    run: ({ services, address }, input) => core.guardedSignup(authDeps(services), address, input),
    rest: [{ method: 'POST', path: '/auth/signup', status: 201 }],
  }),
  login: mutation('public', shared.loginInput, shared.authAnswer, {
    summary: 'Signs in with e-mail and password',
    run: ({ services, address }, input) => core.guardedLogin(authDeps(services), address, input),
    rest: [{ method: 'POST', path: '/auth/login' }],
  }),
};
