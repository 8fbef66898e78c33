import { readToken } from '@/features/session/session';

/**
 * Fetches a file the server keeps behind the session (a plain link cannot send the token). A
 * refusal throws the server's message, or says that `what` could not be had.
 */
export async function fetchWithToken(url: string, what: string): Promise<Response> {
  const token = readToken();
  const response = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `${what} (${response.status})`);
  }
  return response;
}

/** Saves a file the page holds under `fileName`, as a link to it clicked would. */
export function saveBlob(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}
