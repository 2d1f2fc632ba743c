import { describe, expect, it } from 'vitest';
import { detailPageErrors, messages } from '../messages.js';
import {
  MonthlyNoteRequest,
  MonthlyNoteSaveRequest,
  monthlyNoteLimits,
  StaffNoteForm,
  yearMonthString,
} from './notes.schema.js';

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

describe('monthly note save request', () => {
  const note = { month: 10, year: 2026, noteContent: 'Stable.', approved: false };
  it('takes a yearMonthString only when it names the same month', () => {
    expect(yearMonthString(2026, 3)).toBe('2026-03');
    expect(MonthlyNoteSaveRequest.safeParse(note).success).toBe(true);
    expect(MonthlyNoteSaveRequest.safeParse({ ...note, yearMonthString: '2026-10' }).success).toBe(true);
    expect(
      MonthlyNoteSaveRequest.safeParse({ ...note, yearMonthString: '2026-11' }).error?.issues.map(
        (i) => i.message,
      ),
    ).toEqual([detailPageErrors.yearMonthMismatch]);
  });
});
