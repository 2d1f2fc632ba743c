import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DeviceDelivery } from '../ingestion.types.js';
import { adaptEDevice } from './edevice.adapter.js';
import { adaptPylo } from './pylo.adapter.js';
import { adaptSmartMeter } from './smart-meter.adapter.js';

/** docs/webhooks.md, the formats Vigil defines for vendors: its examples are read as it says. */
const page = readFileSync(path.resolve(import.meta.dirname, '../../../../../../docs/webhooks.md'), 'utf8');
const examples = new Map(
  [...page.matchAll(/```json ([a-z-]+)\n([\s\S]*?)```/g)].map((m) => [m[1]!, JSON.parse(m[2]!) as unknown]),
);

const cases: [string, (payload: unknown) => DeviceDelivery[], Partial<DeviceDelivery>, object][] = [
  [
    'smart-meter',
    adaptSmartMeter,
    { brand: 'Smart Meter', deviceIdentifier: '356810000100240' },
    { vendorReadingId: 'sm-000123', systolic: 128, diastolic: 82, heartRate: 71 },
  ],
  [
    'pylo',
    adaptPylo,
    { brand: 'Pylo', deviceIdentifier: '864475040123457' },
    {
      vendorReadingId: '864475040123457:p-88121',
      weight: 187.25,
      takenAt: new Date('2026-11-02T15:42:10Z'),
    },
  ],
  [
    'edevice',
    adaptEDevice,
    { brand: 'EDEVICE', deviceIdentifier: 'A4C138002727', hubSerialNumber: 'EDH-010023' },
    { vendorReadingId: 'A4C138002727:edv-5521', systolic: 134, diastolic: 86, heartRate: 68 },
  ],
];

describe('docs/webhooks.md', () => {
  it('has an example of each format Vigil defines, and no other', () => {
    expect([...examples.keys()].sort()).toEqual(cases.map(([name]) => name).sort());
  });

  it.each(cases)('its %s example is one reading, read as the page says', (name, adapt, delivery, reading) => {
    const [only, ...rest] = adapt(examples.get(name));
    expect(rest).toEqual([]);
    expect(only).toMatchObject(delivery);
    expect(only!.readings).toHaveLength(1);
    expect(only!.readings[0]).toMatchObject(reading);
  });
});
