import * as z from 'zod/mini';
import { getProfile, listUsers, removeUser } from '@kanak/core';
import { userIdInput, userRemoval, userView } from '@kanak/shared';
import { mutation, noInput, query } from '../api/use-case';

export const usersApi = {
  me: query({
    summary: 'The signed-in user with their saved addresses',
    access: 'customer',
    input: noInput,
    output: userView,
    run: ({ services, user }) => getProfile(services.db, user.id),
    rest: [{ method: 'GET', path: '/api/users/profile' }],
  }),
  list: query({
    summary: 'Every customer account (a bare array)',
    access: 'admin',
    input: noInput,
    output: z.array(userView),
    run: ({ services }) => listUsers(services.db),
    rest: [{ method: 'GET', path: '/api/users' }],
  }),
  remove: mutation({
    summary: 'Removes a customer account (administrators cannot be removed)',
    access: 'admin',
    input: userIdInput,
    output: userRemoval,
    run: ({ services, user }, input) => removeUser(services.db, user, input.userId),
    rest: [{ method: 'DELETE', path: '/api/users/profile/:userId' }],
  }),
};
