import { z } from '../format/zod.js';
import { messages } from '../messages.js';

export const doseUnits = ['ml', 'mg', 'g', 'drop', 'spray'] as const;
export const medicationFrequencies = ['QD', 'BID', 'TID', 'QID', 'QC', 'QHS', 'PRN'] as const;
const medicationNameMax = 200;
/** The largest dose a medication takes: beyond it, a typing slip ('1e+26 mg' had been saved). */
const doseMax = 100_000;

/**
 * Dose value: empty is 'Dose is required', anything else that is not a positive number 'Enter a number', a
 * number past `doseMax` 'Value is out of range'.
 */
const doseValue = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.union([z.number(), z.string()], { error: messages.doseRequired }).transform((v, ctx) => {
    if (v === '') {
      ctx.addIssue({ code: 'custom', message: messages.doseRequired });
      return z.NEVER;
    }
    const n = typeof v === 'number' ? v : /^\d*\.?\d+$/.test(v) ? Number(v) : Number.NaN;
    if (!Number.isFinite(n) || n <= 0) {
      ctx.addIssue({ code: 'custom', message: messages.enterNumber });
      return z.NEVER;
    }
    if (n > doseMax) {
      ctx.addIssue({ code: 'custom', message: messages.outOfRange });
      return z.NEVER;
    }
    return n;
  }),
);

/**
 * A medication (spec patients 5): every error is reported at once, and unknown fields (an _id, fields of
 * older clients) pass through untouched.
 */
export const MedicationForm = z.looseObject({
  name: z
    .string({ error: messages.nameRequired })
    .trim()
    .min(1, messages.nameRequired)
    .max(medicationNameMax, messages.tooLong(medicationNameMax)),
  doseSize: z.looseObject(
    {
      value: doseValue,
      type: z.enum(doseUnits, { error: messages.selectUnit }),
    },
    { error: messages.doseRequired },
  ),
  frequency: z.looseObject(
    { type: z.enum(medicationFrequencies, { error: messages.selectFrequency }) },
    { error: messages.selectFrequency },
  ),
});
export type MedicationForm = z.input<typeof MedicationForm>;
export type Medication = z.output<typeof MedicationForm>;

/** PATCH /pacients/{id} with the full list of medications. */
export const MedicationsUpdate = z.object({ medications: z.array(MedicationForm).max(200) });
