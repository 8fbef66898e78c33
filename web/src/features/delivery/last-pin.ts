/** The PIN a shopper last checked, so the next product page asks for it once only. */
const KEY = 'kanak.deliveryPin';

export function readLastPin(): string {
  try {
    return localStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

export function rememberPin(pin: string): void {
  try {
    localStorage.setItem(KEY, pin);
  } catch {
    // Private windows may refuse storage: the box still works, it just forgets.
  }
}
