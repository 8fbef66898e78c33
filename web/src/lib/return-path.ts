/** A same-site path to return to after login ('/checkout?step=2'), never another origin. */
export function safeReturnPath(value: unknown): string | undefined {
  return typeof value === 'string' &&
    value.startsWith('/') &&
    !value.startsWith('//') &&
    !value.startsWith('/\\')
    ? value
    : undefined;
}

/** Where a login made on /login or /register leads: the remembered page, else home. */
export function postLoginPath(): string {
  return safeReturnPath(new URLSearchParams(window.location.search).get('redirect')) ?? '/';
}
