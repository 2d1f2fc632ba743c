import type { DeviceBrand, DeviceType, UnrecognisedReason } from '@vigil/core';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { clinics, devices, patientDevices, patients, unrecognisedDevices } from '../../db/schema/index.js';
import { isUuid } from '../../db/uuid.js';
import { type PatientScope, scopeCondition } from '../patients/patient-scope.js';

/** An inventory device as a delivery needs it: its state, its current pairing and that patient's clinic. */
export interface DeliveryTarget {
  deviceId: string;
  deviceStatus: 'active' | 'deactivated';
  deviceClinicId: string | null;
  pairingStatus: 'active' | 'disabled' | null;
  patientId: string | null;
  patientClinicId: string | null;
  clinicActive: boolean | null;
}

export interface UnrecognisedDelivery {
  source: string;
  identifier: string;
  reason: UnrecognisedReason;
  deviceId: string | null;
  clinicId: string | null;
  payload: unknown;
}

/** A Withings device with its (encrypted) tokens. */
export interface WithingsDeviceRow {
  id: string;
  serialNumber: string;
  type: string | null;
  vendorUserId: string | null;
  vendorAccessToken: string | null;
  vendorRefreshToken: string | null;
  vendorTokenExpiresAt: Date | null;
}

/** A device of a patient's active pairing whose vendor can be pulled. */
export interface PullableDevice extends WithingsDeviceRow {
  brand: DeviceBrand;
}

const withingsFields = {
  id: devices.id,
  serialNumber: devices.serialNumber,
  type: devices.type,
  vendorUserId: devices.vendorUserId,
  vendorAccessToken: devices.vendorAccessToken,
  vendorRefreshToken: devices.vendorRefreshToken,
  vendorTokenExpiresAt: devices.vendorTokenExpiresAt,
};

export function createIngestionRepository(db: DbOrTx) {
  return {
    /**
     * The device of this brand and serial number among devices not deleted, with its current pairing (not
     * deleted) and the clinic of that pairing's patient, in one query; undefined for an unknown device.
     */
    async findDeliveryTarget(brand: DeviceBrand, serialNumber: string): Promise<DeliveryTarget | undefined> {
      const [row] = await db
        .select({
          deviceId: devices.id,
          deviceStatus: devices.status,
          deviceClinicId: devices.clinicId,
          pairingStatus: patientDevices.status,
          patientId: patientDevices.patientId,
          patientClinicId: patients.clinicId,
          clinicActive: clinics.active,
        })
        .from(devices)
        .leftJoin(
          patientDevices,
          and(eq(patientDevices.deviceId, devices.id), isNull(patientDevices.deletedAt)),
        )
        .leftJoin(patients, eq(patients.id, patientDevices.patientId))
        .leftJoin(clinics, eq(clinics.id, patients.clinicId))
        .where(
          and(eq(devices.brand, brand), eq(devices.serialNumber, serialNumber), isNull(devices.deletedAt)),
        )
        .limit(1);
      return row;
    },

    /** Counts a delivery that could not be put on a patient: one row per source, identifier and reason. */
    async upsertUnrecognised(d: UnrecognisedDelivery, now: Date): Promise<void> {
      const payload = d.payload === undefined ? null : d.payload;
      await db
        .insert(unrecognisedDevices)
        .values({
          source: d.source,
          identifier: d.identifier,
          reason: d.reason,
          deviceId: d.deviceId,
          clinicId: d.clinicId,
          firstSeenAt: now,
          lastSeenAt: now,
          count: 1,
          lastPayload: payload,
        })
        .onConflictDoUpdate({
          target: [unrecognisedDevices.source, unrecognisedDevices.identifier, unrecognisedDevices.reason],
          set: {
            count: sql`${unrecognisedDevices.count} + 1`,
            lastSeenAt: now,
            lastPayload: payload,
            deviceId: d.deviceId,
            clinicId: d.clinicId,
          },
        });
    },

    /**
     * Marks a device seen (a heartbeat or a reading). A reading also marks it connected, and tells a device
     * of unknown type what it is. Battery and signal keep their last known value when the payload has none.
     */
    async markSeen(
      deviceId: string,
      seen: {
        at: Date;
        connected: boolean;
        battery: number | null;
        signal: number | null;
        type: DeviceType | null;
      },
    ): Promise<void> {
      await db
        .update(devices)
        .set({
          lastSeenAt: seen.at,
          ...(seen.connected ? { lastConnectedAt: seen.at } : {}),
          ...(seen.battery !== null ? { battery: seen.battery } : {}),
          ...(seen.signal !== null ? { signal: seen.signal } : {}),
          ...(seen.type ? { type: sql`coalesce(${devices.type}, ${seen.type})` } : {}),
        })
        .where(eq(devices.id, deviceId));
    },

    /** The Withings devices, not deleted, activated for a Withings user. */
    findWithingsDevicesByUserId(userId: string): Promise<WithingsDeviceRow[]> {
      return db
        .select(withingsFields)
        .from(devices)
        .where(
          and(eq(devices.brand, 'Withings'), eq(devices.vendorUserId, userId), isNull(devices.deletedAt)),
        )
        .orderBy(asc(devices.createdAt));
    },

    /** Stores a Withings user and its tokens (already encrypted) on devices. */
    async updateVendorTokens(
      deviceIds: readonly string[],
      tokens: { userId: string; accessToken: string; refreshToken: string; expiresAt: Date },
      now: Date,
    ): Promise<void> {
      if (deviceIds.length === 0) return;
      await db
        .update(devices)
        .set({
          vendorUserId: tokens.userId,
          vendorAccessToken: tokens.accessToken,
          vendorRefreshToken: tokens.refreshToken,
          vendorTokenExpiresAt: tokens.expiresAt,
          updatedAt: now,
        })
        .where(inArray(devices.id, [...deviceIds]));
    },

    /**
     * Whether the patient is inside the scope, with their clinic; undefined when not (a 404 for the caller).
     */
    async findPatientInScope(
      scope: PatientScope,
      patientId: string,
    ): Promise<{ id: string; clinicId: string } | undefined> {
      if (!isUuid(patientId)) return undefined;
      const [row] = await db
        .select({ id: patients.id, clinicId: patients.clinicId })
        .from(patients)
        .where(and(eq(patients.id, patientId), scopeCondition(scope)));
      return row;
    },

    /** The patient's active pairings of active devices of these brands. */
    findPairedDevices(patientId: string, brands: readonly DeviceBrand[]): Promise<PullableDevice[]> {
      return db
        .select({ ...withingsFields, brand: sql<DeviceBrand>`${devices.brand}` })
        .from(patientDevices)
        .innerJoin(devices, eq(devices.id, patientDevices.deviceId))
        .where(
          and(
            eq(patientDevices.patientId, patientId),
            eq(patientDevices.status, 'active'),
            isNull(patientDevices.deletedAt),
            eq(devices.status, 'active'),
            isNull(devices.deletedAt),
            inArray(devices.brand, [...brands]),
          ),
        )
        .orderBy(asc(devices.createdAt));
    },
  };
}

export type IngestionRepository = ReturnType<typeof createIngestionRepository>;
