import { z } from 'zod';
import { requiredText } from '../format/fields.schema.js';
import { messages } from '../messages.js';

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
});
export type MonthlyNoteRequest = z.infer<typeof MonthlyNoteRequest>;

/** Shown for a month without a note. */
export const emptyMonthlyNoteText = '(No notes this month.)';

/** Active Issues: free text on the detail page (PATCH /pacients/{id}). */
export const ActiveIssuesUpdate = z.object({ activeIssues: z.string().max(10_000) });
