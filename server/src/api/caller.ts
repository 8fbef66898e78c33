import type { FastifyRequest } from 'fastify';
import {
  authenticate,
  bearerToken,
  requireAdmin,
  unauthorized,
  type Access,
  type AuthUser,
} from '@kanak/core';
import type { AppServices } from '../services';
import type { Call } from './declare-use-case';

const users = new WeakMap<FastifyRequest, Promise<AuthUser | null>>();

/**
 * The caller of a request, or null for a visitor (`Bearer null` and `Bearer undefined` are
 * visitors); a token that fails is a 401. Resolved once per request, whichever transport asks.
 */
export function requestUser(
  services: AppServices,
  request: FastifyRequest,
): Promise<AuthUser | null> {
  let user = users.get(request);
  if (!user) {
    const token = bearerToken(request.headers.authorization);
    user = token
      ? authenticate(services.db, { settings: services.tokens, token })
      : Promise.resolve(null);
    users.set(request, user);
  }
  return user;
}

/** The one access check of both transports: 401 without a user, 403 for a customer on admin work. */
export async function resolveCall<A extends Access>(
  services: AppServices,
  request: FastifyRequest,
  access: A,
): Promise<Call<A>> {
  const user = await requestUser(services, request);
  if (access !== 'public') {
    if (!user) throw unauthorized();
    if (access === 'admin') requireAdmin(user);
  }
  // The checks above make `user` what Call<A> promises for this access.
  return { services, user, address: request.ip, request } as Call<A>;
}
