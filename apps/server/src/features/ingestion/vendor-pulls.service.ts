import {
  AppError,
  type DeviceBrand,
  type DeviceSource,
  errorMessages,
  readingMaxAgeMs,
  toasts,
  upperCaseIdentifier,
  withingsMeasureTypes,
} from '@vigil/core';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import {
  createSmartMeterClient,
  type SmartMeterApiConfig,
} from '../../integrations/vendors/smart-meter.client.js';
import { VendorUnavailableError } from '../../integrations/vendors/vendor-error.js';
import { createWithingsClient } from '../../integrations/vendors/withings.client.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { patientScope } from '../patients/patient-scope.js';
import { adaptSmartMeter } from './adapters/smart-meter.adapter.js';
import { adaptWithingsGroups } from './adapters/withings.adapter.js';
import { createIngestionRepository, type WithingsDeviceRow } from './ingestion.repository.js';
import type { IngestionService } from './ingestion.service.js';
import type { DeviceDelivery } from './ingestion.types.js';
import { type WithingsDeps, withingsAccessToken } from './withings-devices.service.js';

/** A Withings notification (form fields `userid`, `appli`, `startdate`, `enddate`, Unix seconds). */
export interface WithingsNotification {
  userid: string;
  appli: number | null;
  startdate: number;
  enddate: number;
}

export interface PullTotals {
  /** Readings stored; by a patient's sync, those stored on that patient. */
  stored: number;
  duplicates: number;
  /**
   * Readings the adapter could not read or the ingestion refused (out of range, in the future): skipped so
   * the others still land.
   */
  refused: number;
}

/** How far back a manual sync pulls (decision 0009). */
const syncDays = 30;
const pullableBrands: readonly DeviceBrand[] = ['Withings', 'Smart Meter'];

const bpTypes = new Set<number>([
  withingsMeasureTypes.systolic,
  withingsMeasureTypes.diastolic,
  withingsMeasureTypes.pulse,
]);

/**
 * The device of a Withings user a measure group belongs to: a user activated with a scale and a monitor
 * has both; a group of pressures goes to the monitor, a weight to the scale, else to the first.
 */
function deviceOfGroup(group: unknown, devices: readonly WithingsDeviceRow[]): WithingsDeviceRow {
  const measures = (group as { measures?: { type?: number }[] }).measures ?? [];
  const wanted = measures.some((m) => bpTypes.has(m.type ?? -1)) ? 'Blood Pressure Monitor' : 'Scale';
  return devices.find((d) => d.type === wanted) ?? devices[0]!;
}

/**
 * The vendors the product pulls from (Withings `getmeas`, Smart Meter's readings API), for the Withings
 * notification job and a patient's manual sync. Every pulled reading goes through the ingestion service,
 * one at a time, so one refused reading does not hold back the rest of a month.
 */
export function createVendorPullService(deps: {
  db: Db;
  clock: Clock;
  audit: AuditService;
  ingestion: IngestionService;
  withings: WithingsDeps;
  smartMeter: SmartMeterApiConfig;
  /** Where a refused pulled reading is logged, as a webhook's is (vendors.md: rejected and logged). */
  log: { warn(entry: object, message: string): void };
}) {
  const repo = createIngestionRepository(deps.db);

  /**
   * Ingests pulled items (Withings groups, Smart Meter readings) one at a time: an item its adapter cannot
   * read (400) or a reading the ingestion refuses (422) is counted and skipped, so it does not hold back
   * the rest, nor every later pull of the same range. With `patientId` (a patient's sync), only the readings
   * stored on that patient count as stored: a device's late reading can belong to an earlier patient, maybe
   * of another clinic, whose readings are not the syncing user's to count.
   */
  async function ingestEach(
    source: DeviceSource,
    items: readonly unknown[],
    adapt: (item: unknown) => DeviceDelivery[],
    totals: PullTotals,
    patientId?: string,
  ) {
    const skipped = (error: unknown, code: AppError['code']) => {
      if (!(error instanceof AppError && error.code === code)) throw error;
      totals.refused += 1;
      // The fields only: no identifier, value or patient reaches the log.
      deps.log.warn({ source, fields: Object.keys(error.fields ?? {}) }, 'pulled reading refused');
    };
    for (const item of items) {
      let deliveries: DeviceDelivery[];
      try {
        deliveries = adapt(item);
      } catch (error) {
        skipped(error, 'VALIDATION');
        continue;
      }
      for (const delivery of deliveries) {
        for (const reading of delivery.readings) {
          try {
            const outcome = await deps.ingestion.ingest([{ ...delivery, readings: [reading], pulled: true }]);
            totals.stored += patientId
              ? outcome.storedFor.filter((id) => id === patientId).length
              : outcome.stored;
            totals.duplicates += outcome.duplicates;
          } catch (error) {
            skipped(error, 'UNPROCESSABLE');
          }
        }
      }
    }
  }

  /** Pulls one Withings user's groups in a range and ingests them on that user's devices. */
  async function pullWithingsUser(
    devices: readonly WithingsDeviceRow[],
    range: { startdate: number; enddate: number },
    totals: PullTotals,
    patientId?: string,
  ) {
    const device = devices.find((d) => d.vendorAccessToken) ?? devices[0];
    if (!device) return;
    const ids = devices.map((d) => d.id);
    const client = createWithingsClient(deps.withings.vendors.withings, deps.withings.fetch);
    let token = await withingsAccessToken(deps.withings, deps.db, device, ids);
    // A device paired before it could be activated has no tokens: nothing can be pulled for it.
    if (!token) return;
    let groups: unknown[];
    try {
      groups = await client.getMeasures(token, range);
    } catch (error) {
      // A token Withings revoked before its time: refreshed once, then the pull is retried.
      if (!(error instanceof VendorUnavailableError && error.vendorStatus === 401)) throw error;
      token = await withingsAccessToken(
        deps.withings,
        deps.db,
        { ...device, vendorTokenExpiresAt: null },
        ids,
      );
      groups = token ? await client.getMeasures(token, range) : [];
    }
    for (const d of devices) {
      const own = groups.filter((g) => deviceOfGroup(g, devices).id === d.id);
      await ingestEach('WITHINGS', own, (g) => adaptWithingsGroups([g], d.serialNumber), totals, patientId);
    }
  }

  return {
    /**
     * Handles a Withings notification: the devices of that Withings user are pulled for the range it names.
     * An unknown user was already counted when the notification arrived; nothing is done here.
     */
    async pullWithingsNotification(n: WithingsNotification): Promise<PullTotals> {
      const totals: PullTotals = { stored: 0, duplicates: 0, refused: 0 };
      const devices = await repo.findWithingsDevicesByUserId(n.userid);
      // Readings over a year old are refused, so a range reaching further back (a notification carries no
      // signature; `startdate=0` asks for every measure since 1970) is pulled from a year ago only.
      const oldest = Math.ceil((deps.clock.now().getTime() - readingMaxAgeMs) / 1000);
      const startdate = Math.max(n.startdate, oldest);
      if (startdate > n.enddate) return totals;
      await pullWithingsUser(devices, { startdate, enddate: n.enddate }, totals);
      return totals;
    },

    /** Whether a Withings user id names devices of the inventory; an unknown one is counted as unrecognised. */
    async recogniseWithingsUser(userId: string, payload: unknown): Promise<boolean> {
      if ((await repo.findWithingsDevicesByUserId(userId)).length > 0) return true;
      await repo.upsertUnrecognised(
        {
          source: 'WITHINGS',
          identifier: userId,
          reason: 'unknownWithingsUser',
          deviceId: null,
          clinicId: null,
          payload,
          type: null,
          hubSerialNumber: null,
        },
        deps.clock.now(),
      );
      return false;
    },

    /**
     * GET /pacients/{id}/sync: the last 30 days of the patient's active Withings and Smart Meter devices,
     * through the ingestion path. Answers the readings that were new, those its vendor sent that could not be
     * stored (out of range, in the future or unreadable), which staff must know of, and the vendors that
     * could not be reached. Each vendor (each Withings user) is pulled on its own: one that fails costs the
     * others nothing; when every one fails, the first failure is the answer (502).
     */
    async syncPatient(
      actor: AuthUser,
      patientId: string,
      ip: string | null,
    ): Promise<{ message: string; newReadings: number; refused: number; unreachable: DeviceBrand[] }> {
      const patient = await repo.findPatientInScope(patientScope(actor), patientId);
      if (!patient) throw new AppError('NOT_FOUND', errorMessages.notFound);
      const devices = await repo.findPairedDevices(patient.id, pullableBrands);
      const now = deps.clock.now();
      const start = new Date(now.getTime() - syncDays * 86_400_000);
      const totals: PullTotals = { stored: 0, duplicates: 0, refused: 0 };

      const withingsUsers = new Map<string, WithingsDeviceRow[]>();
      for (const d of devices.filter((x) => x.brand === 'Withings')) {
        const key = d.vendorUserId ?? d.id;
        withingsUsers.set(key, [...(withingsUsers.get(key) ?? []), d]);
      }
      const pulls: { brand: DeviceBrand; pull: () => Promise<void> }[] = [];
      for (const userDevices of withingsUsers.values()) {
        pulls.push({
          brand: 'Withings',
          pull: () =>
            pullWithingsUser(
              userDevices,
              { startdate: Math.floor(start.getTime() / 1000), enddate: Math.floor(now.getTime() / 1000) },
              totals,
              patient.id,
            ),
        });
      }
      const meters = devices.filter((x) => x.brand === 'Smart Meter');
      if (meters.length) {
        pulls.push({
          brand: 'Smart Meter',
          pull: async () => {
            const client = createSmartMeterClient(deps.smartMeter);
            const pulled = await client.readings(await client.token(), { start, end: now });
            const serials = new Set(meters.map((m) => m.serialNumber));
            const own = pulled.filter((r) => {
              const id = (r as { imei?: unknown; device_id?: unknown }) ?? {};
              return serials.has(upperCaseIdentifier(String(id.imei ?? id.device_id ?? '')));
            });
            await ingestEach('SMART_METER', own, adaptSmartMeter, totals, patient.id);
          },
        });
      }
      const failures: { brand: DeviceBrand; error: VendorUnavailableError }[] = [];
      for (const { brand, pull } of pulls) {
        try {
          await pull();
        } catch (error) {
          if (!(error instanceof VendorUnavailableError)) throw error;
          failures.push({ brand, error });
        }
      }
      if (failures.length > 0 && failures.length === pulls.length) throw failures[0]!.error;
      const unreachable = [...new Set(failures.map((f) => f.brand))];

      await deps.audit.record(deps.db, {
        actorUserId: actor.id,
        clinicId: patient.clinicId,
        patientId: patient.id,
        action: 'readings.synced',
        message: `Synced the readings of the last ${syncDays} days from the patient's devices (${totals.stored} new)`,
        details: {
          newReadings: totals.stored,
          duplicates: totals.duplicates,
          refused: totals.refused,
          ...(unreachable.length > 0 && { unreachable }),
        },
        ip,
      });
      return {
        message: toasts.readingsSynced,
        newReadings: totals.stored,
        refused: totals.refused,
        unreachable,
      };
    },
  };
}

export type VendorPullService = ReturnType<typeof createVendorPullService>;
