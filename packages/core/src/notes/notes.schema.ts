import { requiredText } from '../format/fields.schema.js';
import { z } from '../format/zod.js';
import { detailPageErrors, messages } from '../messages.js';

/** A staff note's text is required (spec patients 5). */
export const StaffNoteForm = z.object({
  text: requiredText.max(10_000),
});
export type StaffNoteForm = z.infer<typeof StaffNoteForm>;

/** POST /pacients/{id}/notes body. */
export const StaffNoteRequest = StaffNoteForm.extend({ notesFormData: z.unknown().optional() });

export const monthlyNoteLimit = { characters: 240, lines: 3 } as const;

/** An empty note has no lines; otherwise lines are counted by line breaks. */
const countLines = (text: string) => (text === '' ? 0 : text.split(/\r\n|\r|\n/).length);

/** The monthly note counters: 'Character limit: n / 240', 'Line limit: n / 3'; Save needs `ok`. */
export function monthlyNoteLimits(text: string) {
  const characters = text.length;
  const lines = countLines(text);
  return {
    characters,
    lines,
    ok: characters <= monthlyNoteLimit.characters && lines <= monthlyNoteLimit.lines,
    characterCounter: `Character limit: ${characters} / ${monthlyNoteLimit.characters}`,
    lineCounter: `Line limit: ${lines} / ${monthlyNoteLimit.lines}`,
  };
}

export const monthlyNoteText = z
  .string()
  .max(monthlyNoteLimit.characters, messages.monthlyNoteTooLong)
  .refine((text) => countLines(text) <= monthlyNoteLimit.lines, messages.monthlyNoteTooManyLines);

/** POST /monthlyNotes/{patientId} body. */
export const MonthlyNoteRequest = z.object({
  month: z.number().int().min(1).max(12),
  year: z.number().int().min(2018).max(9999),
  yearMonthString: z
    .string()
    .regex(/^\d{4}-\d{2}$/)
    .optional(),
  noteContent: monthlyNoteText,
  approved: z.boolean(),
  /**
   * The note as the page saw it: its lastUpdatedAt, or null for a month the page had no note of. A save
   * from a page that saw another version is refused (409), so Save, Reviewed and Unlock never overwrite a
   * colleague's change unseen. Left out, no check is made (clients of the spec's body).
   */
  lastUpdatedAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
export type MonthlyNoteRequest = z.infer<typeof MonthlyNoteRequest>;

/** 'YYYY-MM' of a month, as yearMonthString carries it. */
export const yearMonthString = (year: number, month: number) =>
  `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;

/** POST /monthlyNotes/{patientId} as the server checks it: a yearMonthString sent names the same month. */
export const MonthlyNoteSaveRequest = MonthlyNoteRequest.refine(
  (note) =>
    note.yearMonthString === undefined ||
    typeof note.year !== 'number' ||
    typeof note.month !== 'number' ||
    note.yearMonthString === yearMonthString(note.year, note.month),
  { message: detailPageErrors.yearMonthMismatch, path: ['yearMonthString'] },
);

/** Shown for a month without a note. */
export const emptyMonthlyNoteText = '(No notes this month.)';

/** Active Issues: free text on the detail page (PATCH /pacients/{id}). */
export const ActiveIssuesUpdate = z.object({ activeIssues: z.string().max(10_000) });
