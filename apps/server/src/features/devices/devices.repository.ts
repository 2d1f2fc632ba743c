import {
  type DeviceBrand,
  type DeviceSearchQuery,
  type DeviceSortField,
  deviceBrandLabels,
  deviceBrandSource,
  deviceBrands,
  deviceTypes,
  type PairingStatus,
  type UnrecognisedReason,
} from '@vigil/core';
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.js';
import {
  clinics,
  type DeviceRow,
  devices,
  type PatientDeviceRow,
  patientDevices,
  patients,
  type UnrecognisedDeviceRow,
  unrecognisedDevices,
} from '../../db/schema/index.js';
import { isUuid } from '../../db/uuid.js';
import { type PatientScope, scopeCondition } from '../patients/patient-scope.js';
import { foldSearchText, patientNameOrder } from '../patients/patient-search-text.js';
import { lockIdentifiers } from './identifier-locks.js';

/**
 * Which devices of the inventory a user may see (decision 0009): an operator user every clinic's and the
 * unassigned stock, a clinic user their own clinic's devices only. It has the patient scope's shape.
 */
export type DeviceScope = PatientScope;

/** A device of the inventory with its clinic's name and its current pairing, if any. */
export interface InventoryRecord {
  device: DeviceRow;
  clinicName: string | null;
  pairing: {
    id: string;
    status: PairingStatus;
    patientId: string;
    firstName: string;
    lastName: string;
  } | null;
}

/** A patient as pairing needs them. */
export interface PairingPatient {
  id: string;
  clinicId: string;
  firstName: string;
  lastName: string;
}

export type NewDevice = typeof devices.$inferInsert;
export type NewPairing = typeof patientDevices.$inferInsert;

const notDeleted = isNull(devices.deletedAt);
/** A device's pairing that is not deleted: the device's id, or the devices row of the outer query. */
const current = (deviceId: string | AnyPgColumn) =>
  and(eq(patientDevices.deviceId, deviceId), isNull(patientDevices.deletedAt));

function scopeOfDevices(scope: DeviceScope): SQL {
  if (scope.allClinics) return sql`true`;
  return scope.clinicId ? eq(devices.clinicId, scope.clinicId) : sql`false`;
}

/** `%text%` for ILIKE, with the pattern characters of the user's text taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The Status column as shown (spec administration 4): the pairing's status when paired, else the device's. */
const shownStatus = sql`case
  when ${patientDevices.id} is null then ${devices.status}
  when ${patientDevices.status} = 'disabled' then 'unlinked'
  else ${patientDevices.status} end`;

/** Each sortable column as the expressions it orders by; values a row lacks sort last either way. */
const sortKeys: Record<DeviceSortField, SQL[]> = {
  // The Device ID column shows no serial for a Withings device (its serial is its MAC address, the next
  // column's), so those sort as empty, last either way.
  serialNumber: [sql`case when ${devices.brand} <> 'Withings' then ${devices.serialNumber} end`],
  // Only Withings devices have a MAC address (their serial number); the others have none.
  macAddress: [sql`case when ${devices.brand} = 'Withings' then ${devices.serialNumber} end`],
  type: [sql`${devices.type}`],
  clinic: [sql`lower(${clinics.name})`],
  // By the name the column shows, first then last.
  patient: [patientNameOrder],
  // Spec administration 4, Last Seen: the latest of the three (greatest() skips nulls).
  lastSeen: [sql`greatest(${devices.lastConnectedAt}, ${devices.lastSeenAt}, ${devices.createdAt})`],
  status: [shownStatus],
  createdAt: [sql`${devices.createdAt}`],
};

const inventoryColumns = {
  device: devices,
  clinicName: clinics.name,
  pairingId: patientDevices.id,
  pairingStatus: patientDevices.status,
  patientId: patients.id,
  firstName: patients.firstName,
  lastName: patients.lastName,
};

type InventoryRow = {
  device: DeviceRow;
  clinicName: string | null;
  pairingId: string | null;
  pairingStatus: PairingStatus | null;
  patientId: string | null;
  firstName: string | null;
  lastName: string | null;
};

const toRecord = (r: InventoryRow): InventoryRecord => ({
  device: r.device,
  clinicName: r.clinicName,
  pairing:
    r.pairingId && r.pairingStatus && r.patientId
      ? {
          id: r.pairingId,
          status: r.pairingStatus,
          patientId: r.patientId,
          firstName: r.firstName ?? '',
          lastName: r.lastName ?? '',
        }
      : null,
});

/** The entries a pairing's end (removed from the patient, unlinked) sorts out: the pairing they describe is gone. */
export const pairingEndedReasons: readonly UnrecognisedReason[] = ['disconnected', 'inactiveClinic'];

/**
 * A device whose identifier holds the text, however a MAC address's colons or dashes are written: the
 * screens show a Withings MAC with colons, and it is stored without (spec patients 9: "colons ignored"), as
 * an eDevice address is.
 */
const identifierContains = (text: string, column: AnyPgColumn = devices.serialNumber) =>
  sql`regexp_replace(${column}, '[:-]', '', 'g') ilike ${containing(text.replace(/[:-]/g, ''))}`;

export function createDevicesRepository(db: DbOrTx) {
  /**
   * Entries of the unrecognised list that a change to the device has sorted out: an unknown device added to
   * the inventory, an unpaired one paired, a disconnected one reconnected, unlinked or removed, a device
   * deleted. They were the operator's to act on, and are acted on; the device's deliveries from now on are
   * judged afresh, and a new entry opens only if they still cannot be placed. An entry is the device's by
   * its identifier, or by the device it named when it was last seen, so that entries made under an
   * identifier since corrected in the inventory go with the device too.
   */
  const clearUnrecognised = (device: DeviceRow, reasons: readonly UnrecognisedReason[]) =>
    db
      .delete(unrecognisedDevices)
      .where(
        and(
          inArray(unrecognisedDevices.reason, [...reasons]),
          or(
            eq(unrecognisedDevices.deviceId, device.id),
            and(
              eq(unrecognisedDevices.source, deviceBrandSource[device.brand as DeviceBrand]),
              eq(unrecognisedDevices.identifier, device.serialNumber),
            ),
          ),
        ),
      );

  // The current pairing is at most one row per device (a partial unique index), so the joins keep one row
  // per device.
  const selectInventory = () =>
    db
      .select(inventoryColumns)
      .from(devices)
      .leftJoin(clinics, eq(clinics.id, devices.clinicId))
      .leftJoin(patientDevices, current(devices.id))
      .leftJoin(patients, eq(patients.id, patientDevices.patientId));

  async function updatePairing(id: string, changes: Partial<NewPairing>): Promise<PatientDeviceRow> {
    const [row] = await db.update(patientDevices).set(changes).where(eq(patientDevices.id, id)).returning();
    if (!row) throw new Error(`pairing ${id} vanished inside its transaction`);
    return row;
  }

  return {
    /** One page of the inventory inside the scope, and how many devices match in all. */
    async search(
      scope: DeviceScope,
      query: DeviceSearchQuery,
    ): Promise<{ rows: InventoryRecord[]; count: number }> {
      const text = query.inputValue ? containing(query.inputValue) : null;
      const folded = query.inputValue ? foldSearchText(query.inputValue) : '';
      // The Type and Brand columns are found by what they show ('BodyTrace', 'scale'), not by the value
      // stored ('BODYTRACE').
      const shows = (label: string) => folded !== '' && foldSearchText(label).includes(folded);
      const brandsShown = deviceBrands.filter((b) => shows(deviceBrandLabels[b]));
      const typesShown = deviceTypes.filter(shows);
      const where = and(
        notDeleted,
        scopeOfDevices(scope),
        text
          ? or(
              identifierContains(query.inputValue),
              ilike(devices.hubSerialNumber, text),
              ilike(devices.name, text),
              ilike(clinics.name, text),
              // The patient's name as the lists find it: case, accents and spacing aside.
              folded ? sql`${patients.searchText} like ${containing(folded)}` : undefined,
              brandsShown.length ? inArray(devices.brand, brandsShown) : undefined,
              typesShown.length ? inArray(devices.type, typesShown) : undefined,
            )
          : undefined,
      );
      const direction = query.order === 'asc' ? sql`asc nulls last` : sql`desc nulls last`;
      // Created-at then id break ties, so a page holds the same devices whenever it is asked for.
      const order = [
        ...sortKeys[query.sort].map((key) => sql`${key} ${direction}`),
        desc(devices.createdAt),
        desc(devices.id),
      ];
      const rows = await selectInventory()
        .where(where)
        .orderBy(...order)
        .limit(query.limit)
        .offset((query.page - 1) * query.limit);
      const [total] = await db
        .select({ n: count() })
        .from(devices)
        .leftJoin(clinics, eq(clinics.id, devices.clinicId))
        .leftJoin(patientDevices, current(devices.id))
        .leftJoin(patients, eq(patients.id, patientDevices.patientId))
        .where(where);
      return { rows: rows.map(toRecord), count: total?.n ?? 0 };
    },

    /** A device of the inventory (not deleted) inside the scope. */
    async findInventory(scope: DeviceScope, id: string): Promise<InventoryRecord | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await selectInventory().where(and(eq(devices.id, id), notDeleted, scopeOfDevices(scope)));
      return row && toRecord(row);
    },

    /** A device not deleted, locked until the transaction ends. */
    async lockDevice(id: string): Promise<DeviceRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select()
        .from(devices)
        .where(and(eq(devices.id, id), notDeleted))
        .for('update');
      return row;
    },

    async findDevice(id: string): Promise<DeviceRow | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select()
        .from(devices)
        .where(and(eq(devices.id, id), notDeleted));
      return row;
    },

    /** The device of a brand with this identifier (stored form), not deleted; optionally another than `exceptId`. */
    async findBySerial(
      brand: DeviceBrand,
      serialNumber: string,
      exceptId?: string,
    ): Promise<DeviceRow | undefined> {
      const [row] = await db
        .select()
        .from(devices)
        .where(
          and(
            eq(devices.brand, brand),
            eq(devices.serialNumber, serialNumber),
            notDeleted,
            exceptId ? ne(devices.id, exceptId) : undefined,
          ),
        );
      return row;
    },

    /**
     * Adds a device, or nothing when one of its brand and identifier already exists (the partial unique
     * index decides, so two concurrent adds make one device): answers the new row or undefined.
     */
    async insertDevice(values: NewDevice): Promise<DeviceRow | undefined> {
      const [row] = await db
        .insert(devices)
        .values(values)
        .onConflictDoNothing({
          target: [devices.brand, devices.serialNumber],
          where: sql`deleted_at is null`,
        })
        .returning();
      if (row) {
        await lockIdentifiers(db, [row]);
        await clearUnrecognised(row, ['unknownDevice']);
      }
      return row;
    },

    /** Changes a device; a change of identifier onto another device's raises a unique violation. */
    async updateDevice(id: string, changes: Partial<NewDevice>): Promise<DeviceRow> {
      const [row] = await db.update(devices).set(changes).where(eq(devices.id, id)).returning();
      if (!row) throw new Error(`device ${id} vanished inside its transaction`);
      if (changes.brand !== undefined || changes.serialNumber !== undefined) {
        await lockIdentifiers(db, [row]);
        await clearUnrecognised(row, ['unknownDevice']);
      }
      return row;
    },

    async clinicExists(id: string): Promise<boolean> {
      if (!isUuid(id)) return false;
      const [row] = await db.select({ id: clinics.id }).from(clinics).where(eq(clinics.id, id));
      return Boolean(row);
    },

    /** A patient inside the scope, or undefined for an unknown, malformed or out-of-scope id. */
    async findPatient(scope: PatientScope, id: string): Promise<PairingPatient | undefined> {
      if (!isUuid(id)) return undefined;
      const [row] = await db
        .select({
          id: patients.id,
          clinicId: patients.clinicId,
          firstName: patients.firstName,
          lastName: patients.lastName,
        })
        .from(patients)
        .where(and(eq(patients.id, id), scopeCondition(scope)));
      return row;
    },

    /** The device's pairing that is not deleted (there is at most one). */
    async findCurrentPairing(deviceId: string): Promise<PatientDeviceRow | undefined> {
      const [row] = await db.select().from(patientDevices).where(current(deviceId));
      return row;
    },

    /** The device's pairing that is not deleted (there is at most one), locked until the transaction ends. */
    async lockCurrentPairing(deviceId: string): Promise<PatientDeviceRow | undefined> {
      const [row] = await db.select().from(patientDevices).where(current(deviceId)).for('update');
      return row;
    },

    /** Whether a patient ever held the device (a current pairing or a removed one). */
    async hasPairings(deviceId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: patientDevices.id })
        .from(patientDevices)
        .where(eq(patientDevices.deviceId, deviceId))
        .limit(1);
      return row !== undefined;
    },

    /**
     * Pairs a device, or nothing when it already has a current pairing: the partial unique index on
     * patient_devices(device_id) decides, so of two concurrent pairings of one device exactly one is stored,
     * whatever either transaction read before. Answers the new row or undefined.
     */
    async insertPairing(values: NewPairing): Promise<PatientDeviceRow | undefined> {
      const [row] = await db
        .insert(patientDevices)
        .values(values)
        .onConflictDoNothing({ target: patientDevices.deviceId, where: sql`deleted_at is null` })
        .returning();
      return row;
    },

    updatePairing,

    /**
     * Ends a pairing for good (remove, unlink, or the device's delete): it keeps the device's hub and name as
     * they are now, for the patient's history, whatever the device becomes next.
     */
    removePairing(pairing: PatientDeviceRow, device: DeviceRow, now: Date): Promise<PatientDeviceRow> {
      return updatePairing(pairing.id, {
        status: 'disabled',
        unpairedAt: pairing.unpairedAt ?? now,
        deletedAt: now,
        hubSerialNumber: device.hubSerialNumber,
        deviceName: pairing.deviceName ?? device.name,
      });
    },

    /** A patient's pairings, current and past, newest first, optionally those whose device matches a text. */
    async findPatientPairings(
      patientId: string,
      text: string,
    ): Promise<{ pairing: PatientDeviceRow; device: DeviceRow }[]> {
      const pattern = text ? containing(text) : null;
      return db
        .select({ pairing: patientDevices, device: devices })
        .from(patientDevices)
        .innerJoin(devices, eq(devices.id, patientDevices.deviceId))
        .where(
          and(
            eq(patientDevices.patientId, patientId),
            pattern
              ? or(
                  identifierContains(text),
                  ilike(
                    sql`case when ${patientDevices.deletedAt} is null then ${devices.hubSerialNumber} else ${patientDevices.hubSerialNumber} end`,
                    pattern,
                  ),
                  ilike(sql`case when ${patientDevices.deletedAt} is null then ${devices.name} end`, pattern),
                  ilike(devices.brand, pattern),
                  ilike(patientDevices.deviceName, pattern),
                )
              : undefined,
          ),
        )
        .orderBy(desc(patientDevices.pairedAt), desc(patientDevices.createdAt), desc(patientDevices.id));
    },

    /** A clinic's active devices of a brand that no patient holds, by identifier. */
    async findFree(brand: DeviceBrand, clinicId: string): Promise<DeviceRow[]> {
      return db
        .select()
        .from(devices)
        .where(
          and(
            eq(devices.brand, brand),
            eq(devices.clinicId, clinicId),
            eq(devices.status, 'active'),
            notDeleted,
            sql`not exists (select 1 from ${patientDevices} where ${current(devices.id)})`,
          ),
        )
        .orderBy(asc(devices.serialNumber), asc(devices.id));
    },

    clearUnrecognised,

    /** A clinic active again takes its patients' readings: its 'Clinic inactive' entries are sorted out. */
    async clearInactiveClinic(clinicId: string): Promise<void> {
      await db
        .delete(unrecognisedDevices)
        .where(
          and(
            eq(unrecognisedDevices.clinicId, clinicId),
            eq(unrecognisedDevices.reason, 'inactiveClinic' satisfies UnrecognisedReason),
          ),
        );
    },

    /**
     * A page of the unrecognised list, newest first, with its count; with a text, the entries whose
     * identifier (in any notation, as the inventory's search) or hub contains it.
     */
    async findUnrecognised(
      text: string,
      limit: number,
      offset: number,
    ): Promise<{ rows: UnrecognisedDeviceRow[]; count: number }> {
      const where = text
        ? or(
            identifierContains(text, unrecognisedDevices.identifier),
            ilike(unrecognisedDevices.hubSerialNumber, containing(text)),
          )
        : undefined;
      const rows = await db
        .select()
        .from(unrecognisedDevices)
        .where(where)
        .orderBy(desc(unrecognisedDevices.lastSeenAt), desc(unrecognisedDevices.id))
        .limit(limit)
        .offset(offset);
      const [total] = await db.select({ n: count() }).from(unrecognisedDevices).where(where);
      return { rows, count: total?.n ?? 0 };
    },
  };
}

export type DevicesRepository = ReturnType<typeof createDevicesRepository>;
