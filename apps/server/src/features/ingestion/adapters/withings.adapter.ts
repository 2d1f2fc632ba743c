import { poundsPerKilogram, upperCaseIdentifier, withingsMeasureTypes } from '@vigil/core';
import { z } from 'zod';
import type { DeviceDelivery, VendorReading } from '../ingestion.types.js';
import {
  cuffPulse,
  epochSeconds,
  hasValue,
  hundredths,
  parsePayload,
  vendorKey,
  whole,
} from './parse-payload.js';

/** `attrib` values of a measure entered by hand (2) or by the user on a device (4): not device data. */
const manualAttribs = new Set([2, 4]);

const WithingsMeasureGroup = z
  .object({
    grpid: vendorKey,
    attrib: z.number().int(),
    /** Unix seconds. */
    date: epochSeconds,
    category: z.number().int().optional(),
    deviceid: z.string().nullish(),
    measures: z.array(
      z.object({ value: z.number(), type: z.number().int(), unit: z.number().int() }).loose(),
    ),
  })
  .loose();
export type WithingsMeasureGroup = z.input<typeof WithingsMeasureGroup>;

const WithingsGroups = z.array(WithingsMeasureGroup);

/**
 * Withings `getmeas` groups (vendors.md) for one device, identified by its MAC without colons: each value
 * is `value × 10^unit`, weight is converted from kilograms, manual entries are skipped, and the group id is
 * the reading's vendor id.
 */
export function adaptWithingsGroups(groups: unknown, deviceIdentifier: string): DeviceDelivery[] {
  const parsed = parsePayload('Withings', WithingsGroups, groups);
  const readings: VendorReading[] = [];
  parsed.forEach((g, i) => {
    if (manualAttribs.has(g.attrib)) return;
    const value = (type: number) => {
      const m = g.measures.find((x) => x.type === type);
      return m ? m.value * 10 ** m.unit : null;
    };
    const kg = value(withingsMeasureTypes.weight);
    const systolic = value(withingsMeasureTypes.systolic);
    const measured = {
      systolic: whole(systolic),
      diastolic: whole(value(withingsMeasureTypes.diastolic)),
      heartRate: cuffPulse(value(withingsMeasureTypes.pulse), systolic),
      weight: kg === null ? null : hundredths(kg * poundsPerKilogram),
    };
    if (!hasValue(measured)) return;
    readings.push({
      source: 'WITHINGS',
      vendorReadingId: g.grpid,
      deviceIdentifier,
      takenAt: g.date,
      ...measured,
      raw: (groups as unknown[])[i],
    });
  });
  return [
    {
      brand: 'Withings',
      source: 'WITHINGS',
      deviceIdentifier: upperCaseIdentifier(deviceIdentifier),
      readings,
      battery: null,
      signal: null,
      raw: groups,
    },
  ];
}
