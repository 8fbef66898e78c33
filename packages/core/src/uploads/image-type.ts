/** Image kinds accepted by POST /api/uploads, recognised by their first bytes, not the client's mimetype. */
export const IMAGE_TYPES = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
} as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;

const startsWith = (bytes: Uint8Array, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * An SVG is text whose first element is <svg>. Scripts, event handlers and javascript: links
 * are refused, so a stored drawing can never run code in a shopper's browser.
 */
function isSafeSvg(bytes: Uint8Array): boolean {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 1024 * 1024));
  const head = text
    .replace(/^\uFEFF/, '')
    .replace(/^\s*(<\?xml[^>]*\?>\s*)?((<!--[\s\S]*?-->|<!DOCTYPE[^>]*>)\s*)*/i, '');
  if (!/^<svg[\s>]/i.test(head)) return false;
  return !/<script|\son[a-z]+\s*=|javascript:|<foreignObject/i.test(text);
}

export function detectImageType(bytes: Uint8Array): ImageExtension | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (isSafeSvg(bytes)) return 'svg';
  return null;
}
