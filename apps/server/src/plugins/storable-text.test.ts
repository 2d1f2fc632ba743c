import { describe, expect, it } from 'vitest';
import { findUnstorableText } from './storable-text.js';

describe('findUnstorableText', () => {
  it.each([
    [{ name: 'Ann Lee', notes: 'Feels well 😀', tags: ['a', 'b'], n: 3, none: null }, null],
    ['a\u0000b', '_'],
    [{ firstName: 'Ann\u0000' }, 'firstName'],
    [{ preferences: { notes: ['fine', 'x\ud800'] } }, 'preferences.notes.1'],
    [{ lone: '\udc00 low half first' }, 'lone'],
    [{ 'key\u0000': 'value' }, 'key\u0000'],
  ])('in %j finds %j', (value, path) => {
    expect(findUnstorableText(value)).toBe(path);
  });

  it('walks a deeply nested body without exhausting the call stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep)).toBe(`${'0.'.repeat(99_999)}0`);
  });

  it('leaves bytes alone (a raw body is not text)', () => {
    expect(findUnstorableText(Buffer.from([0, 0xd8, 0]))).toBeNull();
  });
});
