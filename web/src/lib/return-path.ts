import { safeReturnPath } from '@kanak/shared';

/** Where a login made on /login or /register leads: the remembered page, else home. */
export function postLoginPath(): string {
  return safeReturnPath(new URLSearchParams(window.location.search).get('redirect')) ?? '/';
}
