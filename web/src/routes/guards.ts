import { redirect, type ParsedLocation } from '@tanstack/react-router';
import { readToken } from '@/features/session/session';
import { safeReturnPath } from '@kanak/shared';

/**
 * beforeLoad of the jwt-guarded routes: no stored jwt sends the shopper to /login (spec section 5),
 * remembering the page so the login can come back to it.
 */
export function requireToken(options?: { location?: ParsedLocation }) {
  if (readToken()) return;
  const back = options?.location?.href;
  throw redirect({ to: '/login', search: back ? { redirect: back } : {} });
}

/** validateSearch of /login: only a same-site path is kept. */
export const validateLoginSearch = (search: Record<string, unknown>): { redirect?: string } => {
  const path = safeReturnPath(search.redirect);
  return path ? { redirect: path } : {};
};
