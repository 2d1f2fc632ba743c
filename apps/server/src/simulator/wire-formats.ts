import {
  type DeviceBrand,
  deviceBrandSource,
  gramsPerPound,
  pascalsPerMmHg,
  poundsPerKilogram,
  webhookPaths,
  withingsMeasureTypes,
} from '@vigil/core';
import { demoVendorSecrets } from '../config.js';

/**
 * Each vendor's wire format (vendors.md), built from a measurement the way the vendor would send it: the
 * simulator posts these to the webhooks, and the demo seed passes them through the same adapters
 * in-process, so a seeded reading carries a real vendor id and raw payload.
 */

/** A measurement in the product's units; no value at all is a heartbeat. */
export interface Measurement {
  takenAt: Date;
  systolic?: number | null;
  diastolic?: number | null;
  heartRate?: number | null;
  weightLbs?: number | null;
  /** Percent. */
  battery?: number | null;
  /** Distinguishes two measurements of one device in one second (Tenovi, Pylo, eDevice, Smart Meter ids). */
  sequence: number;
}

/** What the simulator needs to know of a device. */
export interface WireDevice {
  brand: DeviceBrand;
  serialNumber: string;
  hubSerialNumber?: string | null;
  /** Withings: the vendor's user the device was activated for. */
  vendorUserId?: string | null;
}

/** One webhook delivery: where, with which headers, and the body (JSON, or form fields for Withings). */
export interface WireRequest {
  path: string;
  headers: Record<string, string>;
  body: unknown;
  form?: Record<string, string>;
}

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

/** The demo credentials each webhook accepts outside production (config.ts `demoVendorSecrets`). */
export const demoWebhookHeaders: Record<DeviceBrand, Record<string, string>> = {
  BODYTRACE: {
    authorization: basic(demoVendorSecrets.bodytrace.user, demoVendorSecrets.bodytrace.password),
  },
  EDEVICE: { authorization: basic(demoVendorSecrets.edevice.user, demoVendorSecrets.edevice.password) },
  Tenovi: { authorization: demoVendorSecrets.tenoviSecret },
  'Smart Meter': { 'x-api-key': demoVendorSecrets.smartMeterApiKey },
  Pylo: { 'x-api-key': demoVendorSecrets.pyloApiKey },
  Withings: {},
};

const isBloodPressure = (m: Measurement) => m.systolic != null || m.diastolic != null;
const isWeight = (m: Measurement) => m.weightLbs != null;
const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
const idPart = (m: Measurement) => `${m.takenAt.getTime()}-${m.sequence}`;

/** The IMEI as the older BodyTrace generation sends it: no leading zeros, no final check digit. */
export const legacyBodyTraceDeviceId = (imei: string) => imei.slice(0, -1).replace(/^0+/, '');

/**
 * BodyTrace: grams and pascals, `ts` in milliseconds; the older generation names the device `deviceId`
 * and the signal `rssi`.
 */
export function bodyTracePayload(device: WireDevice, m: Measurement, legacy = false) {
  const values: Record<string, number | boolean> = {};
  if (isWeight(m))
    Object.assign(values, { weight: Math.round(m.weightLbs! * gramsPerPound), unit: 1, tare: 0 });
  if (isBloodPressure(m)) {
    Object.assign(values, {
      systolic: Math.round(m.systolic! * pascalsPerMmHg),
      diastolic: Math.round(m.diastolic! * pascalsPerMmHg),
      pulse: m.heartRate ?? 0,
      irregular: false,
    });
  }
  const battery = 4800 + Math.round((m.battery ?? 80) * 8);
  return legacy
    ? {
        deviceId: legacyBodyTraceDeviceId(device.serialNumber),
        ts: m.takenAt.getTime(),
        batteryVoltage: battery,
        rssi: 78,
        values,
      }
    : {
        imei: device.serialNumber,
        ts: m.takenAt.getTime(),
        batteryVoltage: battery,
        signalStrength: 91,
        values,
      };
}

/** A Withings measure group of a `getmeas` answer (value × 10^unit; weight in kg). */
export function withingsMeasureGroup(device: WireDevice, m: Measurement, grpid: number) {
  const measures: { value: number; type: number; unit: number }[] = [];
  if (isWeight(m))
    measures.push({
      value: Math.round((m.weightLbs! / poundsPerKilogram) * 1000),
      type: withingsMeasureTypes.weight,
      unit: -3,
    });
  if (isBloodPressure(m)) {
    measures.push(
      { value: m.diastolic!, type: withingsMeasureTypes.diastolic, unit: 0 },
      { value: m.systolic!, type: withingsMeasureTypes.systolic, unit: 0 },
    );
    if (m.heartRate != null) measures.push({ value: m.heartRate, type: withingsMeasureTypes.pulse, unit: 0 });
  }
  const date = seconds(m.takenAt);
  return {
    grpid,
    attrib: 0,
    date,
    created: date,
    modified: date,
    category: 1,
    deviceid: device.serialNumber,
    measures,
  };
}

/** The Withings notification for a measurement: it carries no value, only the user and the period. */
export function withingsNotification(device: WireDevice, m: Measurement): Record<string, string> {
  const date = seconds(m.takenAt);
  return {
    userid: device.vendorUserId ?? '',
    appli: isWeight(m) ? '1' : '4',
    startdate: String(date - 1),
    enddate: String(date + 1),
  };
}

/**
 * Tenovi: values as strings; blood pressure and pulse of one measurement share a timestamp (sent as an
 * array); a battery report alone is a heartbeat.
 */
export function tenoviPayload(device: WireDevice, m: Measurement) {
  const base = {
    hwi_device_id: device.serialNumber,
    patient_id: `vigil-${device.serialNumber}`,
    device_name: isWeight(m) ? 'Tenovi Scale' : 'Tenovi BPM',
    sensor_code: isWeight(m) ? '11' : '10',
    timestamp: m.takenAt.toISOString(),
    created: m.takenAt.toISOString(),
    timezone_offset: 0,
    filter_params: { measurement_index: m.sequence },
  };
  const entries: Record<string, unknown>[] = [];
  if (isBloodPressure(m)) {
    entries.push({
      ...base,
      metric: 'blood_pressure',
      value_1: String(m.systolic),
      value_2: String(m.diastolic),
    });
    if (m.heartRate != null)
      entries.push({ ...base, metric: 'pulse', value_1: String(m.heartRate), value_2: null });
  }
  if (isWeight(m)) entries.push({ ...base, metric: 'weight', value_1: String(m.weightLbs), value_2: null });
  if (entries.length === 0)
    entries.push({ ...base, metric: 'battery_percentage', value_1: String(m.battery ?? 80), value_2: null });
  return entries;
}

/** Smart Meter (ours): the pull API's reading fields plus `imei`. */
export function smartMeterPayload(device: WireDevice, m: Measurement) {
  return {
    reading_id: `sm-${device.serialNumber}-${idPart(m)}`,
    patient_id: `vigil-${device.serialNumber}`,
    imei: device.serialNumber,
    device_id: device.serialNumber,
    date_recorded: m.takenAt.toISOString(),
    reading_type: isWeight(m) ? 'weight' : 'blood_pressure',
    systolic_mmhg: m.systolic ?? null,
    diastolic_mmhg: m.diastolic ?? null,
    pulse_bpm: m.heartRate ?? null,
    weight_lbs: m.weightLbs ?? null,
    is_flagged: false,
  };
}

/** Pylo (ours). */
export function pyloPayload(device: WireDevice, m: Measurement) {
  return {
    id: `pylo-${device.serialNumber}-${idPart(m)}`,
    imei: device.serialNumber,
    reading_type: isWeight(m) ? 'weight' : 'blood_pressure',
    systolic: m.systolic ?? null,
    diastolic: m.diastolic ?? null,
    pulse: m.heartRate ?? null,
    weight_lbs: m.weightLbs ?? null,
    measured_at: m.takenAt.toISOString(),
  };
}

/** eDevice (ours): the hub forwards its Bluetooth device's measurement. */
export function eDevicePayload(device: WireDevice, m: Measurement) {
  return {
    hubSerialNumber: device.hubSerialNumber ?? '',
    bluetoothMA: device.serialNumber,
    id: `edv-${device.serialNumber}-${idPart(m)}`,
    type: isWeight(m) ? 'weight' : 'bp',
    systolic: m.systolic ?? null,
    diastolic: m.diastolic ?? null,
    pulse: m.heartRate ?? null,
    weightLbs: m.weightLbs ?? null,
    measuredAt: m.takenAt.toISOString(),
  };
}

/** The push delivery of a measurement to its brand's webhook (Withings is a notification, see above). */
export function webhookRequest(
  device: WireDevice,
  m: Measurement,
  options: { legacy?: boolean } = {},
): WireRequest {
  const path = `/api/webhooks/${webhookPaths[deviceBrandSource[device.brand]]}`;
  const headers = demoWebhookHeaders[device.brand];
  switch (device.brand) {
    case 'BODYTRACE':
      return { path, headers, body: bodyTracePayload(device, m, options.legacy) };
    case 'Tenovi':
      return { path, headers, body: tenoviPayload(device, m) };
    case 'Smart Meter':
      return { path, headers, body: smartMeterPayload(device, m) };
    case 'Pylo':
      return { path, headers, body: pyloPayload(device, m) };
    case 'EDEVICE':
      return { path, headers, body: eDevicePayload(device, m) };
    case 'Withings':
      return { path, headers, body: null, form: withingsNotification(device, m) };
  }
}
