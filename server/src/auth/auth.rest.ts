import type { FastifyInstance } from 'fastify';
import { guardedLogin, guardedSignup } from '@kanak/core';
import { loginInput, signupInput } from '@kanak/shared';
import { parseInput } from '../http/validate';
import { authDeps, type AppServices } from '../services';

export function registerAuthRest(app: FastifyInstance, services: AppServices) {
  app.post('/auth/signup', async (request, reply) => {
    const input = await parseInput(signupInput, request.body);
    return reply.status(201).send(await guardedSignup(authDeps(services), request.ip, input));
  });
  app.post('/auth/login', async (request) => {
    const input = await parseInput(loginInput, request.body);
    return guardedLogin(authDeps(services), request.ip, input);
  });
}
