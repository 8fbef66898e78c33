import { readToken } from '@/features/session/session';

/**
 * Fetches a stored invoice or credit note with the session's token (a plain link cannot send
 * it) and opens it in a new tab. Answers the server's message when it is not ready.
 */
export async function openInvoice(url: string, fileName: string): Promise<void> {
  const token = readToken();
  const response = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? `The document could not be opened (${response.status})`);
  }
  const blob = await response.blob();
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
