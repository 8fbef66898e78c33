import { guardedLogin, guardedSignup } from '@kanak/core';
import { authAnswer, loginInput, signupInput } from '@kanak/shared';
import { mutation } from '../api/use-case';
import { authDeps } from '../services';

export const authApi = {
  signup: mutation({
    summary: 'Creates a customer account and signs it in',
    access: 'public',
    input: signupInput,
    output: authAnswer,
    run: ({ services, address }, input) => guardedSignup(authDeps(services), address, input),
    rest: [{ method: 'POST', path: '/auth/signup', status: 201 }],
  }),
  login: mutation({
    summary: 'Signs in with e-mail and password',
    access: 'public',
    input: loginInput,
    output: authAnswer,
    run: ({ services, address }, input) => guardedLogin(authDeps(services), address, input),
    rest: [{ method: 'POST', path: '/auth/login' }],
  }),
};
