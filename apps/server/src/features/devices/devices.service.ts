import {
  AppError,
  type DeviceBrand,
  type DeviceRequest,
  type DeviceSearchQuery,
  type DeviceSearchResult,
  deviceBrandLabels,
  errorMessages,
  type InventoryDevice,
  toasts,
  type UnrecognisedDevice,
} from '@vigil/core';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { DeviceRow } from '../../db/schema/index.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { patientScope } from '../patients/patient-scope.js';
import { deviceLabel, toInventoryDevice, toUnrecognisedDevice } from './device-views.js';
import { createDevicesRepository, pairingEndedReasons } from './devices.repository.js';
import type { UnrecognisedQuery } from './devices.schema.js';
import { conflict, createPairingService, notFound, type WithingsActivation } from './pairing.service.js';

export interface DevicesDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  /** The Withings integration's activation, run inside every Withings pairing's transaction. */
  activateWithings?: WithingsActivation;
}

const operatorOnly = { allClinics: true } as const;

/** The inventory is the operator's (decision 0009): its changes need a CIRCLE user. */
export function requireOperator(actor: AuthUser) {
  if (actor.role.portal !== 'CIRCLE') throw new AppError('FORBIDDEN', errorMessages.forbidden);
}

const counted = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

const deviceExists = () =>
  new AppError('CONFLICT', errorMessages.deviceExists, { serialNumber: errorMessages.deviceExists });

/** The inventory's fields an edit can change, for its audit event. */
const audited = (d: DeviceRow) => ({
  brand: d.brand,
  type: d.type,
  serialNumber: d.serialNumber,
  hubSerialNumber: d.hubSerialNumber,
  clinicId: d.clinicId,
});

/**
 * What an inventory edit changed, as the audit trail says it ('type Scale → Blood Pressure Monitor, moved to
 * another clinic'); empty when nothing did. A clinic is not named: the trail of one clinic's patient must
 * not name another clinic.
 */
function editedText(before: DeviceRow, after: DeviceRow): string {
  const changes: string[] = [];
  const change = (label: string, from: string | null, to: string | null) => {
    if (from !== to) changes.push(`${label} ${from ?? '—'} → ${to ?? '—'}`);
  };
  change(
    'brand',
    deviceBrandLabels[before.brand as DeviceBrand],
    deviceBrandLabels[after.brand as DeviceBrand],
  );
  change('identifier', before.serialNumber, after.serialNumber);
  change('type', before.type, after.type);
  change('hub', before.hubSerialNumber, after.hubSerialNumber);
  if (before.clinicId !== after.clinicId)
    changes.push(
      !after.clinicId
        ? "put in the operator's stock"
        : before.clinicId
          ? 'moved to another clinic'
          : 'given to a clinic',
    );
  return changes.join(', ');
}

/**
 * The device inventory (spec administration 2-7) and the pairing of devices with patients (spec patients
 * 3-7), as decision 0009 sets them out.
 */
export function createDevicesService(deps: DevicesDeps) {
  const { db, clock, audit } = deps;
  const devices = createDevicesRepository(db);
  const pairing = createPairingService(deps);

  async function inventoryDevice(id: string): Promise<InventoryDevice> {
    const record = await devices.findInventory(operatorOnly, id);
    if (!record) throw notFound();
    return toInventoryDevice(record);
  }

  async function checkClinic(clinicId: string | null) {
    if (clinicId && !(await devices.clinicExists(clinicId)))
      throw new AppError('VALIDATION', errorMessages.notFound, { clinicId: errorMessages.notFound });
  }

  return {
    ...pairing,

    /**
     * The inventory page: everything for an operator user, their clinic's devices for a clinic user. A page
     * that names patients (their paired devices) is a read of those patients: one list event (DESIGN 3).
     */
    async search(actor: AuthUser, query: DeviceSearchQuery, ip: string | null): Promise<DeviceSearchResult> {
      const { rows, count } = await devices.search(patientScope(actor), query);
      const patientIds = [...new Set(rows.flatMap((r) => (r.pairing ? [r.pairing.patientId] : [])))];
      if (patientIds.length) {
        await audit.patientsListed(db, {
          actorUserId: actor.id,
          clinicId: actor.clinicId,
          list: 'device-inventory',
          patientIds,
          message: `Viewed the device inventory (${counted(rows.length, 'device')}, ${counted(patientIds.length, 'patient')} named)`,
          ip,
          details: { page: query.page, search: query.inputValue || null },
        });
      }
      return { devices: rows.map(toInventoryDevice), count };
    },

    /** One device of the inventory; a paired one names its patient, so reading it is a read of theirs. */
    async get(actor: AuthUser, id: string, ip: string | null): Promise<{ device: InventoryDevice }> {
      const record = await devices.findInventory(patientScope(actor), id);
      if (!record) throw notFound();
      if (record.pairing) {
        await audit.patientViewed(db, {
          actorUserId: actor.id,
          patient: { id: record.pairing.patientId, clinicId: record.device.clinicId },
          view: 'device-inventory',
          message: `Viewed ${deviceLabel(record.device)} in the inventory`,
          ip,
        });
      }
      return { device: toInventoryDevice(record) };
    },

    async create(
      actor: AuthUser,
      input: DeviceRequest,
      ip: string | null,
    ): Promise<{ device: InventoryDevice }> {
      requireOperator(actor);
      await checkClinic(input.clinicId);
      const now = clock.now();
      const id = await db.transaction(async (tx) => {
        const row = await createDevicesRepository(tx).insertDevice({
          ...input,
          createdBy: actor.id,
          createdAt: now,
          updatedAt: now,
        });
        if (!row) throw deviceExists();
        await audit.record(tx, {
          actorUserId: actor.id,
          clinicId: row.clinicId,
          action: 'device.created',
          entityType: 'device',
          entityId: row.id,
          message: `Added ${deviceLabel(row)} to the inventory`,
          details: audited(row),
          ip,
        });
        return row.id;
      });
      return { device: await inventoryDevice(id) };
    },

    /** An edit; a paired device keeps the clinic of its patient. */
    async update(
      actor: AuthUser,
      id: string,
      input: DeviceRequest,
      ip: string | null,
    ): Promise<{ device: InventoryDevice }> {
      requireOperator(actor);
      await checkClinic(input.clinicId);
      await db.transaction(async (tx) => {
        const repo = createDevicesRepository(tx);
        const before = await repo.lockDevice(id);
        if (!before) throw notFound();
        if (await repo.findBySerial(input.brand, input.serialNumber, id)) throw deviceExists();
        const current = await repo.lockCurrentPairing(id);
        // A device's identity is how its readings find the patient, now and for the readings it took while
        // a removed pairing held it (decision 0009): it stays with the device's pairings.
        // Each refusal names the field it refuses, for the form to show it there.
        if (before.brand !== input.brand || before.serialNumber !== input.serialNumber) {
          const field = before.serialNumber !== input.serialNumber ? 'serialNumber' : 'brand';
          const refuse = (message: string) => new AppError('CONFLICT', message, { [field]: message });
          if (current) throw refuse(errorMessages.devicePairedIdentity);
          if (await repo.hasPairings(id)) throw refuse(errorMessages.devicePairingHistory);
        }
        if (current && current.clinicId !== input.clinicId) {
          const message = errorMessages.devicePairedClinic;
          throw new AppError('CONFLICT', message, { clinicId: message });
        }
        let after: DeviceRow;
        try {
          after = await repo.updateDevice(id, { ...input, updatedAt: clock.now() });
        } catch (error) {
          // Another device took this identifier since the check above.
          if (isUniqueViolation(error)) throw deviceExists();
          throw error;
        }
        const edited = editedText(before, after);
        await audit.record(tx, {
          actorUserId: actor.id,
          clinicId: after.clinicId,
          // A paired device is one of the patient's: the edit shows on their devices too.
          patientId: current?.patientId ?? null,
          action: 'device.updated',
          entityType: 'device',
          entityId: id,
          message: edited
            ? `Edited ${deviceLabel(after)} in the inventory: ${edited}`
            : `Saved ${deviceLabel(after)} in the inventory without changes`,
          details: { before: audited(before), after: audited(after) },
          ip,
        });
      });
      return { device: await inventoryDevice(id) };
    },

    /**
     * Delete (spec administration 4, row menu): only a device without a patient or whose pairing is disabled.
     * The disabled pairing is closed with it; the row stays for the readings that name the device.
     */
    async remove(actor: AuthUser, id: string, ip: string | null) {
      requireOperator(actor);
      await db.transaction(async (tx) => {
        const repo = createDevicesRepository(tx);
        const device = await repo.lockDevice(id);
        if (!device) throw notFound();
        const current = await repo.lockCurrentPairing(id);
        if (current?.status === 'active') throw conflict(errorMessages.devicePaired);
        const now = clock.now();
        if (current) {
          await repo.removePairing(current, device, now);
          await audit.record(tx, {
            actorUserId: actor.id,
            clinicId: current.clinicId,
            patientId: current.patientId,
            action: 'device.removed',
            entityType: 'device',
            entityId: id,
            message: `Removed ${deviceLabel(device)} from the patient, deleting it from the inventory`,
            details: {
              brand: device.brand,
              serialNumber: device.serialNumber,
              pairingId: current.id,
              via: 'delete',
            },
            ip,
          });
        }
        await repo.updateDevice(id, { deletedAt: now, updatedAt: now });
        await repo.clearUnrecognised(device, ['unpaired', 'disconnected', 'deactivated', 'inactiveClinic']);
        await audit.record(tx, {
          actorUserId: actor.id,
          clinicId: device.clinicId,
          action: 'device.deleted',
          entityType: 'device',
          entityId: id,
          message: `Deleted ${deviceLabel(device)} from the inventory`,
          details: audited(device),
          ip,
        });
      });
      return { message: toasts.deviceDeleted };
    },

    /**
     * POST /withings/Updatesimstatus, for a device of any brand: its readings are no longer stored. A
     * patient's connected device is disconnected too (kept in their table, unlinked), so that nobody reads
     * it as taking readings: the inventory and the patient's page had shown it 'active' while every reading
     * was set aside. It cannot be reconnected while deactivated.
     */
    async deactivate(actor: AuthUser, deviceObjectId: string, ip: string | null) {
      requireOperator(actor);
      await db.transaction(async (tx) => {
        const repo = createDevicesRepository(tx);
        const device = await repo.lockDevice(deviceObjectId);
        if (!device) throw notFound();
        if (device.status === 'deactivated') return;
        const current = await repo.lockCurrentPairing(device.id);
        const now = clock.now();
        await repo.updateDevice(device.id, { status: 'deactivated', updatedAt: now });
        const disconnected = current?.status === 'active';
        if (disconnected) await repo.updatePairing(current.id, { status: 'disabled', unpairedAt: now });
        await audit.record(tx, {
          actorUserId: actor.id,
          clinicId: device.clinicId,
          patientId: current?.patientId ?? null,
          action: 'device.deactivated',
          entityType: 'device',
          entityId: device.id,
          message: `Deactivated ${deviceLabel(device)}: its readings are no longer stored${disconnected ? ', and it is disconnected from the patient' : ''}`,
          details: { brand: device.brand, serialNumber: device.serialNumber },
          ip,
        });
      });
      return { message: toasts.deviceDeactivated, device: await inventoryDevice(deviceObjectId) };
    },

    /** Unlink from the inventory's row menu: closes the device's pairing, so the device is free again. */
    async unlink(actor: AuthUser, brand: DeviceBrand, deviceObjectId: string, ip: string | null) {
      requireOperator(actor);
      await db.transaction(async (tx) => {
        const repo = createDevicesRepository(tx);
        const device = await repo.lockDevice(deviceObjectId);
        if (!device || device.brand !== brand) throw notFound();
        const current = await repo.lockCurrentPairing(device.id);
        if (!current) return;
        const now = clock.now();
        await repo.removePairing(current, device, now);
        await repo.clearUnrecognised(device, pairingEndedReasons);
        await audit.record(tx, {
          actorUserId: actor.id,
          clinicId: current.clinicId,
          patientId: current.patientId,
          action: 'device.removed',
          entityType: 'device',
          entityId: device.id,
          message: `Unlinked ${deviceLabel(device)} from the patient`,
          details: { brand, serialNumber: device.serialNumber, pairingId: current.id, via: 'unlink' },
          ip,
        });
      });
      return { message: toasts.deviceUnlinked };
    },

    /** Deliveries no patient could take, newest first; the operator's to sort out. */
    async unrecognised(
      actor: AuthUser,
      query: UnrecognisedQuery,
    ): Promise<{ devices: UnrecognisedDevice[]; count: number }> {
      requireOperator(actor);
      const { rows, count } = await devices.findUnrecognised(
        query.inputValue,
        query.limit,
        (query.page - 1) * query.limit,
      );
      return { devices: rows.map(toUnrecognisedDevice), count };
    },
  };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
