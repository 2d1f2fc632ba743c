import { type DeviceBrand, defaultCustomAlerts, normaliseSerialNumber } from '@vigil/core';
import { and, asc, eq } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { demoVendorSecrets } from '../../config.js';
import {
  clinics,
  devices,
  patientDevices,
  patients,
  readings,
  unrecognisedDevices,
  users,
} from '../../db/schema/index.js';
import { type FakeVendorOptions, fakeVendors } from '../../integrations/vendors/fake-vendors.js';
import { demoWebhookHeaders } from '../../simulator/wire-formats.js';
import { asUser, createTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { createAuditService } from '../audit/audit.service.js';
import { hashPassword } from '../auth/secrets.js';
import { refreshPatientMetrics } from '../patients/patient-metrics.service.js';
import { createIngestionService } from './ingestion.service.js';
import { createVendorPullService } from './vendor-pulls.service.js';
import { activateWithingsDevice } from './withings-devices.service.js';

/**
 * Helpers of the ingestion API tests: devices paired by inserting rows (the pairing API is another
 * feature's), and webhook deliveries signed with the demo secrets the app accepts outside production.
 */
export type Vendor = 'bodytrace' | 'tenovi' | 'smart-meter' | 'pylo' | 'edevice';

/** The demo secrets the app accepts outside production, as the simulator sends them. */
export const vendorHeaders: Record<Vendor, Record<string, string>> = {
  bodytrace: demoWebhookHeaders.BODYTRACE,
  edevice: demoWebhookHeaders.EDEVICE,
  tenovi: demoWebhookHeaders.Tenovi,
  'smart-meter': demoWebhookHeaders['Smart Meter'],
  pylo: demoWebhookHeaders.Pylo,
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
      serialNumber: normaliseSerialNumber(brand, serialNumber),
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

/** The dev fakes on a port of their own, as the vendors' APIs would be. */
export async function startFakeVendors(options: FakeVendorOptions = {}) {
  const fake = Fastify();
  await fake.register(fakeVendors, {
    withings: {
      clientId: demoVendorSecrets.withingsClientId,
      clientSecret: demoVendorSecrets.withingsClientSecret,
    },
    smartMeter: { apiKey: demoVendorSecrets.smartMeterApiKey },
    ...options,
  });
  await fake.listen({ port: 0, host: '127.0.0.1' });
  const address = fake.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  const post = async (path: string, payload: unknown) => {
    const res = await fake.inject({ method: 'POST', url: path, payload: payload as object });
    if (res.statusCode !== 200) throw new Error(`fake ${path}: ${res.statusCode} ${res.body}`);
  };
  return {
    fake,
    withingsUrl: `${url}/withings`,
    smartMeterUrl: `${url}/smart-meter`,
    /** Measure groups a Withings user's devices took. */
    addWithingsGroups: (userid: string, measuregrps: unknown[]) =>
      post('/withings/measures', { userid, measuregrps }),
    addSmartMeterReadings: (list: unknown[]) => post('/smart-meter/readings', { readings: list }),
    close: () => fake.close(),
  };
}

const password = 'Vendor!Pass1';

/**
 * An app pointed at the fakes, with two clinics, a physician in each, and nothing else (no demo seed):
 * the patient fixtures cannot take the vendor URLs.
 */
export async function createVendorWorld(env: Record<string, string>, options: { jobs?: boolean } = {}) {
  const t: TestApp = await createTestApp({ env: { SEED_DEMO: 'false', ...env }, jobs: options.jobs });
  const db = t.app.vigil.database.db;
  const clinic = (name: string) => ({
    name,
    address: '1 Main St',
    slug: name.toLowerCase().replace(/\s+/g, '-'),
    customAlerts: [...defaultCustomAlerts],
  });
  const [east, west] = await db
    .insert(clinics)
    .values([clinic('East Clinic'), clinic('West Clinic')])
    .returning();
  const passwordHash = await hashPassword(password);
  const physician = (email: string, clinicId: string) => ({
    email,
    firstName: 'Vendor',
    lastName: 'Fixture',
    phone: '5035550100',
    roleType: 'PHYSICIAN' as const,
    access: 'USER' as const,
    portal: 'CLINIC' as const,
    clinicId,
    passwordHash,
  });
  await db
    .insert(users)
    .values([physician('east@vendor.test', east!.id), physician('west@vendor.test', west!.id)]);
  const eastToken = await signIn(t.app, 'east@vendor.test', password);
  const westToken = await signIn(t.app, 'west@vendor.test', password);
  const vendors = t.app.vigil.config.vendors;
  const deps = { db, clock: t.clock };
  const audit = createAuditService(deps);
  const ingestion = createIngestionService({ ...deps, readings: t.app.vigil.readings });
  /** What the pull service below logged. */
  const pullLog: { entry: object; message: string }[] = [];
  return {
    t,
    db,
    eastClinicId: east!.id,
    east: asUser(t.app, eastToken),
    west: asUser(t.app, westToken),
    /** The pull service as the app builds it, for the job's handler. */
    pulls: createVendorPullService({
      ...deps,
      audit,
      ingestion,
      withings: { vendors, clock: t.clock },
      smartMeter: vendors.smartMeter,
      log: {
        warn: (entry: object, message: string) => {
          pullLog.push({ entry, message });
        },
      },
    }),
    pullLog,
    withingsDeps: { vendors, clock: t.clock },
    /** Activates a Withings device with the fake, as its pairing does, and stores its tokens: its user id. */
    async activate(device: { id: string; serialNumber: string }): Promise<string> {
      const activated = await activateWithingsDevice({ vendors, clock: t.clock }, device);
      await activated.store(db, device.id);
      return activated.userId;
    },
    async addPatient(lastName: string): Promise<string> {
      const [row] = await db
        .insert(patients)
        .values({
          clinicId: east!.id,
          firstName: 'Pulled',
          lastName,
          enrolled: true,
          everEnrolled: true,
          active: true,
          enrolledAt: new Date(t.clock.now().getTime() - 60 * 86_400_000),
        })
        .returning();
      await refreshPatientMetrics(db, row!.id, t.clock.now());
      return row!.id;
    },
    close: () => t.close(),
  };
}
