import { type DeviceSource, deviceBrandLabels, formatDateTime, sourceBrand } from '@vigil/core';
import type { ReadingRow } from '../../db/schema/index.js';
import type { ReadingValues } from './reading-parts.js';

/** The values of a reading as a person reads them: '140/90 mmHg, 72 bpm'. */
export function readingValuesText(r: ReadingValues) {
  const parts: string[] = [];
  if (r.systolic !== null) parts.push(`${r.systolic}/${r.diastolic ?? '-'} mmHg`);
  if (r.heartRate !== null) parts.push(`${r.heartRate} bpm`);
  if (r.weightLbs !== null) parts.push(`${r.weightLbs} lbs`);
  return parts.join(', ');
}

/** The brand a reading's source names, as a screen shows it ('BodyTrace'); an unknown source as stored. */
const sourceLabel = (source: string) => {
  const brand = sourceBrand[source as DeviceSource];
  return brand ? deviceBrandLabels[brand] : source;
};

/**
 * The audit trail's sentence for a stored reading: 'Added a manual reading: 140/90 mmHg' for one typed by a
 * user, 'Received a reading from BodyTrace: 182.4 lbs' for a device's.
 */
export const readingAddedMessage = (r: ReadingValues & Pick<ReadingRow, 'source' | 'createdBy'>) =>
  r.source === 'MANUAL'
    ? `Added a manual reading: ${readingValuesText(r)}`
    : r.createdBy
      ? `Added a reading from ${sourceLabel(r.source)}: ${readingValuesText(r)}`
      : `Received a reading from ${sourceLabel(r.source)}: ${readingValuesText(r)}`;

/**
 * The audit trail's sentence for a reading a device completed with a part sent apart, with the values it
 * holds now: 'Completed a reading from Tenovi: 142/91 mmHg, 77 bpm'.
 */
export const readingCompletedMessage = (r: ReadingValues & Pick<ReadingRow, 'source'>) =>
  `Completed a reading from ${sourceLabel(r.source)}: ${readingValuesText(r)}`;

/**
 * The audit trail's sentence for a removed reading, with its moment (in its own zone, else the clinic's) and
 * its values, so that it is told from the day's others: 'Removed a reading of 11/02/2026 6:00 AM: 120/80 mmHg'.
 */
export const readingRemovedMessage = (
  r: ReadingValues & Pick<ReadingRow, 'takenAt' | 'timeZone'>,
  clinicTimeZone: string,
) =>
  `Removed a reading of ${formatDateTime(r.takenAt, r.timeZone ?? clinicTimeZone)}: ${readingValuesText(r)}`;
