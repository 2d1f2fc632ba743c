import type { DeviceBrand } from '@vigil/core';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { demoVendorSecrets } from '../../config.js';
import { devices, patientDevices, patients, readings, unrecognisedDevices } from '../../db/schema/index.js';

/**
 * Helpers of the ingestion API tests: devices paired by inserting rows (the pairing API is another
 * feature's), and webhook deliveries signed with the demo secrets the app accepts outside production.
 */
export type Vendor = 'bodytrace' | 'tenovi' | 'smart-meter' | 'pylo' | 'edevice';

const basic = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

export const vendorHeaders: Record<Vendor, Record<string, string>> = {
  bodytrace: {
    authorization: basic(demoVendorSecrets.bodytrace.user, demoVendorSecrets.bodytrace.password),
  },
  edevice: { authorization: basic(demoVendorSecrets.edevice.user, demoVendorSecrets.edevice.password) },
  tenovi: { authorization: demoVendorSecrets.tenoviSecret },
  'smart-meter': { 'x-api-key': demoVendorSecrets.smartMeterApiKey },
  pylo: { 'x-api-key': demoVendorSecrets.pyloApiKey },
};

export function deliver(
  app: FastifyInstance,
  vendor: Vendor,
  payload: unknown,
  headers: Record<string, string> = vendorHeaders[vendor],
) {
  return app.inject({
    method: 'POST',
    url: `/api/webhooks/${vendor}`,
    payload: payload as object,
    headers,
  });
}

type Db = FastifyInstance['vigil']['database']['db'];

/** A device of the patient's clinic paired with them (or in the state asked for). */
export async function pairDevice(
  db: Db,
  patientId: string,
  brand: DeviceBrand,
  serialNumber: string,
  state: {
    device?: 'active' | 'deactivated';
    pairing?: 'active' | 'disabled' | 'none';
    type?: string;
    vendorUserId?: string;
  } = {},
) {
  const [patient] = await db
    .select({ clinicId: patients.clinicId })
    .from(patients)
    .where(eq(patients.id, patientId));
  const [device] = await db
    .insert(devices)
    .values({
      brand,
      serialNumber: serialNumber.toUpperCase(),
      clinicId: patient!.clinicId,
      status: state.device ?? 'active',
      type: state.type ?? null,
      vendorUserId: state.vendorUserId ?? null,
    })
    .returning();
  if (state.pairing !== 'none') {
    await db.insert(patientDevices).values({
      clinicId: patient!.clinicId,
      patientId,
      deviceId: device!.id,
      status: state.pairing ?? 'active',
      pairedAt: new Date('2026-10-01T00:00:00Z'),
    });
  }
  return device!;
}

export const readingsOf = (db: Db, patientId: string) =>
  db.select().from(readings).where(eq(readings.patientId, patientId)).orderBy(asc(readings.takenAt));

export const deviceRow = async (db: Db, id: string) =>
  (await db.select().from(devices).where(eq(devices.id, id)))[0]!;

export const unrecognisedRow = async (db: Db, source: string, identifier: string) =>
  (
    await db
      .select()
      .from(unrecognisedDevices)
      .where(and(eq(unrecognisedDevices.source, source), eq(unrecognisedDevices.identifier, identifier)))
  )[0];
