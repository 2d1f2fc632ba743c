import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition.js';

/** The UTF-8 name of a header value, as a client reads `filename*` (RFC 5987). */
const utf8Name = (header: string) => {
  const match = /filename\*=UTF-8''([^;\s]+)$/.exec(header);
  if (!match) throw new Error(`no filename* in ${header}`);
  return decodeURIComponent(match[1]!);
};
/** RFC 5987's attr-char, and the percent escapes between them. */
const attrChars = /^(?:[A-Za-z0-9!#$&+\-.^_`|~]|%[0-9A-F]{2})+$/;

describe('contentDisposition', () => {
  it('escapes the apostrophe and parentheses RFC 5987 forbids, and gives the name back whole', () => {
    const name = "Billing - St. Mary's (North) - Dr. O'Brien* - 2026-10.csv";
    const header = contentDisposition('attachment', name);
    expect(header).toBe(
      `attachment; filename="${name}"; filename*=UTF-8''Billing%20-%20St.%20Mary%27s%20%28North%29%20-%20Dr.%20O%27Brien%2A%20-%202026-10.csv`,
    );
    expect(header.split("UTF-8''")[1]).toMatch(attrChars);
    expect(utf8Name(header)).toBe(name);
  });

  it('keeps letters outside ASCII in the UTF-8 name only, and no quote or backslash in the plain one', () => {
    const name = 'Nguyễn "Łucja" a\\b.pdf';
    const header = contentDisposition('inline', name);
    expect(header.startsWith('inline; filename="Nguy_n __ucja_ a_b.pdf"; ')).toBe(true);
    expect(utf8Name(header)).toBe(name);
  });
});
