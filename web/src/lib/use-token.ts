import { useSyncExternalStore } from 'react';
import { readToken, subscribeToken } from './auth-storage';

/** The stored jwt, re-rendering on login and logout. */
export function useToken(): string | null {
  return useSyncExternalStore(subscribeToken, readToken, () => null);
}
