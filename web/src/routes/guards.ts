import { redirect } from '@tanstack/react-router';
import { readToken } from '@/lib/auth-storage';

/** beforeLoad of the jwt-guarded routes: no stored jwt sends the shopper to /login (spec section 5). */
export function requireToken() {
  if (!readToken()) throw redirect({ to: '/login' });
}
