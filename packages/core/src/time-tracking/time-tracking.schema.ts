import { z } from '../format/zod.js';
import { messages } from '../messages.js';
import { bulkTimeDefaults, bulkTimeNotes } from './time-tracking.constants.js';

/** One sitting is at most a day; anything longer is a stuck timer, not work. */
export const maxTrackedSeconds = 24 * 60 * 60;

/** The bulk time dialog: seconds as typed (digits only, not empty) and one of the two notes. */
export const BulkTimeForm = z.object({
  seconds: z
    .string({ error: messages.inputCannotBeEmpty })
    .trim()
    .regex(/^\d+$/, messages.inputCannotBeEmpty)
    .transform(Number)
    .pipe(z.number().min(1, messages.timeMustBePositive).max(maxTrackedSeconds, messages.outOfRange))
    .prefault(String(bulkTimeDefaults.seconds)),
  text: z.enum(bulkTimeNotes).default(bulkTimeDefaults.text),
});
export type BulkTimeForm = z.input<typeof BulkTimeForm>;

/** POST pacients/bulkTimeTrack body. */
export const BulkTimeRequest = z.object({
  // Whole seconds, as the dialog's digits give them; nothing is the dialog's own message (spec 5), and
  // anything that is not a number says so.
  time: z
    .number({
      error: (issue) =>
        issue.input == null || issue.input === '' ? messages.inputCannotBeEmpty : messages.mustBeNumber,
    })
    .int(messages.inputCannotBeEmpty)
    .min(1, messages.timeMustBePositive)
    .max(maxTrackedSeconds, messages.outOfRange),
  isbulktimetracking: z.literal(true),
  text: z.enum(bulkTimeNotes),
});

/** POST /pacients/{id}/track body. */
export const TrackTimeRequest = z.object({
  time: z.number().int().min(1, messages.timeMustBePositive).max(maxTrackedSeconds, messages.outOfRange),
});

/** Manually Add Time: hours and minutes become seconds, added only when above 0. */
export const ManualTimeForm = z
  .object({
    hours: z.coerce.number({ error: messages.mustBeNumber }).int(messages.mustBeNumber).min(0).max(24),
    minutes: z.coerce.number({ error: messages.mustBeNumber }).int(messages.mustBeNumber).min(0).max(59),
  })
  .transform((v) => v.hours * 3600 + v.minutes * 60)
  .refine((seconds) => seconds > 0, messages.timeMustBePositive)
  // As the server takes it: 24 hours and 30 minutes would pass each field and be refused after Add.
  .refine((seconds) => seconds <= maxTrackedSeconds, messages.outOfRange);
