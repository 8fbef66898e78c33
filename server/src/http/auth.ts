import type { FastifyRequest } from 'fastify';
import { authenticate, bearerToken, forbidden, unauthorized, type AuthUser } from '@kanak/core';
import type { AppServices } from '../services';

const cache = new WeakMap<FastifyRequest, Promise<AuthUser | null>>();

/** The caller of a REST request, or null for a visitor; a bad token is a 401. */
export function currentUser(
  services: AppServices,
  request: FastifyRequest,
): Promise<AuthUser | null> {
  let user = cache.get(request);
  if (!user) {
    const token = bearerToken(request.headers.authorization);
    user = token ? authenticate(services.db, services.tokens, token) : Promise.resolve(null);
    cache.set(request, user);
  }
  return user;
}

export async function requireUser(
  services: AppServices,
  request: FastifyRequest,
): Promise<AuthUser> {
  const user = await currentUser(services, request);
  if (!user) throw unauthorized();
  return user;
}

export async function requireAdmin(
  services: AppServices,
  request: FastifyRequest,
): Promise<AuthUser> {
  const user = await requireUser(services, request);
  if (user.role !== 'ADMIN') throw forbidden('Only administrators can do this');
  return user;
}
