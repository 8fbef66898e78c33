import { useEffect } from 'react';
import { clearStorage } from '@/lib/auth-storage';
import { trpc } from '@/lib/trpc';
import { useToken } from '@/lib/use-token';

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
    // an expired or forged token (401) is treated the same way.
    if (status === 500 || status === 401) {
      clearStorage();
      window.location.assign('/login');
    }
  }, [status]);
  return { token, user: me.data ?? null, isLoading: !!token && me.isLoading };
}

/** Logout clears local storage and reloads the page (spec section 4). */
export function logout() {
  clearStorage();
  window.location.reload();
}
