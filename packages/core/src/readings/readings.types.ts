/**
 * A reading as the rules see it. `source` is 'MANUAL' for a reading staff entered, otherwise the vendor
 * that delivered it; only the manual ones are told apart (they are not device data for billing).
 */
export interface Reading {
  date: Date;
  systolic?: number | null;
  diastolic?: number | null;
  heartRate?: number | null;
  weight?: number | null;
  source: string;
}

export const manualReadingSource = 'MANUAL';

export const isDeviceReading = (reading: Pick<Reading, 'source'>) => reading.source !== manualReadingSource;

export type BpReading = Reading & { systolic: number };
export const hasBp = (r: Reading): r is BpReading => typeof r.systolic === 'number';
