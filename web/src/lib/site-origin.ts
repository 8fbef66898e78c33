/**
 * The shop's origin for absolute links (structured data): the page's own in the browser; on the
 * server, the origin of the request being rendered (set by entry-server around its synchronous
 * render, so concurrent requests cannot see each other's).
 */
let serverOrigin = '';

export function siteOrigin(): string {
  return typeof window === 'undefined' ? serverOrigin : window.location.origin;
}

export function setServerOrigin(origin: string) {
  serverOrigin = origin;
}
