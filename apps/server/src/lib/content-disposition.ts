/**
 * A `Content-Disposition` header value naming a file (RFC 6266): `filename` in plain printable ASCII for old
 * clients (anything else, and the quote and backslash a quoted string would need escaped, become `_`), and
 * `filename*` with the whole name in UTF-8 (RFC 5987). encodeURIComponent alone is not enough there: it
 * leaves ' ( ) * ! as they are, and RFC 5987's attr-char forbids ' ( ) *, so a clinic named "St. Mary's"
 * would end the value at its apostrophe in a strict client.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  const utf8 = encodeURIComponent(fileName).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}
