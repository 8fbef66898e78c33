// Login state is judged by the stored jwt (spec section 6).
const KEY = 'jwt';

export function readToken(): string | null {
  try {
    const token = localStorage.getItem(KEY);
    return token && token !== 'null' && token !== 'undefined' ? token : null;
  } catch {
    return null;
  }
}

export function saveToken(token: string) {
  localStorage.setItem(KEY, token);
}

/** Logout clears local storage (spec section 4). */
export function clearStorage() {
  localStorage.clear();
}
