import { formatDate } from '@vigil/core';
import type { ReadingRow } from '../../db/schema/index.js';

type ReadingValues = Pick<ReadingRow, 'systolic' | 'diastolic' | 'heartRate' | 'weightLbs'>;

/** The values of a reading as a person reads them: '140/90 mmHg, 72 bpm'. */
export function readingValuesText(r: ReadingValues) {
  const parts: string[] = [];
  if (r.systolic !== null) parts.push(`${r.systolic}/${r.diastolic ?? '-'} mmHg`);
  if (r.heartRate !== null) parts.push(`${r.heartRate} bpm`);
  if (r.weightLbs !== null) parts.push(`${r.weightLbs} lbs`);
  return parts.join(', ');
}

/** The audit trail's sentence for a reading typed by a user: 'Added a manual reading: 140/90 mmHg'. */
export const readingAddedMessage = (r: ReadingValues & Pick<ReadingRow, 'source'>) =>
  `Added ${r.source === 'MANUAL' ? 'a manual reading' : 'a reading'}: ${readingValuesText(r)}`;

/** The audit trail's sentence for a removed reading, dated in its own zone, else the clinic's. */
export const readingRemovedMessage = (r: Pick<ReadingRow, 'takenAt' | 'timeZone'>, clinicTimeZone: string) =>
  `Removed a reading of ${formatDate(r.takenAt, r.timeZone ?? clinicTimeZone)}`;
