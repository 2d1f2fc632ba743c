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

/** What a delivery tells of its device: when, whether with a reading, its battery, signal and type. */
export interface DeviceSeen {
  at: Date;
  connected: boolean;
  battery: number | null;
  signal: number | null;
  type: DeviceType | null;
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
     * deleted) and the clinic of that pairing's patient; undefined for an unknown device. In the same
     * statement, a device that takes readings (active, paired, of an active clinic: what the service's
     * `setAsideReason` accepts) is marked seen: its last-seen time, with a reading its last-connected time,
     * the battery and signal it reported (else the last known), and the type its readings show when unknown.
     */
    async findDeliveryTargetMarkingSeen(
      brand: DeviceBrand,
      serialNumber: string,
      seen: DeviceSeen,
    ): Promise<DeliveryTarget | undefined> {
      const at = sql`${seen.at.toISOString()}::timestamptz`;
      type TargetRow = {
        device_id: string;
        device_status: 'active' | 'deactivated';
        device_clinic_id: string | null;
        pairing_status: 'active' | 'disabled' | null;
        patient_id: string | null;
        patient_clinic_id: string | null;
        clinic_active: boolean | null;
      };
      // Both drivers answer raw rows as `{ rows }`.
      const result = (await db.execute(sql`
        with target as (
          select d.id as device_id, d.status as device_status, d.clinic_id as device_clinic_id,
            pd.status as pairing_status, pd.patient_id, p.clinic_id as patient_clinic_id,
            c.active as clinic_active
          from ${devices} d
          left join ${patientDevices} pd on pd.device_id = d.id and pd.deleted_at is null
          left join ${patients} p on p.id = pd.patient_id
          left join ${clinics} c on c.id = p.clinic_id
          where d.brand = ${brand} and d.serial_number = ${serialNumber} and d.deleted_at is null
          limit 1
        ), seen as (
          update ${devices} set
            last_seen_at = ${at},
            last_connected_at = ${seen.connected ? at : sql`last_connected_at`},
            battery = coalesce(${seen.battery}::integer, battery),
            signal = coalesce(${seen.signal}::integer, signal),
            type = coalesce(type, ${seen.type}::text)
          where id = (
            select device_id from target
            where device_status = 'active' and pairing_status = 'active' and clinic_active is not false
          )
          returning id
        )
        select * from target`)) as unknown as { rows: TargetRow[] };
      const [row] = result.rows;
      return (
        row && {
          deviceId: row.device_id,
          deviceStatus: row.device_status,
          deviceClinicId: row.device_clinic_id,
          pairingStatus: row.pairing_status,
          patientId: row.patient_id,
          patientClinicId: row.patient_clinic_id,
          clinicActive: row.clinic_active,
        }
      );
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
