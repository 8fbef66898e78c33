// The session store: the stored jwt (login state, spec section 6) and the auth modal's mode
// (spec section 4). Plain functions so route guards, the tRPC client and uploads read it outside
// React; use-session.ts subscribes components to it.
const TOKEN_KEY = 'jwt';

export type AuthMode = 'login' | 'register';

const listeners = new Set<() => void>();
let authMode: AuthMode | null = null;

function emit() {
  for (const listener of listeners) listener();
}

/** Subscribes to login, logout (also in another tab) and the auth modal opening or closing. */
export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === TOKEN_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function readToken(): string | null {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    return token && token !== 'null' && token !== 'undefined' ? token : null;
  } catch {
    return null;
  }
}

export function saveToken(token: string) {
  localStorage.setItem(TOKEN_KEY, token);
  emit();
}

/** Logout clears local storage, not only the jwt (spec section 4). */
export function clearSession() {
  localStorage.clear();
  emit();
}

export const readAuthMode = (): AuthMode | null => authMode;

export function openAuthModal(mode: AuthMode) {
  authMode = mode;
  emit();
}

export function closeAuthModal() {
  authMode = null;
  emit();
}
