import { createContext, useContext } from 'react';

/**
 * The origin of the request being rendered on the server (entry-server hands it to AppRoot); in
 * the browser, null: the page's own. A context, not a module variable: React's streaming renderer
 * works in a later microtask, where another request's render may have set a variable since.
 */
export const SiteOriginContext = createContext<string | null>(null);

/** The shop's origin for absolute links (structured data). */
export function useSiteOrigin(): string {
  const origin = useContext(SiteOriginContext);
  return origin ?? (typeof window === 'undefined' ? '' : window.location.origin);
}
