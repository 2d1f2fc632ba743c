import { instantInput } from '../format/iso-instant.js';
import { z } from '../format/zod.js';
import { detailPageErrors, messages } from '../messages.js';
import { manualAlertTypes } from './alerts.constants.js';
import {
  type CustomAlert,
  type CustomAlertKey,
  customAlertFields,
  customAlertKeys,
  customAlertStatuses,
  defaultCustomAlerts,
} from './custom-alerts.rules.js';

/** A threshold input: digits only, at most 3 characters. Numbers from API clients are read as their digits. */
export const thresholdValue = z.preprocess(
  (v) => (typeof v === 'number' ? String(v) : v),
  z.string({ error: messages.thresholdDigitsOnly }).regex(/^\d{1,3}$/, messages.thresholdDigitsOnly),
);

function entrySchema<K extends CustomAlertKey>(key: K) {
  const shape = Object.fromEntries(customAlertFields[key].map((field) => [field, thresholdValue])) as Record<
    (typeof customAlertFields)[K][number],
    typeof thresholdValue
  >;
  // Label and type belong to the rule, not to the caller: they are accepted and then replaced.
  return z.object({
    key: z.literal(key),
    label: z.string().optional(),
    type: z.string().optional(),
    status: z.enum(customAlertStatuses),
    values: z.object(shape),
  });
}

const CustomAlertEntry = z.discriminatedUnion('key', [
  entrySchema('highReading'),
  entrySchema('secondReading'),
  entrySchema('thirdReading'),
  entrySchema('lowBP'),
  entrySchema('weightOneDay'),
  entrySchema('weightSevenDays'),
  entrySchema('lowHR'),
  entrySchema('highHR'),
  entrySchema('adherenceNew'),
  entrySchema('adherenceEstablished'),
]);

/** The ten settings of the alert settings screen and of a patient's Custom alerts section, in fixed order. */
export const CustomAlertsInput = z
  .array(CustomAlertEntry)
  .length(10, messages.customAlertsOrder)
  .refine((alerts) => alerts.every((a, i) => a.key === customAlertKeys[i]), messages.customAlertsOrder)
  .transform((alerts) =>
    alerts.map((a, i) => {
      const { label, type } = defaultCustomAlerts[i]!;
      return { ...a, label, type } as CustomAlert;
    }),
  );
export type CustomAlertsInput = z.input<typeof CustomAlertsInput>;

/** The latest instant the database stores. */
const latestStorable = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
const storable = (d: Date) => d.getTime() <= latestStorable;

/**
 * The Create Alert dialog: type and date required; the alert starts snoozed until that date, which must
 * be in the future. `now` is injected so the rule is testable and the server can use its own clock.
 */
export function createAlertForm(now: () => Date = () => new Date()) {
  return z
    .object({
      alertType: z.enum(manualAlertTypes),
      snoozedUntilDate: instantInput.refine(storable, detailPageErrors.dateTooLate),
      customDescription: z.string().trim().max(500).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.snoozedUntilDate.getTime() <= now().getTime())
        ctx.addIssue({ code: 'custom', message: messages.dateMustBeFuture, path: ['snoozedUntilDate'] });
    })
    .transform((v) => ({
      ...v,
      customDescription: v.alertType === 'Custom' ? v.customDescription || undefined : undefined,
    }));
}
export type CreateAlertForm = z.output<ReturnType<typeof createAlertForm>>;

/** POST /alerts body. */
export function createAlertRequest(now: () => Date = () => new Date()) {
  return z.object({ patientId: z.string().min(1, messages.required), alertData: createAlertForm(now) });
}

/**
 * The longest snooze of an alert: a year typed wrong (2027 for 2026) must not hide a clinical alert for a
 * year, nor 2099 for good. A follow-up further off is an alert of its own (Create Alert).
 */
export const maxSnoozeDays = 90;

/** POST /alerts/{id}/snooze body: snoozing is always into the future, and at most `maxSnoozeDays` ahead. */
export function snoozeAlertRequest(now: () => Date = () => new Date()) {
  return z.object({
    snoozeUntil: instantInput
      .refine((d) => d.getTime() > now().getTime(), messages.dateMustBeFuture)
      .refine(
        (d) => d.getTime() <= now().getTime() + maxSnoozeDays * 86_400_000,
        detailPageErrors.snoozeTooFar,
      ),
  });
}
