import { forbidden } from '../common';
import type { AuthUser } from './tokens';

/** Who may call a use case: anyone, a signed-in customer (or admin), or an administrator. */
export type Access = 'public' | 'customer' | 'admin';

export const ADMIN_ONLY_MESSAGE = 'Only administrators can do this';

/** The one admin rule: the role `authenticate` resolved (token claim and database both ADMIN). */
export function isAdmin(user: AuthUser | null | undefined): boolean {
  return user?.role === 'ADMIN';
}

/** Refuses (403) anyone but an administrator. */
export function requireAdmin(user: AuthUser): AuthUser {
  if (!isAdmin(user)) throw forbidden(ADMIN_ONLY_MESSAGE);
  return user;
}

/** Owners see their own records; administrators see everyone's. */
export function canSeeRecordOf(user: AuthUser, ownerId: string): boolean {
  return user.id === ownerId || isAdmin(user);
}
