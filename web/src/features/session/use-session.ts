import { useEffect, useSyncExternalStore } from 'react';
import { trpc } from '@/lib/trpc';
import { loginPathFrom } from './login';
import { clearSession, readAuthMode, readToken, subscribeSession, type AuthMode } from './session';

/** The stored jwt, re-rendering on login and logout. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeSession, readToken, () => null);
}

/** The auth modal's mode, or null while it is closed. */
export function useAuthModal(): AuthMode | null {
  return useSyncExternalStore(subscribeSession, readAuthMode, () => null);
}

/** The signed-in user (users.me) when a jwt is stored. */
export function useSession() {
  const token = useToken();
  const me = trpc.users.me.useQuery(undefined, {
    enabled: !!token,
    retry: false,
    staleTime: 5 * 60_000,
  });
  const status = me.error?.data?.httpStatus;
  useEffect(() => {
    // Spec section 8: a failing profile fetch clears storage and sends the shopper to /login;
    // an expired or forged token (401) is treated the same way. The page is remembered, so
    // signing in again returns to it.
    if (status === 500 || status === 401) {
      clearSession();
      window.location.assign(loginPathFrom(window.location));
    }
  }, [status]);
  return { token, user: me.data ?? null, isLoading: !!token && me.isLoading };
}
