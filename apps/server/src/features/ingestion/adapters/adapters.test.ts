import { AppError } from '@vigil/core';
import { describe, expect, it } from 'vitest';
import bodyTraceLegacy from '../fixtures/bodytrace-bp-legacy.json' with { type: 'json' };
import bodyTraceHeartbeat from '../fixtures/bodytrace-heartbeat.json' with { type: 'json' };
import bodyTraceScale from '../fixtures/bodytrace-scale.json' with { type: 'json' };
import eDevice from '../fixtures/edevice.json' with { type: 'json' };
import pylo from '../fixtures/pylo.json' with { type: 'json' };
import smartMeter from '../fixtures/smart-meter.json' with { type: 'json' };
import tenoviArray from '../fixtures/tenovi-array.json' with { type: 'json' };
import withingsGetmeas from '../fixtures/withings-getmeas.json' with { type: 'json' };
import { adaptBodyTrace, bodyTraceImei } from './bodytrace.adapter.js';
import { adaptEDevice } from './edevice.adapter.js';
import { adaptPylo } from './pylo.adapter.js';
import { adaptSmartMeter } from './smart-meter.adapter.js';
import { adaptTenovi } from './tenovi.adapter.js';
import { adaptWithingsGroups } from './withings.adapter.js';

/** The 400 an adapter throws for a malformed payload. */
function rejection(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected the payload to be refused');
}

describe('BodyTrace', () => {
  it('turns the scale example into pounds: 69800 g is 153.88 lbs', () => {
    const [delivery] = adaptBodyTrace(bodyTraceScale);
    expect(delivery).toMatchObject({
      brand: 'BODYTRACE',
      deviceIdentifier: '013950005553171',
      signal: 91,
      battery: null,
    });
    expect(delivery!.readings).toEqual([
      expect.objectContaining({
        source: 'BODYTRACE',
        vendorReadingId: '013950005553171:1793620800000',
        takenAt: new Date('2026-11-02T12:00:00.000Z'),
        weight: 153.88,
        systolic: null,
        diastolic: null,
        heartRate: null,
        raw: bodyTraceScale,
      }),
    ]);
  });

  it('reads the older generation: deviceId rebuilt into the IMEI, pascals into mmHg (17332 Pa is 130)', () => {
    const [delivery] = adaptBodyTrace(bodyTraceLegacy);
    expect(delivery!.deviceIdentifier).toBe('490154203237518');
    expect(delivery!.signal).toBe(-71);
    expect(delivery!.readings[0]).toMatchObject({
      vendorReadingId: '490154203237518:1793624400000',
      systolic: 130,
      diastolic: 80,
      heartRate: 72,
      weight: null,
      irregular: false,
    });
  });

  it('reads a pulse of 0 as no pulse, keeping the blood pressure (16000 / 10666 Pa are 120 / 80)', () => {
    const [delivery] = adaptBodyTrace({
      imei: '013950005553178',
      ts: 1793624400000,
      values: { systolic: 16000, diastolic: 10666, pulse: 0 },
    });
    expect(delivery!.readings[0]).toMatchObject({ systolic: 120, diastolic: 80, heartRate: null });
  });

  it('gives both generations of one device the same IMEI and so the same reading id', () => {
    const reading = { ts: 1793624400000, values: { pulse: 70 } };
    const newer = adaptBodyTrace({ ...reading, imei: '013950005553178' })[0]!;
    const older = adaptBodyTrace({ ...reading, deviceId: '1395000555317' })[0]!;
    expect(older.deviceIdentifier).toBe('013950005553178');
    expect(older.readings[0]!.vendorReadingId).toBe(newer.readings[0]!.vendorReadingId);
  });

  it('rebuilds the IMEI of an older deviceId with its Luhn check digit (the textbook 49015420323751 -> 8)', () => {
    expect(bodyTraceImei({ deviceId: '49015420323751' })).toBe('490154203237518');
    expect(bodyTraceImei({ imei: '13950005553171' })).toBe('013950005553171');
  });

  it('treats empty values as a heartbeat', () => {
    const [delivery] = adaptBodyTrace(bodyTraceHeartbeat);
    expect(delivery!.readings).toEqual([]);
    expect(delivery!.signal).toBe(64);
  });

  it('refuses a payload without a device or a time, naming the field', () => {
    const noDevice = rejection(() => adaptBodyTrace({ ts: bodyTraceScale.ts, values: {} }));
    expect(noDevice.code).toBe('VALIDATION');
    expect(noDevice.message).toBe('Invalid BodyTrace payload: imei: imei or deviceId is required');
    const noTime = rejection(() => adaptBodyTrace({ imei: '013950005553171', values: {} }));
    expect(noTime.fields).toHaveProperty('ts');
    expect(rejection(() => adaptBodyTrace('nonsense')).status).toBe(400);
    // An older deviceId has no check digit: 15 digits are an IMEI sent under the wrong name.
    const longDeviceId = rejection(() =>
      adaptBodyTrace({ deviceId: '139500001007770', ts: bodyTraceScale.ts }),
    );
    expect(longDeviceId.fields).toEqual({ deviceId: 'Expected up to 14 digits' });
    const longImei = rejection(() => adaptBodyTrace({ imei: '1395000010077701', ts: bodyTraceScale.ts }));
    expect(longImei.fields).toEqual({ imei: 'Expected up to 15 digits' });
    expect(
      rejection(() => adaptBodyTrace({ imei: '0139', ts: bodyTraceScale.ts, values: { weight: 'heavy' } }))
        .fields,
    ).toEqual({ 'values.weight': 'Expected a number' });
  });

  it('refuses a clock in seconds or before 2001 (it would be stored in 1970), and a value written in hex', () => {
    // 1795579742 is 2026-11-25 in seconds, 1970-01-21 read as the milliseconds BodyTrace sends.
    for (const ts of [1795579742, 1000, 0, -1]) {
      expect(rejection(() => adaptBodyTrace({ ...bodyTraceScale, ts })).fields).toEqual({
        ts: 'Expected milliseconds since the epoch',
      });
    }
    for (const weight of ['0x10000', '1e5', '0b11', '7O000', 'Infinity']) {
      expect(
        rejection(() => adaptBodyTrace({ ...bodyTraceScale, values: { ...bodyTraceScale.values, weight } }))
          .fields,
      ).toEqual({ 'values.weight': 'Expected a number' });
    }
    const asText = { ...bodyTraceScale, values: { ...bodyTraceScale.values, weight: ' 69800.5 ' } };
    expect(adaptBodyTrace(asText)[0]!.readings[0]!.weight).toBe(153.88);
  });
});

describe('Withings', () => {
  const groups = withingsGetmeas.body.measuregrps;

  it('computes value x 10^unit, converts kilograms, and skips the group entered by hand', () => {
    const [delivery] = adaptWithingsGroups(groups, '0024e4abcdef');
    expect(delivery!.deviceIdentifier).toBe('0024E4ABCDEF');
    expect(delivery!.readings.map((r) => r.vendorReadingId)).toEqual(['5120001', '5120003']);
    expect(delivery!.readings[0]).toMatchObject({
      takenAt: new Date('2026-11-02T08:00:00.000Z'),
      // 72350 x 10^-3 = 72.35 kg x 2.2046226218 = 159.504 lbs
      weight: 159.5,
      systolic: null,
    });
    expect(delivery!.readings[1]).toMatchObject({
      takenAt: new Date('2026-11-02T10:00:00.000Z'),
      // 1280 x 10^-1 = 128
      systolic: 128,
      diastolic: 82,
      heartRate: 64,
      weight: null,
      raw: groups[2],
    });
  });

  it('ignores a group with none of the monitored types, and refuses a malformed one', () => {
    const fat = { grpid: 9, attrib: 0, date: 1793606400, measures: [{ value: 20, type: 6, unit: 0 }] };
    expect(adaptWithingsGroups([fat], 'AA')[0]!.readings).toEqual([]);
    expect(rejection(() => adaptWithingsGroups([{ grpid: 9 }], 'AA')).message).toMatch(
      /^Invalid Withings payload: 0\.attrib:/,
    );
  });

  it('refuses a date before 2001 or in milliseconds: Withings sends seconds', () => {
    const group = groups[0]!;
    for (const date of [1000, 0, group.date * 1000]) {
      expect(rejection(() => adaptWithingsGroups([{ ...group, date }], 'AA')).fields).toEqual({
        '0.date': 'Expected seconds since the epoch',
      });
    }
  });
});

describe('Tenovi', () => {
  it('makes one reading of a blood pressure and a pulse sharing a timestamp, values read from strings', () => {
    const [delivery] = adaptTenovi(tenoviArray);
    expect(delivery).toMatchObject({ brand: 'Tenovi', deviceIdentifier: 'TV-BPM-0042', battery: 83 });
    expect(delivery!.readings).toHaveLength(1);
    expect(delivery!.readings[0]).toMatchObject({
      // Named by the measurement, not the metric: a pulse sent alone finds this reading (decision 0009).
      vendorReadingId: 'TV-BPM-0042:2026-11-02T14:00:00.000Z:0',
      takenAt: new Date('2026-11-02T14:00:00Z'),
      systolic: 142,
      diastolic: 91,
      heartRate: 77,
      battery: 83,
      raw: [tenoviArray[0], tenoviArray[1]],
    });
  });

  it('reads a pulse of 0 beside a blood pressure as no pulse, keeping the blood pressure', () => {
    const [bp, pulse] = [tenoviArray[0]!, tenoviArray[1]!];
    const [delivery] = adaptTenovi([bp, { ...pulse, value_1: '0' }]);
    expect(delivery!.readings).toHaveLength(1);
    expect(delivery!.readings[0]).toMatchObject({ systolic: 142, diastolic: 91, heartRate: null });
    // Sent in a request of its own, as Tenovi does by default, the pulse of 0 says nothing more.
    const [alone] = adaptTenovi({ ...pulse, value_1: '0' });
    expect(alone).toMatchObject({ deviceIdentifier: 'TV-BPM-0042', readings: [] });
  });

  it("names a weight by its instant in one notation, whichever the payload's", () => {
    const weight = {
      ...tenoviArray[1]!,
      metric: 'weight',
      value_1: '182.4',
      filter_params: { measurement_index: 1 },
    };
    const ids = ['2026-11-02T14:00:00Z', '2026-11-02T06:00:00-08:00', 1793628000].map(
      (timestamp) => adaptTenovi({ ...weight, timestamp })[0]!.readings[0]!.vendorReadingId,
    );
    expect(ids).toEqual(Array(3).fill('TV-BPM-0042:weight:2026-11-02T14:00:00.000Z:1'));
  });

  it('takes a single object, keeps a pulse alone as its own reading, and reads a battery alone as a heartbeat', () => {
    const [pulse, bp] = [tenoviArray[1]!, tenoviArray[0]!];
    const alone = adaptTenovi({ ...pulse, timestamp: '2026-11-02T15:00:00Z' })[0]!;
    expect(alone.readings).toEqual([
      expect.objectContaining({
        vendorReadingId: 'TV-BPM-0042:2026-11-02T15:00:00.000Z:0',
        heartRate: 77,
      }),
    ]);
    const battery = adaptTenovi(tenoviArray[2])[0]!;
    expect(battery.readings).toEqual([]);
    expect(battery.battery).toBe(83);
    const twoDevices = adaptTenovi([bp, { ...bp, hwi_device_id: 'tv-2', value_1: 120 }]);
    expect(twoDevices.map((d) => [d.deviceIdentifier, d.readings[0]!.systolic])).toEqual([
      ['TV-BPM-0042', 142],
      ['TV-2', 120],
    ]);
  });

  it('names a device as the inventory stores it: only its letters a to z upper-cased, at most 64 characters', () => {
    const [bp] = tenoviArray;
    const id = `tv-${'ß'.repeat(61)}`;
    expect(adaptTenovi([{ ...bp, hwi_device_id: id }])[0]!.deviceIdentifier).toBe(`TV-${'ß'.repeat(61)}`);
    expect(() => adaptTenovi([{ ...bp, hwi_device_id: `${id}x` }])).toThrow();
  });

  it('pairs a pulse with the blood pressure of its measurement index, in any notation of the instant', () => {
    const [bp, pulse] = [tenoviArray[0]!, tenoviArray[1]!];
    const at = (timestamp: string, index: string) => ({
      timestamp,
      filter_params: { measurement_index: index },
    });
    const [delivery] = adaptTenovi([
      { ...bp, value_1: '150', value_2: '90', ...at('2026-11-02T14:00:00Z', '1') },
      { ...bp, value_1: '120', value_2: '70', ...at('2026-11-02T14:00:00Z', '2') },
      { ...pulse, value_1: '100', ...at('2026-11-02T14:00:00.000+00:00', '2') },
      { ...pulse, value_1: '60', ...at('2026-11-02T15:00:00+01:00', '1') },
    ]);
    expect(delivery!.readings.map((r) => [r.vendorReadingId, r.systolic, r.heartRate])).toEqual([
      ['TV-BPM-0042:2026-11-02T14:00:00.000Z:1', 150, 60],
      ['TV-BPM-0042:2026-11-02T14:00:00.000Z:2', 120, 100],
    ]);
  });

  it('pairs a pulse with the blood pressure of its instant when one of the two names no index', () => {
    const [bp, pulse] = [tenoviArray[0]!, tenoviArray[1]!];
    const indexed = { filter_params: { measurement_index: '12' } };
    for (const [cuff, beat] of [
      [
        { ...bp, ...indexed },
        { ...pulse, filter_params: null },
      ],
      [
        { ...bp, filter_params: null },
        { ...pulse, ...indexed },
      ],
    ]) {
      const [delivery] = adaptTenovi([cuff, beat]);
      expect(delivery!.readings.map((r) => [r.systolic, r.diastolic, r.heartRate])).toEqual([[142, 91, 77]]);
      expect(delivery!.readings[0]!.raw).toEqual([cuff, beat]);
    }
    // Two indices named: two measurements, each its own.
    const [apart] = adaptTenovi([
      { ...bp, ...indexed },
      { ...pulse, filter_params: { measurement_index: '13' } },
    ]);
    expect(apart!.readings.map((r) => [r.systolic, r.heartRate])).toEqual([
      [142, undefined],
      [undefined, 77],
    ]);
  });

  it('refuses a measurement index too long to be part of an id', () => {
    const [bp] = tenoviArray;
    expect(
      rejection(() => adaptTenovi({ ...bp, filter_params: { measurement_index: 'x'.repeat(41) } })).status,
    ).toBe(400);
  });

  it('keeps devices apart', () => {
    const [bp] = tenoviArray;
    const twoDevices = adaptTenovi([bp, { ...bp, hwi_device_id: 'tv-2', value_1: 120 }]);
    expect(twoDevices.map((d) => [d.deviceIdentifier, d.readings[0]!.systolic])).toEqual([
      ['TV-BPM-0042', 142],
      ['TV-2', 120],
    ]);
  });

  it('refuses a value that is not a number and an empty array, naming the field', () => {
    expect(rejection(() => adaptTenovi({ ...tenoviArray[0], value_1: 'high' })).message).toBe(
      'Invalid Tenovi payload: value_1: Expected a number',
    );
    expect(
      rejection(() => adaptTenovi([tenoviArray[0], { ...tenoviArray[1], value_1: 'abc' }])).fields,
    ).toEqual({
      '1.value_1': 'Expected a number',
    });
    expect(rejection(() => adaptTenovi([])).code).toBe('VALIDATION');
    expect(rejection(() => adaptTenovi({ ...tenoviArray[0], timestamp: 'yesterday' })).status).toBe(400);
  });
});

describe('an array of several devices', () => {
  // The raw payload of each device's delivery is what the unrecognised list keeps for it: the whole array
  // for each of 3,000 devices had run the server out of memory.
  it("keeps with each device's delivery its own measurements, not the whole array", () => {
    const tenovi = [0, 1, 2].map((n) => ({ ...tenoviArray[1]!, hwi_device_id: `TNV-${n}` }));
    const tenoviDeliveries = adaptTenovi(tenovi);
    expect(tenoviDeliveries.map((d) => d.raw)).toEqual([[tenovi[0]], [tenovi[1]], [tenovi[2]]]);
    const meters = [0, 1, 2].map((n) => ({
      ...smartMeter,
      imei: `35987654321001${n}`,
      reading_id: `sm-${n}`,
    }));
    const meterDeliveries = adaptSmartMeter(meters);
    expect(meterDeliveries.map((d) => d.raw)).toEqual([[meters[0]], [meters[1]], [meters[2]]]);
  });
});

describe('Smart Meter, Pylo and eDevice', () => {
  it('Smart Meter: its fields plus imei, named by reading_id', () => {
    const [delivery] = adaptSmartMeter(smartMeter);
    expect(delivery!.deviceIdentifier).toBe('359876543210012');
    expect(delivery!.readings).toEqual([
      expect.objectContaining({
        source: 'SMART_METER',
        vendorReadingId: 'sm-77001',
        takenAt: new Date('2026-11-02T15:30:00Z'),
        systolic: 118,
        diastolic: 76,
        heartRate: 61,
        weight: null,
      }),
    ]);
    expect(rejection(() => adaptSmartMeter({ ...smartMeter, systolic_mmhg: 'abc' })).message).toBe(
      'Invalid Smart Meter payload: systolic_mmhg: Expected a number',
    );
    const { reading_id: _, ...unnamed } = smartMeter;
    expect(rejection(() => adaptSmartMeter([unnamed])).fields).toHaveProperty(['0.reading_id']);
    const pulled = {
      ...smartMeter,
      imei: undefined,
      reading_id: 5,
      reading_type: 'weight',
      systolic_mmhg: null,
      diastolic_mmhg: null,
      pulse_bpm: null,
      weight_lbs: '180.456',
    };
    expect(adaptSmartMeter([pulled])[0]!.readings[0]).toMatchObject({ vendorReadingId: '5', weight: 180.46 });
  });

  it('Pylo: the reading type picks the values', () => {
    const [delivery] = adaptPylo(pylo);
    expect(delivery!.deviceIdentifier).toBe('864475040123457');
    expect(delivery!.readings[0]).toMatchObject({
      source: 'PYLO',
      vendorReadingId: '864475040123457:pylo-5c1e2f',
      takenAt: new Date('2026-11-02T16:10:00Z'),
      weight: 201.4,
    });
    expect(rejection(() => adaptPylo({ ...pylo, reading_type: 'glucose' })).fields).toHaveProperty(
      'reading_type',
    );
  });

  it('Smart Meter: a value of the kind its reading_type does not name is refused, not stored as a reading', () => {
    expect(rejection(() => adaptSmartMeter({ ...smartMeter, weight_lbs: 190 })).fields).toEqual({
      weight_lbs: 'Expected no weight_lbs in a blood_pressure reading',
    });
    expect(
      rejection(() => adaptSmartMeter({ ...smartMeter, reading_type: 'weight', weight_lbs: 170 })).fields,
    ).toEqual({
      systolic_mmhg: 'Expected no systolic_mmhg in a weight reading',
      diastolic_mmhg: 'Expected no diastolic_mmhg in a weight reading',
      pulse_bpm: 'Expected no pulse_bpm in a weight reading',
    });
    // A kind this format does not name is read by its values.
    expect(adaptSmartMeter({ ...smartMeter, reading_type: 'bp' })[0]!.readings[0]).toMatchObject({
      systolic: 118,
      diastolic: 76,
    });
  });

  it('Pylo and eDevice: a value of the other kind is refused, not dropped with a 200', () => {
    expect(rejection(() => adaptPylo({ ...pylo, reading_type: 'blood_pressure' })).fields).toEqual({
      weight_lbs: 'Expected no weight_lbs in a blood_pressure reading',
    });
    expect(
      rejection(() => adaptPylo({ ...pylo, weight_lbs: null, systolic: 150, diastolic: 95 })).fields,
    ).toEqual({
      systolic: 'Expected no systolic in a weight reading',
      diastolic: 'Expected no diastolic in a weight reading',
    });
    expect(rejection(() => adaptEDevice({ ...eDevice, weightLbs: 182.4 })).fields).toEqual({
      weightLbs: 'Expected no weightLbs in a bp reading',
    });
    expect(rejection(() => adaptEDevice({ ...eDevice, type: 'weight', weightLbs: 182.4 })).fields).toEqual({
      systolic: 'Expected no systolic in a weight reading',
      diastolic: 'Expected no diastolic in a weight reading',
      pulse: 'Expected no pulse in a weight reading',
    });
    // Blank and null are no value.
    expect(adaptPylo({ ...pylo, systolic: '', pulse: null })[0]!.readings).toHaveLength(1);
  });

  it('Pylo, eDevice, Smart Meter and Withings: a cuff that found no pulse (0) keeps its blood pressure; 0 alone stays 0', () => {
    const bp = { systolic: 135, diastolic: 85, pulse: 0 };
    const withings = {
      grpid: 6401,
      attrib: 0,
      date: 1_790_000_000,
      measures: [
        { value: 172, type: 10, unit: 0 },
        { value: 104, type: 9, unit: 0 },
        { value: 0, type: 11, unit: 0 },
      ],
    };
    expect(adaptWithingsGroups([withings], 'AA')[0]!.readings[0]).toMatchObject({
      systolic: 172,
      diastolic: 104,
      heartRate: null,
    });
    expect(
      adaptPylo({ ...pylo, reading_type: 'blood_pressure', weight_lbs: null, ...bp })[0]!.readings[0],
    ).toMatchObject({ systolic: 135, diastolic: 85, heartRate: null });
    expect(adaptEDevice({ ...eDevice, ...bp })[0]!.readings[0]).toMatchObject({
      systolic: 135,
      diastolic: 85,
      heartRate: null,
    });
    const meter = { ...smartMeter, systolic_mmhg: 135, diastolic_mmhg: 85, pulse_bpm: 0, weight_lbs: null };
    expect(adaptSmartMeter(meter)[0]!.readings[0]).toMatchObject({
      systolic: 135,
      diastolic: 85,
      heartRate: null,
    });
    // Without a pressure, a pulse of 0 is a value of its own, which the ranges refuse.
    expect(
      adaptEDevice({ ...eDevice, systolic: null, diastolic: null, pulse: 0 })[0]!.readings[0],
    ).toMatchObject({
      heartRate: 0,
    });
  });

  it('eDevice: found by the Bluetooth address, upper-cased, in whichever notation the hub writes it', () => {
    const [delivery] = adaptEDevice(eDevice);
    expect(delivery!.deviceIdentifier).toBe('A4C1380E1122');
    for (const bluetoothMA of ['A4-C1-38-0E-11-22', 'a4c1380e1122']) {
      expect(adaptEDevice({ ...eDevice, bluetoothMA })[0]!.deviceIdentifier).toBe('A4C1380E1122');
    }
    expect(rejection(() => adaptEDevice({ ...eDevice, bluetoothMA: ':-:' })).fields).toEqual({
      bluetoothMA: 'Expected an identifier',
    });
    expect(delivery!.readings[0]).toMatchObject({
      source: 'EDEVICE',
      vendorReadingId: 'A4C1380E1122:edv-000913',
      systolic: 124,
      diastolic: 79,
      heartRate: 66,
    });
    expect(rejection(() => adaptEDevice({ ...eDevice, measuredAt: 'soon' })).fields).toEqual({
      measuredAt: 'Expected an ISO 8601 date and time',
    });
  });

  it('Pylo and eDevice: only an ISO 8601 time, with its zone, of a day that exists', () => {
    const iso = 'Expected an ISO 8601 date and time';
    // A day past the month's end, a time without its zone, and numbers (no clock of 1970).
    for (const at of ['2026-02-30T00:00:00Z', '2026-11-02T25:00:00Z', '2026-11-02T16:10:00']) {
      expect(rejection(() => adaptPylo({ ...pylo, measured_at: at })).fields).toEqual({ measured_at: iso });
      expect(rejection(() => adaptEDevice({ ...eDevice, measuredAt: at })).fields).toEqual({
        measuredAt: iso,
      });
    }
    for (const at of [0, 1, -1, 1.5, 1793624400]) {
      expect(rejection(() => adaptPylo({ ...pylo, measured_at: at })).fields).toHaveProperty('measured_at');
      expect(rejection(() => adaptEDevice({ ...eDevice, measuredAt: at })).fields).toHaveProperty(
        'measuredAt',
      );
    }
    // The last day of February in a leap year, and an offset: 09:10 at -07:00 is 16:10 UTC.
    const leap = adaptPylo({ ...pylo, measured_at: '2028-02-29T08:00:00Z' });
    expect(leap[0]!.readings[0]!.takenAt).toEqual(new Date('2028-02-29T08:00:00Z'));
    const offset = adaptEDevice({ ...eDevice, measuredAt: '2026-11-02T09:20:00.000-07:00' });
    expect(offset[0]!.readings[0]!.takenAt).toEqual(new Date('2026-11-02T16:20:00Z'));
  });

  it('Smart Meter and Tenovi: an impossible day or a 1970 clock is refused', () => {
    expect(() => adaptSmartMeter({ ...smartMeter, date_recorded: '2026-04-31T10:00:00Z' })).toThrow(AppError);
    expect(() => adaptSmartMeter({ ...smartMeter, date_recorded: 1 })).toThrow(AppError);
    expect(adaptSmartMeter(smartMeter)[0]!.readings[0]!.takenAt).toEqual(new Date('2026-11-02T15:30:00Z'));
    expect(() => adaptTenovi([{ ...tenoviArray[0], timestamp: '2026-13-01T00:00:00Z' }])).toThrow(AppError);
  });

  it('refuses a number past the last date JavaScript knows (8.64e15 ms) as no date, not as a failure', () => {
    for (const timestamp of [8_700_000_000_000_000, '8700000000000000']) {
      expect(rejection(() => adaptTenovi([{ ...tenoviArray[0], timestamp }])).fields).toEqual({
        '0.timestamp': 'Expected a date',
      });
      expect(rejection(() => adaptSmartMeter({ ...smartMeter, date_recorded: timestamp })).fields).toEqual({
        date_recorded: 'Expected a date',
      });
    }
    expect(rejection(() => adaptBodyTrace({ ...bodyTraceScale, ts: 8_700_000_000_000_000 })).fields).toEqual({
      ts: 'Expected milliseconds since the epoch',
    });
  });
});
