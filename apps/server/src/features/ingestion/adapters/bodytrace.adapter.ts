import { gramsPerPound, imeiWithCheckDigit, pascalsPerMmHg } from '@vigil/core';
import { z } from 'zod';
import type { DeviceDelivery } from '../ingestion.types.js';
import {
  cuffPulse,
  deviceFigure,
  epochMilliseconds,
  hasValue,
  hundredths,
  numeric,
  parsePayload,
  whole,
} from './parse-payload.js';

const digits = (most: number) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => /^\d+$/.test(v) && v.length <= most, `Expected up to ${most} digits`);

const BodyTracePayload = z
  .object({
    imei: digits(15).optional(),
    /**
     * The older generation's name: the IMEI without leading zeros and without its check digit, so 14 digits
     * at most (15 would make an identifier no inventory device can have, listed for ever).
     */
    deviceId: digits(14).optional(),
    /** Milliseconds since the epoch, UTC. */
    ts: epochMilliseconds,
    batteryVoltage: numeric,
    signalStrength: numeric,
    rssi: numeric,
    values: z
      .object({
        /** Grams, whatever unit the scale shows. */
        weight: numeric,
        unit: numeric,
        tare: numeric,
        /** Pascals. */
        systolic: numeric,
        diastolic: numeric,
        pulse: numeric,
        irregular: z.union([z.boolean(), z.number(), z.null()]).optional(),
      })
      .loose()
      .nullish(),
  })
  .loose()
  .refine((p) => p.imei !== undefined || p.deviceId !== undefined, {
    message: 'imei or deviceId is required',
    path: ['imei'],
  });
export type BodyTracePayload = z.input<typeof BodyTracePayload>;

/** The 15-digit IMEI of either generation: an older `deviceId` gets its zeros and check digit back. */
export function bodyTraceImei(payload: { imei?: string; deviceId?: string }): string {
  if (payload.imei !== undefined) return payload.imei.padStart(15, '0');
  const body = payload.deviceId!.padStart(14, '0');
  return imeiWithCheckDigit(body);
}

/**
 * BodyTrace: one measurement per request (vendors.md). Weight in grams becomes pounds, pressures in pascals
 * become mmHg, a pulse of 0 is none; `values: {}` is a heartbeat. No event id is sent, so the reading's id is `imei:ts`.
 * Battery comes as millivolts, which says nothing reliable as a percentage: it is left out.
 */
export function adaptBodyTrace(payload: unknown): DeviceDelivery[] {
  const p = parsePayload('BodyTrace', BodyTracePayload, payload);
  const imei = bodyTraceImei(p);
  const v = p.values ?? ({} as NonNullable<typeof p.values>);
  const measured = {
    systolic: v.systolic == null ? null : whole(v.systolic / pascalsPerMmHg),
    diastolic: v.diastolic == null ? null : whole(v.diastolic / pascalsPerMmHg),
    heartRate: cuffPulse(v.pulse ?? null, v.systolic ?? null),
    weight: v.weight == null ? null : hundredths(v.weight / gramsPerPound),
  };
  const signal = p.signalStrength ?? p.rssi ?? null;
  return [
    {
      brand: 'BODYTRACE',
      source: 'BODYTRACE',
      deviceIdentifier: imei,
      readings: hasValue(measured)
        ? [
            {
              source: 'BODYTRACE',
              vendorReadingId: `${imei}:${p.ts.getTime()}`,
              deviceIdentifier: imei,
              takenAt: p.ts,
              ...measured,
              irregular: v.irregular == null ? null : Boolean(v.irregular),
              signal,
              raw: payload,
            },
          ]
        : [],
      battery: null,
      signal: deviceFigure(signal),
      raw: payload,
    },
  ];
}
