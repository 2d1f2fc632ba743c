import { describe, expect, it } from 'vitest';
import { findUnstorable } from '../../plugins/storable-text.js';
import { cleanFileName } from './messages.service.js';

describe('cleanFileName', () => {
  it.each([
    ['C:\\Users\\ann\\pill "bottle".png', 'pill bottle.png'],
    ['a\u0007b.jpg', 'ab.jpg'],
    ['   ', 'attachment'],
    [undefined, 'attachment'],
  ])('%j becomes %j', (name, cleaned) => {
    expect(cleanFileName(name)).toBe(cleaned);
  });

  it('cuts at 200 characters without splitting a symbol in half', () => {
    const cleaned = cleanFileName(`${'a'.repeat(199)}💥.png`);
    expect(cleaned).toBe(`${'a'.repeat(199)}💥`);
    expect(findUnstorable(cleaned)).toBeNull();
  });
});
