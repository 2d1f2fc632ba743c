import { messages } from '../messages.js';
import { chfOneDayGainPounds } from './alerts.constants.js';
import type { Thresholds } from './custom-alerts.rules.js';

const days = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

/**
 * The alert's wording on the detail page (spec patients 9), with the values in force for the patient.
 * Adherence wording reads the patient's adherence coaching settings.
 */
export function alertDescription(
  alert: { type: string; customDescription?: string | null },
  t: Thresholds,
): string {
  switch (alert.type) {
    case 'WeightFivePoundsInWeek':
      return `Weight gain of ${t.weightSevenDays.pounds} lbs or more in 7 days`;
    case 'WeightThreePoundsIn1Day':
      return `Weight gain of ${t.weightOneDay.pounds} lbs or more in 1 day`;
    case 'WeightTwoPoundsIn1Day':
      return `Weight gain of ${chfOneDayGainPounds} lbs or more in 1 day`;
    case 'HeartRateLow':
      return `Heart rate below ${t.lowHR.bpm} bpm`;
    case 'HeartRateHigh':
      return `Heart rate above ${t.highHR.bpm} bpm`;
    case 'BPHighSingle':
      return `High blood pressure reading: systolic ${t.highReading.systolic} or diastolic ${t.highReading.diastolic} or more`;
    case 'BPHighTwoDaysInWeek':
      return `2 high blood pressure days in a week: systolic ${t.secondReading.systolic} or more on 2 unique days in 1 week`;
    case 'BPHighThreeDaysInWeek':
      return `3 high blood pressure days in a week: systolic ${t.thirdReading.systolic} or more on 3 unique days in 1 week`;
    case 'BPLow':
      return `Low blood pressure: systolic below ${t.lowBP.systolic}`;
    case 'AdherenceEstablishedPatientNoReadingForFiveDays':
      return `Adherence coaching: no readings for ${days(t.adherenceEstablished.daysWithoutReading)} (established patient)`;
    case 'AdherenceNewPatientNoReadingForOneDay':
      return `Adherence coaching: no readings for ${days(t.adherenceNew.daysWithoutReading)} (new patient)`;
    case 'SMSUnseen':
      return 'New text message from the patient';
    case 'CallFollowUp':
      return 'Call follow-up';
    case 'Custom':
      return alert.customDescription?.trim() || 'Custom alert';
    default:
      return messages.unknownAlert;
  }
}
