import { readToken } from '@/features/session/session';

/** A failed upload, with the server's message when it sent one. */
export class UploadError extends Error {}

function secureUrlOf(body: unknown): string | null {
  return typeof body === 'object' &&
    body !== null &&
    'secure_url' in body &&
    typeof body.secure_url === 'string'
    ? body.secure_url
    : null;
}

function messageOf(body: unknown): string | null {
  return typeof body === 'object' &&
    body !== null &&
    'message' in body &&
    typeof body.message === 'string'
    ? body.message
    : null;
}

/**
 * Sends one image to POST /api/uploads (multipart field `file`) and resolves its `secure_url`.
 * XHR rather than fetch: only XHR reports upload progress.
 */
export function uploadImage(
  file: File,
  onProgress: (percent: number) => void,
  /** A stone's certificate: a PDF is accepted too. */
  kind: 'image' | 'certificate' = 'image',
): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', kind === 'certificate' ? '/api/uploads?kind=certificate' : '/api/uploads');
    const token = readToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: the status says what happened
      }
      const url = secureUrlOf(body);
      if (xhr.status >= 200 && xhr.status < 300 && url) {
        onProgress(100);
        resolve(url);
      } else {
        reject(
          new UploadError(
            messageOf(body) ?? `The image could not be uploaded (HTTP ${xhr.status})`,
          ),
        );
      }
    };
    xhr.onerror = () => reject(new UploadError('The image could not be uploaded: network error'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}
