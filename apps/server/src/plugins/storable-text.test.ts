import { messages } from '@vigil/core';
import { describe, expect, it } from 'vitest';
import { findUnstorable, maxNesting } from './storable-text.js';

const text = (field: string) => ({ field, message: messages.unstorableText });

describe('findUnstorable', () => {
  it.each([
    [{ name: 'Ann Lee', notes: 'Feels well 😀', tags: ['a', 'b'], n: 3, none: null }, null],
    ['a\u0000b', text('_')],
    [{ firstName: 'Ann\u0000' }, text('firstName')],
    [{ preferences: { notes: ['fine', 'x\ud800'] } }, text('preferences.notes.1')],
    [{ lone: '\udc00 low half first' }, text('lone')],
    [{ 'key\u0000': 'value' }, text('key\u0000')],
  ])('in %j finds %j', (value, found) => {
    expect(findUnstorable(value)).toEqual(found);
  });

  it(`takes ${maxNesting} levels of nesting, and refuses one more, where it begins`, () => {
    const nested = (levels: number) => {
      let deep: unknown = 'x';
      for (let i = 0; i < levels; i++) deep = [deep];
      return deep;
    };
    expect(findUnstorable(nested(maxNesting))).toBeNull();
    expect(findUnstorable(nested(maxNesting + 1))).toEqual({
      field: Array(maxNesting).fill('0').join('.'),
      message: messages.nestedTooDeeply,
    });
  });

  it('walks a body nested far too deeply without exhausting the call stack', () => {
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect(findUnstorable(deep)?.message).toBe(messages.nestedTooDeeply);
  });

  it('leaves bytes alone (a raw body is not text)', () => {
    expect(findUnstorable(Buffer.from([0, 0xd8, 0]))).toBeNull();
  });
});
