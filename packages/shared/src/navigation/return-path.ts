/** Any base works: only whether a value stays on it matters. `.invalid` never resolves. */
const PROBE_ORIGIN = 'http://x.invalid';

// Browsers drop tabs and newlines inside URLs and read '\' as '/': '/\t/evil' and '/\evil' both
// become '//evil', another host. Such a value is refused rather than cleaned.
function hasControlOrBackslash(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
}

function staysOnSite(value: string): boolean {
  if (!value.startsWith('/') || hasControlOrBackslash(value)) return false;
  try {
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN;
  } catch {
    return false;
  }
}

/**
 * A same-site path to return to after login ('/checkout?step=2'), never another origin. The value
 * must stay on this origin both as given and once percent-decoded (a router or a second reader may
 * decode it: '/%09/evil.example' is '/\t/evil.example'); the answer is the parsed path, query and
 * fragment, so what the browser follows is exactly what was checked.
 */
export function safeReturnPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !staysOnSite(value)) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return undefined;
  }
  if (!staysOnSite(decoded)) return undefined;
  const url = new URL(value, PROBE_ORIGIN);
  const path = `${url.pathname}${url.search}${url.hash}`;
  // Dot segments can normalise to a protocol-relative path ('/.//evil' → '//evil'): what is
  // answered must pass the same checks as what was given (normalising again changes nothing).
  if (path === value) return path;
  return path.startsWith('//') ? undefined : safeReturnPath(path);
}
