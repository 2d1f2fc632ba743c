import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { MonthlyNoteRequest, monthlyNoteLimits, StaffNoteForm } from './notes.schema.js';

describe('notes', () => {
  it('requires the text of a staff note', () => {
    expect(StaffNoteForm.safeParse({ text: '   ' }).error?.issues[0]?.message).toBe(messages.required);
    expect(StaffNoteForm.parse({ text: ' Called patient ' }).text).toBe('Called patient');
  });

  it.each([
    ['', 0, 0, true],
    ['one line', 8, 1, true],
    ['a\nb\nc', 5, 3, true],
    ['a\nb\nc\n', 6, 4, false],
    ['x'.repeat(240), 240, 1, true],
    ['x'.repeat(241), 241, 1, false],
  ])('counts %j as %i characters and %i lines (ok: %s)', (text, characters, lines, ok) =>
    expect(monthlyNoteLimits(text)).toEqual({
      characters,
      lines,
      ok,
      characterCounter: `Character limit: ${characters} / 240`,
      lineCounter: `Line limit: ${lines} / 3`,
    }),
  );

  it('accepts a monthly note within the limits', () =>
    expect(
      MonthlyNoteRequest.safeParse({ month: 6, year: 2026, noteContent: 'Stable.', approved: true }).success,
    ).toBe(true));
});
