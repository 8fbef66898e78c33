/**
 * The boundary parameter of a multipart Content-Type (RFC 2046: 1 to 70 characters; the parser
 * takes a little more), or null when there is none it could use.
 */
export function multipartBoundary(contentType: string | undefined): string | null {
  const match = /;\s*boundary=(?:"([^"]*)"|([^;,\s]*))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2] ?? '';
  return boundary.length >= 1 && boundary.length <= 200 ? boundary : null;
}
