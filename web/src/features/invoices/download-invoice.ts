import { fetchWithToken, saveBlob } from '@/lib/download';

/**
 * Fetches a stored invoice or credit note with the session's token (a plain link cannot send
 * it) and opens it in a new tab. Answers the server's message when it is not ready.
 */
export async function openInvoice(url: string, fileName: string): Promise<void> {
  const response = await fetchWithToken(url, 'The document could not be opened');
  saveBlob(await response.blob(), fileName);
}
