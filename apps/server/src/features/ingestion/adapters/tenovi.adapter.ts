import { z } from 'zod';
import type { DeviceDelivery, VendorReading } from '../ingestion.types.js';
import {
  cuffPulse,
  deviceFigure,
  hasValue,
  hundredths,
  identifier,
  instant,
  numeric,
  PartlyMalformedPayload,
  parseOneOrEach,
  whole,
} from './parse-payload.js';

const TenoviMeasurement = z
  .object({
    metric: z.string().trim().min(1),
    /** The device key; `hardware_uuid` is not used, it changes when the gateway is replaced. */
    hwi_device_id: identifier,
    value_1: numeric,
    value_2: numeric,
    timestamp: z
      .union([z.string().trim().min(1), z.number()])
      .refine((v) => instant.safeParse(v).success, 'Expected a date'),
    device_name: z.string().nullish(),
    patient_id: z.unknown().optional(),
    filter_params: z
      .object({
        measurement_index: z
          .union([z.string(), z.number()])
          .transform((v) => String(v).trim())
          .refine((v) => v.length <= 40, 'Expected an index')
          .nullish(),
      })
      .loose()
      .nullish(),
  })
  .loose();

export type TenoviMeasurement = z.input<typeof TenoviMeasurement>;

type Measurement = z.output<typeof TenoviMeasurement>;

const measurementIndex = (m: Measurement) => m.filter_params?.measurement_index ?? '';

/**
 * vendors.md's id of one measurement, `hwi_device_id:metric:timestamp:measurement_index`, with the instant in
 * one notation whichever the payload used: a resend written in seconds, or with '+00:00' for 'Z', is the same
 * measurement, and is stored once.
 */
const vendorId = (m: Measurement, takenAt: Date) =>
  `${m.hwi_device_id}:${m.metric}:${takenAt.toISOString()}:${measurementIndex(m)}`;

/**
 * The id of a blood pressure and its pulse, together or each in its own request: the device, the instant
 * (in one notation, whichever the payload used) and the measurement's index, without the metric, so that
 * the later part finds the reading of the earlier by its unique key (decision 0009).
 */
const cuffReadingId = (m: Measurement, takenAt: Date) =>
  `${m.hwi_device_id}:${takenAt.toISOString()}:${measurementIndex(m)}`;

/**
 * Tenovi (vendors.md): values may be strings; a blood pressure and a pulse of one instant and measurement
 * index are one reading (`cuffReadingId`), also when each comes in its own request (`completes`: the later
 * completes the stored reading, decision 0009); an irregular-heartbeat flag joins them, and
 * `battery_percentage` is the device's battery. Metrics the product does not monitor are ignored. One
 * measurement per request, or an array of them ("Post as Array") read element by element, told apart by the
 * payload's shape rather than a union: a union's error names neither the field nor the problem.
 */
export function adaptTenovi(payload: unknown): DeviceDelivery[] {
  const { parsed, problem } = parseOneOrEach('Tenovi', TenoviMeasurement, payload);
  const deliveries = new Map<string, DeviceDelivery>();
  const instantOf = (m: Measurement) => `${m.hwi_device_id}\u0000${instant.parse(m.timestamp).getTime()}`;

  const byInstant = new Map<string, { m: Measurement; raw: unknown }[]>();
  for (const { value: m, raw } of parsed) {
    let delivery = deliveries.get(m.hwi_device_id);
    if (!delivery) {
      delivery = {
        brand: 'Tenovi',
        source: 'TENOVI',
        deviceIdentifier: m.hwi_device_id,
        readings: [],
        battery: null,
        signal: null,
        // Of an array, the device's own measurements: the whole array kept for each of its devices grew
        // with the square of its length (an unrecognised list of 3,000 devices ran out of memory).
        raw: Array.isArray(payload) ? [] : payload,
      };
      deliveries.set(m.hwi_device_id, delivery);
    }
    if (Array.isArray(delivery.raw)) delivery.raw.push(raw);
    const key = `${instantOf(m)}\u0000${measurementIndex(m)}`;
    byInstant.set(key, [...(byInstant.get(key) ?? []), { m, raw }]);
  }

  const reading = (m: Measurement, raw: unknown): VendorReading => {
    const takenAt = instant.parse(m.timestamp);
    return {
      source: 'TENOVI',
      vendorReadingId: m.metric === 'weight' ? vendorId(m, takenAt) : cuffReadingId(m, takenAt),
      deviceIdentifier: m.hwi_device_id,
      takenAt,
      raw: [raw],
    };
  };
  // The blood pressures of each device and instant, whatever their index, with it.
  const cuffs = new Map<string, { index: string; reading: VendorReading }[]>();
  const groups = [...byInstant.values()].map((group) => {
    const delivery = deliveries.get(group[0]!.m.hwi_device_id)!;
    const bp: VendorReading[] = [];
    const others: VendorReading[] = [];
    for (const { m, raw } of group) {
      if (m.metric === 'blood_pressure') {
        bp.push({
          ...reading(m, raw),
          systolic: whole(m.value_1),
          diastolic: whole(m.value_2),
          completes: true,
        });
      } else if (m.metric === 'weight') {
        others.push({ ...reading(m, raw), weight: hundredths(m.value_1) });
      } else if (m.metric === 'battery_percentage' && m.value_1 !== null) {
        delivery.battery = deviceFigure(m.value_1);
      }
    }
    const atInstant = cuffs.get(instantOf(group[0]!.m)) ?? [];
    atInstant.push(...bp.map((r) => ({ index: measurementIndex(group[0]!.m), reading: r })));
    cuffs.set(instantOf(group[0]!.m), atInstant);
    return { group, delivery, bp, others };
  });

  for (const { group, delivery, bp, others } of groups) {
    for (const { m, raw } of group) {
      if (m.metric !== 'pulse' && m.metric !== 'irregular_heartbeat') continue;
      const lacks = (r: VendorReading) =>
        m.metric === 'pulse' ? r.heartRate === undefined : r.irregular === undefined;
      // Its own measurement's blood pressure; else, when one of the two names no index, the blood pressure
      // of the same instant (vendors.md: a blood pressure and a pulse of one timestamp are one reading).
      const index = measurementIndex(m);
      const partner =
        bp.find(lacks) ??
        cuffs.get(instantOf(m))?.find((c) => (index === '' || c.index === '') && lacks(c.reading))?.reading;
      if (m.metric === 'irregular_heartbeat') {
        if (partner) {
          partner.irregular = Boolean(m.value_1 ?? true);
          (partner.raw as unknown[]).push(raw);
        }
      } else if (partner) {
        partner.heartRate = cuffPulse(m.value_1, partner.systolic ?? null);
        (partner.raw as unknown[]).push(raw);
      } else {
        // Tenovi sends a measurement's parts one a request by default: a pulse of 0 is the cuff that found
        // none, whose blood pressure came on its own, and says nothing more (a heartbeat, not a 422).
        const heartRate = m.value_1 === 0 ? null : whole(m.value_1);
        others.push({ ...reading(m, raw), heartRate, completes: true });
      }
    }
    delivery.readings.push(...bp, ...others);
  }
  for (const delivery of deliveries.values()) {
    delivery.readings = delivery.readings.filter(hasValue);
    for (const r of delivery.readings) {
      r.battery = delivery.battery;
      // A reading from one measurement keeps that measurement as its raw payload, not a list of one.
      if (Array.isArray(r.raw) && r.raw.length === 1) r.raw = r.raw[0];
    }
  }
  if (problem) throw new PartlyMalformedPayload(problem, [...deliveries.values()]);
  return [...deliveries.values()];
}
