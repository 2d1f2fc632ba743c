/** The ten threshold settings of a clinic, which a patient may override one by one (spec administration 3). */
export const customAlertTypes = ['Clinical', 'Adherence Coaching'] as const;
export type CustomAlertType = (typeof customAlertTypes)[number];

export const customAlertStatuses = ['on', 'off'] as const;
export type CustomAlertStatus = (typeof customAlertStatuses)[number];

/** Stable keys in the spec's fixed order, with the stored field names of each entry. */
export const customAlertFields = {
  highReading: ['highReadingSystolic', 'highReadingdiastolic'],
  secondReading: ['secondReadingSystolic'],
  thirdReading: ['thirdReadingSystolic'],
  lowBP: ['lowBP'],
  weightOneDay: ['weightInOneCalendarDays'],
  weightSevenDays: ['weightInSevenCalendarDays'],
  lowHR: ['lowHR'],
  highHR: ['highHR'],
  adherenceNew: ['oneAdherence', 'oneCalendar'],
  adherenceEstablished: ['fiveAdherence', 'fiveCalendar'],
} as const;

export type CustomAlertKey = keyof typeof customAlertFields;
export const customAlertKeys = Object.keys(customAlertFields) as CustomAlertKey[];

export type CustomAlertValues<K extends CustomAlertKey> = Record<
  (typeof customAlertFields)[K][number],
  string
>;

/** Values are the digit strings the settings inputs hold (digits only, at most 3). */
export type CustomAlert = {
  [K in CustomAlertKey]: {
    key: K;
    label: string;
    type: CustomAlertType;
    status: CustomAlertStatus;
    values: CustomAlertValues<K>;
  };
}[CustomAlertKey];

export const defaultCustomAlerts: readonly CustomAlert[] = [
  {
    key: 'highReading',
    label: 'Clinical high reading',
    type: 'Clinical',
    status: 'on',
    values: { highReadingSystolic: '200', highReadingdiastolic: '100' },
  },
  {
    key: 'secondReading',
    label: 'Two systolic readings over two days in a week',
    type: 'Clinical',
    status: 'on',
    values: { secondReadingSystolic: '190' },
  },
  {
    key: 'thirdReading',
    label: 'Three readings over three days in a week',
    type: 'Clinical',
    status: 'on',
    values: { thirdReadingSystolic: '180' },
  },
  { key: 'lowBP', label: 'Low BP', type: 'Clinical', status: 'on', values: { lowBP: '90' } },
  {
    key: 'weightOneDay',
    label: 'Weight gain in one calendar day',
    type: 'Clinical',
    status: 'on',
    values: { weightInOneCalendarDays: '3' },
  },
  {
    key: 'weightSevenDays',
    label: 'Weight gain in seven days',
    type: 'Clinical',
    status: 'on',
    values: { weightInSevenCalendarDays: '5' },
  },
  { key: 'lowHR', label: 'Low heart rate', type: 'Clinical', status: 'on', values: { lowHR: '40' } },
  { key: 'highHR', label: 'High heart rate', type: 'Clinical', status: 'on', values: { highHR: '120' } },
  {
    key: 'adherenceNew',
    label: 'Adherence Coaching, recently enrolled',
    type: 'Adherence Coaching',
    status: 'on',
    values: { oneAdherence: '12', oneCalendar: '1' },
  },
  {
    key: 'adherenceEstablished',
    label: 'Adherence Coaching, longer enrolled',
    type: 'Adherence Coaching',
    status: 'on',
    values: { fiveAdherence: '12', fiveCalendar: '5' },
  },
];

/** The thresholds in force for one patient, as numbers, each rule with its on/off status. */
export interface Thresholds {
  highReading: { on: boolean; systolic: number; diastolic: number };
  secondReading: { on: boolean; systolic: number };
  thirdReading: { on: boolean; systolic: number };
  lowBP: { on: boolean; systolic: number };
  weightOneDay: { on: boolean; pounds: number };
  weightSevenDays: { on: boolean; pounds: number };
  lowHR: { on: boolean; bpm: number };
  highHR: { on: boolean; bpm: number };
  adherenceNew: { on: boolean; enrolledDays: number; daysWithoutReading: number };
  adherenceEstablished: { on: boolean; enrolledDays: number; daysWithoutReading: number };
}

type AnyValues = Record<string, string>;

/**
 * Thresholds in force: the patient's entry for a rule, else the clinic's, else the spec's default.
 * An entry is taken whole (status and values together), so a patient override of one rule never mixes
 * with the clinic's status for it. A value that is not a number falls back to the default value.
 */
export function resolveThresholds(
  clinicAlerts: readonly CustomAlert[] | null | undefined,
  patientAlerts?: readonly CustomAlert[] | null,
): Thresholds {
  const entry = (key: CustomAlertKey) => {
    const fallback = defaultCustomAlerts.find((a) => a.key === key)!;
    const chosen =
      patientAlerts?.find((a) => a.key === key) ?? clinicAlerts?.find((a) => a.key === key) ?? fallback;
    const values = chosen.values as AnyValues;
    const defaults = fallback.values as AnyValues;
    const value = (field: string) => {
      const n = Number(values[field]);
      return values[field] !== undefined && values[field] !== '' && Number.isFinite(n)
        ? n
        : Number(defaults[field]);
    };
    return { on: chosen.status === 'on', value };
  };
  const highReading = entry('highReading');
  const second = entry('secondReading');
  const third = entry('thirdReading');
  const lowBP = entry('lowBP');
  const oneDay = entry('weightOneDay');
  const sevenDays = entry('weightSevenDays');
  const lowHR = entry('lowHR');
  const highHR = entry('highHR');
  const adherenceNew = entry('adherenceNew');
  const adherenceEstablished = entry('adherenceEstablished');
  return {
    highReading: {
      on: highReading.on,
      systolic: highReading.value('highReadingSystolic'),
      diastolic: highReading.value('highReadingdiastolic'),
    },
    secondReading: { on: second.on, systolic: second.value('secondReadingSystolic') },
    thirdReading: { on: third.on, systolic: third.value('thirdReadingSystolic') },
    lowBP: { on: lowBP.on, systolic: lowBP.value('lowBP') },
    weightOneDay: { on: oneDay.on, pounds: oneDay.value('weightInOneCalendarDays') },
    weightSevenDays: { on: sevenDays.on, pounds: sevenDays.value('weightInSevenCalendarDays') },
    lowHR: { on: lowHR.on, bpm: lowHR.value('lowHR') },
    highHR: { on: highHR.on, bpm: highHR.value('highHR') },
    adherenceNew: {
      on: adherenceNew.on,
      enrolledDays: adherenceNew.value('oneAdherence'),
      daysWithoutReading: adherenceNew.value('oneCalendar'),
    },
    adherenceEstablished: {
      on: adherenceEstablished.on,
      enrolledDays: adherenceEstablished.value('fiveAdherence'),
      daysWithoutReading: adherenceEstablished.value('fiveCalendar'),
    },
  };
}

export const defaultThresholds: Thresholds = resolveThresholds(defaultCustomAlerts);

/** Whether two sets of custom alerts put the same thresholds in force (order and spelling of values aside). */
export const sameThresholds = (
  a: readonly CustomAlert[] | null | undefined,
  b: readonly CustomAlert[] | null | undefined,
): boolean => JSON.stringify(resolveThresholds(a)) === JSON.stringify(resolveThresholds(b));
