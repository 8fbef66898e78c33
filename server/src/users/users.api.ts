import * as z from 'zod/mini';
import * as core from '@kanak/core';
import * as shared from '@kanak/shared';
import { mutation, noInput, query } from '../api/declare-use-case';
import { authDeps } from '../services';

export const usersApi = {
  me: query('customer', noInput, shared.userView, {
    summary: 'The signed-in user with their saved addresses',
    run: ({ services, user }) => core.getProfile(services.db, user.id),
    rest: [{ method: 'GET', path: '/api/users/profile' }],
  }),
  list: query('admin', noInput, z.array(shared.adminUserView), {
    summary:
      'Every customer account with their order count, total spent on paid orders and last order date (a bare array)',
    run: ({ services }) => core.listUsers(services.db),
    rest: [{ method: 'GET', path: '/api/users' }],
  }),
  remove: mutation('admin', shared.userIdInput, shared.userRemoval, {
    summary: 'Removes a customer account (administrators cannot be removed)',
    run: ({ services, user }, input) => core.removeUser(services.db, user, input.userId),
    rest: [{ method: 'DELETE', path: '/api/users/profile/:userId' }],
  }),
  changePassword: mutation('customer', shared.changePasswordInput, shared.authAnswer, {
    summary:
      "Changes the caller's password (the current one is needed) and answers a new token; every other token ends",
    run: ({ services, user, address }, input) =>
      core.changePassword({ deps: authDeps(services), address, caller: user, input }),
    rest: [{ method: 'PUT', path: '/api/users/password' }],
  }),
};
