import {
  type DeviceBrand,
  type DeviceSource,
  type DeviceType,
  deviceBrandSource,
  sourceBrand,
  type UnrecognisedReason,
} from '@vigil/core';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { jsonRowsInsert } from '../../db/json-rows.js';
import { executePrepared } from '../../db/prepared.js';
import { clinics, devices, patientDevices, patients, unrecognisedDevices } from '../../db/schema/index.js';
import { isUuid } from '../../db/uuid.js';
import { lockIdentifiers } from '../devices/identifier-locks.js';
import { type PatientScope, scopeCondition } from '../patients/patient-scope.js';

/** An inventory device as a delivery needs it: its state, its current pairing and that patient's clinic. */
export interface DeliveryTarget {
  deviceId: string;
  deviceStatus: 'active' | 'deactivated';
  deviceClinicId: string | null;
  /**
   * Deleted from the inventory, and not added again: it takes readings no more, but what it took while a
   * removed pairing held it is still that patient's.
   */
  deviceDeleted: boolean;
  pairingStatus: 'active' | 'disabled' | null;
  /** When the current pairing began, and when it was disconnected; null without one. */
  pairedAt: Date | null;
  unpairedAt: Date | null;
  patientId: string | null;
  patientClinicId: string | null;
  clinicActive: boolean | null;
  /**
   * The device's removed pairings, each with the time it held its patient (decision 0009, "A reading from
   * an earlier pairing"): a reading taken then is that patient's, whoever holds the device now. They are the
   * pairings of its brand and identifier, those of a row deleted from the inventory included: a device
   * deleted and added again is the same device, and its late readings are still its earlier patients'.
   */
  removed: RemovedPairing[];
}

/** A pairing removed from a patient: from when to when it held the device, and that patient's clinic. */
export interface RemovedPairing {
  patientId: string;
  clinicId: string;
  pairedAt: Date;
  /** The end of its active time: its disconnect, else its removal. */
  activeUntil: Date;
  removedAt: Date;
  clinicActive: boolean;
}

/**
 * What a delivery tells of its device: when it was seen (null when that is not known: a pulled delivery
 * without readings), whether with a reading, its battery, signal and type.
 */
export interface DeviceSeen {
  at: Date | null;
  connected: boolean;
  battery: number | null;
  signal: number | null;
  type: DeviceType | null;
}

export interface UnrecognisedDelivery {
  source: DeviceSource;
  identifier: string;
  reason: UnrecognisedReason;
  deviceId: string | null;
  clinicId: string | null;
  payload: unknown;
  /** What its readings showed, and an eDevice's hub: kept to prefill 'Add Device'. */
  type: DeviceType | null;
  hubSerialNumber: string | null;
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

/** How a device is named in a batch's targets: its brand and serial number. */
export const deviceKey = (brand: string, serialNumber: string) => `${brand}\u0000${serialNumber}`;

/** A time as a statement's parameter. */
const at = (time: Date | null) => sql`${time?.toISOString() ?? null}::timestamptz`;

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export type CountedUnrecognised = UnrecognisedDelivery & { count: number };

const insertUnrecognised = jsonRowsInsert(unrecognisedDevices, [
  'source',
  'identifier',
  'reason',
  'deviceId',
  'clinicId',
  'firstSeenAt',
  'lastSeenAt',
  'count',
  'lastPayload',
  'deviceType',
  'hubSerialNumber',
]);
const unrecognisedUpdate = sql.raw(
  [
    'on conflict ("source", "identifier", "reason") do update set',
    '"count" = "unrecognised_devices"."count" + excluded."count",',
    '"last_seen_at" = excluded."last_seen_at", "last_payload" = excluded."last_payload",',
    '"device_id" = excluded."device_id", "clinic_id" = excluded."clinic_id",',
    // A heartbeat shows no type, and a hub may leave itself out: what was known stays.
    '"device_type" = coalesce(excluded."device_type", "unrecognised_devices"."device_type"),',
    '"hub_serial_number" = coalesce(excluded."hub_serial_number", "unrecognised_devices"."hub_serial_number")',
  ].join(' '),
);

/**
 * The set-aside deliveries, less those from an identifier found nowhere that the inventory has added since
 * the batch looked: the identifiers are locked as adding a device locks them, then looked up again, so an
 * entry 'Not in the inventory' is never listed after the device's adding has cleared the list (decision
 * 0009). The delivery itself stays set aside: a device just added holds no pairing that took it.
 */
async function withoutAddedDevices(
  db: DbOrTx,
  list: readonly CountedUnrecognised[],
): Promise<readonly CountedUnrecognised[]> {
  const unknown = list
    .filter((d) => d.reason === 'unknownDevice')
    .map((d) => ({ brand: sourceBrand[d.source], serialNumber: d.identifier }));
  if (unknown.length === 0) return list;
  await lockIdentifiers(db, unknown);
  const { rows } = await executePrepared<{ brand: string; serial: string }>(
    db,
    sql`select d.brand, d.serial_number as serial from devices d
        join jsonb_to_recordset(${JSON.stringify(unknown)}::jsonb) as x("brand" text, "serialNumber" text)
          on d.brand = x."brand" and d.serial_number = x."serialNumber"
        where d.deleted_at is null`,
  );
  if (rows.length === 0) return list;
  const added = new Set(rows.map((r) => deviceKey(r.brand, r.serial)));
  return list.filter(
    (d) => d.reason !== 'unknownDevice' || !added.has(deviceKey(sourceBrand[d.source], d.identifier)),
  );
}

/**
 * Lists the set-aside deliveries, each entry counted once more. The rows travel as one JSON parameter, so an
 * array of thousands of unknown devices is one statement, not one past PostgreSQL's 65,535 parameters.
 */
async function upsertManyUnrecognised(db: DbOrTx, given: readonly CountedUnrecognised[], now: Date) {
  const list = await withoutAddedDevices(db, given);
  if (list.length === 0) return;
  // Rows in key order: concurrent batches lock shared rows in one order.
  const sorted = [...list].sort((a, b) =>
    compareText(
      `${a.source}\u0000${a.identifier}\u0000${a.reason}`,
      `${b.source}\u0000${b.identifier}\u0000${b.reason}`,
    ),
  );
  const rows = sorted.map((d) => ({
    source: d.source,
    identifier: d.identifier,
    reason: d.reason,
    deviceId: d.deviceId,
    clinicId: d.clinicId,
    firstSeenAt: now,
    lastSeenAt: now,
    count: d.count,
    lastPayload: d.payload === undefined ? null : d.payload,
    deviceType: d.type,
    hubSerialNumber: d.hubSerialNumber,
  }));
  await executePrepared(db, sql`${insertUnrecognised(rows)} ${unrecognisedUpdate}`);
}

export function createIngestionRepository(db: DbOrTx) {
  return {
    /**
     * The devices of these brands and serial numbers, each with its current pairing (not deleted) and the
     * clinic of that pairing's patient, keyed by `deviceKey`: the inventory's device, else the one last
     * deleted from it (`deviceDeleted`, for its removed pairings); a device never in the inventory is
     * absent. In the same statement, a device that takes readings (active, paired, of an active clinic:
     * what the service's `setAsideReason` accepts) is marked seen at its `at` (a time before the one stored
     * moves nothing): with a reading its last-connected time, the battery and signal it reported (else the
     * last known), and the type its readings show (a blood pressure is a monitor's, a weight a scale's,
     * whatever type it was entered with: the readings are the evidence). The devices' rows are locked in id
     * order, so two batches sharing devices cannot deadlock, before their pairings are read; the patients'
     * clinics are share-locked as they are read, so a clinic's deactivation and a batch apply one after the
     * other. Each (brand, serial number) must appear once.
     */
    async findDeliveryTargetsMarkingSeen(
      seen: readonly (DeviceSeen & { brand: DeviceBrand; serialNumber: string })[],
    ): Promise<Map<string, DeliveryTarget>> {
      if (seen.length === 0) return new Map();
      const json = JSON.stringify(
        seen.map((d) => ({
          brand: d.brand,
          serial: d.serialNumber,
          at: d.at,
          connected: d.connected,
          battery: d.battery,
          signal: d.signal,
          type: d.type,
        })),
      );
      type TargetRow = {
        brand: DeviceBrand;
        serial: string;
        device_id: string;
        device_status: 'active' | 'deactivated';
        device_clinic_id: string | null;
        device_deleted: boolean;
        pairing_status: 'active' | 'disabled' | null;
        patient_id: string | null;
        patient_clinic_id: string | null;
        clinic_active: boolean | null;
        paired_at: Date | string | null;
        unpaired_at: Date | string | null;
        removed:
          | {
              patientId: string;
              clinicId: string;
              pairedAt: string;
              activeUntil: string;
              removedAt: string;
              clinicActive: boolean | null;
            }[]
          | null;
      };
      // The devices are locked first, in a statement of their own: a disconnect, unlink or reconnect that
      // holds a device is waited for here, and the statement below, with a snapshot taken after the wait,
      // reads the pairing it left. (Locked in the same statement, only the device row would be read again.)
      await executePrepared(
        db,
        sql`
        select d.id from ${devices} d
        join jsonb_to_recordset(${json}::jsonb) as x(brand text, serial text)
          on d.brand = x.brand and d.serial_number = x.serial and d.deleted_at is null
        order by d.id
        for update of d`,
      );
      // Both drivers answer raw rows as `{ rows }`.
      const result = await executePrepared<TargetRow>(
        db,
        sql`
        with input as (
          select * from jsonb_to_recordset(${json}::jsonb) as x(brand text, serial text, at timestamptz,
            connected boolean, battery integer, signal integer, type text)
        ), clinic as (
          -- The paired patients' clinics, share-locked: a deactivation under way is waited for and its
          -- outcome read (the locked row is read as committed), and one that comes later waits for this
          -- batch to commit. Either way no reading lands on a clinic after it was deactivated.
          select c.id, c.active from ${clinics} c
          where c.id in (
            select p.clinic_id from input x
            join ${devices} d on d.brand = x.brand and d.serial_number = x.serial
            join ${patientDevices} pd on pd.device_id = d.id
              and (pd.deleted_at is null or pd.paired_at < coalesce(pd.unpaired_at, pd.deleted_at))
            join ${patients} p on p.id = pd.patient_id)
          order by c.id
          for key share
        ), target as (
          select x.brand, x.serial, x.at, x.connected, x.battery, x.signal, x.type,
            d.id as device_id, d.status as device_status, d.clinic_id as device_clinic_id,
            d.deleted_at is not null as device_deleted,
            pd.status as pairing_status, pd.paired_at, pd.unpaired_at, pd.patient_id, p.clinic_id as patient_clinic_id,
            c.active as clinic_active,
            (select json_agg(json_build_object('patientId', h.patient_id, 'clinicId', hp.clinic_id,
                'pairedAt', h.paired_at, 'activeUntil', coalesce(h.unpaired_at, h.deleted_at),
                'removedAt', h.deleted_at, 'clinicActive', hc.active))
              from ${devices} hd
              join ${patientDevices} h on h.device_id = hd.id
              join ${patients} hp on hp.id = h.patient_id
              left join clinic hc on hc.id = hp.clinic_id
              where hd.brand = d.brand and hd.serial_number = d.serial_number
                and h.deleted_at is not null) as removed
          from input x
          -- The inventory's device, else the one last deleted from it, whose removed pairings still take
          -- what it took while they held it.
          join lateral (
            (select * from ${devices} d0
              where d0.brand = x.brand and d0.serial_number = x.serial and d0.deleted_at is null)
            union all
            (select * from ${devices} d1
              where d1.brand = x.brand and d1.serial_number = x.serial and d1.deleted_at is not null
              order by d1.deleted_at desc limit 1)
            limit 1
          ) d on true
          left join ${patientDevices} pd on pd.device_id = d.id and pd.deleted_at is null
          left join ${patients} p on p.id = pd.patient_id
          left join clinic c on c.id = p.clinic_id
        ), seen as (
          update ${devices} dv set
            last_seen_at = greatest(dv.last_seen_at, t.at),
            last_connected_at = case when t.connected then greatest(dv.last_connected_at, t.at)
              else dv.last_connected_at end,
            battery = coalesce(t.battery, dv.battery),
            battery_reported_at = case when t.battery is null then dv.battery_reported_at
              else coalesce(t.at, dv.battery_reported_at) end,
            signal = coalesce(t.signal, dv.signal),
            type = coalesce(t.type, dv.type)
          from target t
          where dv.id = t.device_id and not t.device_deleted
            and t.device_status = 'active' and t.pairing_status = 'active' and t.clinic_active is not false
          returning dv.id
        )
        select brand, serial, device_id, device_status, device_clinic_id, device_deleted, pairing_status,
          paired_at, unpaired_at, patient_id, patient_clinic_id, clinic_active, removed
        from target`,
      );
      return new Map(
        result.rows.map((row) => [
          deviceKey(row.brand, row.serial),
          {
            deviceId: row.device_id,
            deviceStatus: row.device_status,
            deviceClinicId: row.device_clinic_id,
            deviceDeleted: row.device_deleted,
            pairingStatus: row.pairing_status,
            pairedAt: row.paired_at === null ? null : new Date(row.paired_at),
            unpairedAt: row.unpaired_at === null ? null : new Date(row.unpaired_at),
            patientId: row.patient_id,
            patientClinicId: row.patient_clinic_id,
            clinicActive: row.clinic_active,
            removed: (row.removed ?? []).map((h) => ({
              patientId: h.patientId,
              clinicId: h.clinicId,
              pairedAt: new Date(h.pairedAt),
              activeUntil: new Date(h.activeUntil),
              removedAt: new Date(h.removedAt),
              clinicActive: h.clinicActive !== false,
            })),
          },
        ]),
      );
    },

    /** Marks devices seen as `findDeliveryTargetsMarkingSeen` does, whatever their pairing now. */
    async markSeen(seen: readonly (DeviceSeen & { deviceId: string })[]): Promise<void> {
      for (const d of seen) {
        await db
          .update(devices)
          .set({
            lastSeenAt: sql`greatest(${devices.lastSeenAt}, ${at(d.at)})`,
            ...(d.connected
              ? { lastConnectedAt: sql`greatest(${devices.lastConnectedAt}, ${at(d.at)})` }
              : {}),
            ...(d.battery === null ? {} : { battery: d.battery, ...(d.at && { batteryReportedAt: d.at }) }),
            ...(d.signal === null ? {} : { signal: d.signal }),
            type: sql`coalesce(${d.type}, ${devices.type})`,
          })
          .where(eq(devices.id, d.deviceId));
      }
    },

    /** Counts a delivery that could not be put on a patient: one row per source, identifier and reason. */
    upsertUnrecognised(d: UnrecognisedDelivery, now: Date): Promise<void> {
      return upsertManyUnrecognised(db, [{ ...d, count: 1 }], now);
    },

    /**
     * Counts deliveries that could not be put on a patient, in one statement: one row per source,
     * identifier and reason (each at most once in `list`), `count` deliveries more, the last payload kept.
     */
    upsertManyUnrecognised: (list: readonly CountedUnrecognised[], now: Date) =>
      upsertManyUnrecognised(db, list, now),

    /** The Withings devices, not deleted, activated for a Withings user. */
    /** The access token (encrypted) of one device that has one, or undefined when none has. */
    async findAnyVendorToken(): Promise<string | undefined> {
      const [row] = await db
        .select({ token: devices.vendorAccessToken })
        .from(devices)
        .where(isNotNull(devices.vendorAccessToken))
        .limit(1);
      return row?.token ?? undefined;
    },

    findWithingsDevicesByUserId(userId: string): Promise<WithingsDeviceRow[]> {
      return db
        .select(withingsFields)
        .from(devices)
        .where(
          and(eq(devices.brand, 'Withings'), eq(devices.vendorUserId, userId), isNull(devices.deletedAt)),
        )
        .orderBy(asc(devices.createdAt));
    },

    /**
     * Stores a Withings user and its tokens (already encrypted) on devices. The user is known from now on:
     * its entry in the unrecognised list, if its notifications came first, is sorted out.
     */
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
      await db
        .delete(unrecognisedDevices)
        .where(
          and(
            eq(unrecognisedDevices.source, deviceBrandSource.Withings),
            eq(unrecognisedDevices.identifier, tokens.userId),
            eq(unrecognisedDevices.reason, 'unknownWithingsUser' satisfies UnrecognisedReason),
          ),
        );
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
