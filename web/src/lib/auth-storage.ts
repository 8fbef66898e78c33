// Login state is judged by the stored jwt (spec section 6). Components subscribe so the header
// and queries follow a login or logout without waiting for a reload.
const KEY = 'jwt';
const listeners = new Set<() => void>();

export function readToken(): string | null {
  try {
    const token = localStorage.getItem(KEY);
    return token && token !== 'null' && token !== 'undefined' ? token : null;
  } catch {
    return null;
  }
}

function emit() {
  for (const listener of listeners) listener();
}

export function saveToken(token: string) {
  localStorage.setItem(KEY, token);
  emit();
}

/** Logout clears local storage (spec section 4). */
export function clearStorage() {
  localStorage.clear();
  emit();
}

export function subscribeToken(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
