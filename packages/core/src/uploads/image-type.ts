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
 * Skips what may stand before an SVG's root element: a byte order mark, white space, the XML
 * declaration, comments, processing instructions and a DOCTYPE. A loop, not one regular
 * expression, so a file of unclosed comments cannot make it backtrack for minutes.
 */
function afterProlog(text: string): string {
  let rest = text.replace(/^\uFEFF/, '');
  for (;;) {
    rest = rest.trimStart();
    const close = rest.startsWith('<!--')
      ? rest.indexOf('-->', 4) + 3
      : rest.startsWith('<?')
        ? rest.indexOf('?>', 2) + 2
        : rest.startsWith('<!DOCTYPE')
          ? doctypeEnd(rest)
          : 0;
    if (close <= 2) return rest;
    rest = rest.slice(close);
  }
}

/** End of a DOCTYPE, past its internal subset ([ … ]) if it has one; 0 when unterminated. */
function doctypeEnd(text: string): number {
  const bracket = text.indexOf('[');
  const gt = text.indexOf('>');
  if (gt < 0) return 0;
  if (bracket < 0 || gt < bracket) return gt + 1;
  const subsetEnd = text.indexOf(']', bracket);
  const end = subsetEnd < 0 ? -1 : text.indexOf('>', subsetEnd);
  return end < 0 ? 0 : end + 1;
}

/**
 * An SVG is text whose first element is <svg>. This only recognises the kind of file: what an SVG
 * may contain is decided by sanitizeSvg (sanitize-svg.ts), which parses the whole file.
 */
const looksLikeSvg = (bytes: Uint8Array) =>
  /^<svg[\s>/]/.test(afterProlog(new TextDecoder('utf-8', { fatal: false }).decode(bytes)));

export function detectImageType(bytes: Uint8Array): ImageExtension | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  if (looksLikeSvg(bytes)) return 'svg';
  return null;
}
