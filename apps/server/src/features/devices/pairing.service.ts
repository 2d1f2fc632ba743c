import { randomUUID } from 'node:crypto';
import {
  AppError,
  type ConnectedDevice,
  type DeviceBrand,
  type DeviceType,
  errorMessages,
  type FreeDevice,
  normaliseSerialNumber,
  PairDeviceForm,
  PatientDeviceRequest,
  toasts,
  upperCaseIdentifier,
} from '@vigil/core';
import type { Clock } from '../../clock.js';
import type { Db, Tx } from '../../db/client.js';
import type { DeviceRow, PatientDeviceRow } from '../../db/schema/index.js';
import { invalidBody } from '../../lib/invalid-body.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import { patientScope } from '../patients/patient-scope.js';
import { deviceLabel, toConnectedDevice, toFreeDevice } from './device-views.js';
import {
  createDevicesRepository,
  type DevicesRepository,
  type PairingPatient,
  pairingEndedReasons,
} from './devices.repository.js';

/**
 * Activates a Withings device with the vendor (its user and tokens), and answers how to store what the
 * vendor answered on a device, in the pairing's transaction. It runs before that transaction: when it
 * throws, nothing of the pairing is stored. Provided by the Withings integration.
 */
export type WithingsActivation = (device: {
  id: string;
  serialNumber: string;
}) => Promise<(tx: Tx, deviceId: string) => Promise<void>>;

/** A Withings device activated before its pairing: the id it was activated as, and how to store its tokens. */
interface Activated {
  deviceId: string;
  store: (tx: Tx, deviceId: string) => Promise<void>;
}

export interface PairingDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  activateWithings?: WithingsActivation | undefined;
}

/** How a call names the device: by the brand's identifier as typed, or by the inventory's `_id`. */
export type DeviceRef = { identifier: string } | { id: string };

/** What a connect by identifier knows of the device, to find it or to add it to the patient's clinic. */
interface DeviceIdentity {
  serialNumber: string;
  hubSerialNumber?: string | null;
  name?: string | null | undefined;
  model?: string | null;
  type?: DeviceType | null | undefined;
}

export const notFound = () => new AppError('NOT_FOUND', errorMessages.notFound);
export const conflict = (message: string) => new AppError('CONFLICT', message);

/** What a connect by identifier tells of its device, with the identifier as stored. */
function identityOf(form: Exclude<PairDeviceForm, { brand: 'Smart Meter' | 'Pylo' }>): DeviceIdentity {
  switch (form.brand) {
    case 'BODYTRACE':
      return {
        serialNumber: normaliseSerialNumber(form.brand, form.imei),
        name: form.deviceName,
        type: form.type,
      };
    case 'Withings':
      return {
        serialNumber: normaliseSerialNumber(form.brand, form.macAddress),
        name: form.deviceName,
        type: form.type,
      };
    case 'Tenovi':
      return {
        serialNumber: normaliseSerialNumber(form.brand, form.hwiDeviceId),
        name: form.deviceName,
        type: form.type,
      };
    case 'EDEVICE':
      return {
        serialNumber: normaliseSerialNumber(form.brand, form.bluetoothMA),
        hubSerialNumber: upperCaseIdentifier(form.hubSerialNumber),
        name: form.deviceName,
        model: form.deviceModel,
      };
  }
}

export function createPairingService(deps: PairingDeps) {
  const { db, clock, audit } = deps;

  async function visiblePatient(repo: DevicesRepository, actor: AuthUser, id: string) {
    const patient = await repo.findPatient(patientScope(actor), id);
    if (!patient) throw notFound();
    return patient;
  }

  /** A device of the brand that is not deleted, or 404. */
  async function deviceByRef(repo: DevicesRepository, brand: DeviceBrand, ref: DeviceRef) {
    const device =
      'id' in ref
        ? await repo.findDevice(ref.id)
        : await repo.findBySerial(brand, normaliseSerialNumber(brand, ref.identifier));
    if (!device || device.brand !== brand) throw notFound();
    return device;
  }

  /**
   * The device a connect by identifier pairs: the inventory's device of that brand and identifier, or a new
   * one in the patient's clinic. Two requests adding the same new device make one (the unique index decides).
   */
  async function deviceForIdentity(
    repo: DevicesRepository,
    actor: AuthUser,
    brand: DeviceBrand,
    patient: PairingPatient,
    identity: DeviceIdentity,
    activated?: Activated,
  ): Promise<DeviceRow> {
    const existing = await repo.findBySerial(brand, identity.serialNumber);
    if (existing) return existing;
    const now = clock.now();
    const created = await repo.insertDevice({
      ...(activated && { id: activated.deviceId }),
      brand,
      serialNumber: identity.serialNumber,
      hubSerialNumber: identity.hubSerialNumber ?? null,
      name: identity.name ?? null,
      model: identity.model ?? null,
      type: identity.type ?? null,
      clinicId: patient.clinicId,
      createdBy: actor.id,
      createdAt: now,
      updatedAt: now,
    });
    if (created) return created;
    // Another request added it meanwhile; its transaction has committed, so it is there now.
    const added = await repo.findBySerial(brand, identity.serialNumber);
    if (!added) throw conflict(errorMessages.devicePaired);
    return added;
  }

  /**
   * The device as it stands once locked: a delete or a deactivation that was under way has committed, and
   * what it changed is what the caller checks. Deleted meanwhile, 409 (another try adds an identifier anew).
   */
  async function lockedDevice(repo: DevicesRepository, device: DeviceRow): Promise<DeviceRow> {
    const locked = await repo.lockDevice(device.id);
    if (!locked) throw conflict(errorMessages.deviceJustDeleted);
    return locked;
  }

  /** A device of another clinic, or a deactivated one, cannot be paired with the patient: 409. */
  function refusePairing(device: DeviceRow, patient: PairingPatient) {
    if (device.clinicId && device.clinicId !== patient.clinicId)
      throw conflict(errorMessages.deviceOtherClinic);
    if (device.status === 'deactivated') throw conflict(errorMessages.deviceIsDeactivated);
  }

  /**
   * A Withings device is activated with Withings (decision 0009) before its pairing's transaction, not in it:
   * the vendor's three calls may take seconds, and a transaction waiting on them held the device's lock,
   * which a webhook batch of that device waits for (and every batch after it), and one of the pool's
   * connections. The pairing's checks run first, without locks, so nothing about a patient out of the
   * user's reach, or a device that cannot be paired, is sent to Withings; the transaction makes them again.
   * A new device is activated under the id it will be added with.
   */
  async function activateFirst(
    actor: AuthUser,
    brand: DeviceBrand,
    patientId: string,
    serialNumber: string,
  ): Promise<Activated | undefined> {
    if (brand !== 'Withings' || !deps.activateWithings) return undefined;
    const repo = createDevicesRepository(db);
    const patient = await visiblePatient(repo, actor, patientId);
    const existing = await repo.findBySerial(brand, serialNumber);
    if (existing) {
      refusePairing(existing, patient);
      if (await repo.findCurrentPairing(existing.id)) throw conflict(errorMessages.devicePaired);
    }
    const deviceId = existing?.id ?? randomUUID();
    return { deviceId, store: await deps.activateWithings({ id: deviceId, serialNumber }) };
  }

  /**
   * Pairs a device with a patient inside the caller's transaction (decision 0009): a device of another clinic,
   * a deactivated one or one that has a patient is refused with 409; a device of the operator's stock takes
   * the patient's clinic. The device is locked and read again first, as its delete and deactivation lock it,
   * so neither can pass a pairing being made. The pairing is inserted first, so a refused pairing changes
   * nothing. A Withings device activated beforehand has its tokens stored here.
   */
  async function pair(
    tx: Tx,
    actor: AuthUser,
    patient: PairingPatient,
    given: DeviceRow,
    identity: Partial<DeviceIdentity>,
    ip: string | null,
    activated?: Activated,
  ): Promise<ConnectedDevice> {
    const repo = createDevicesRepository(tx);
    const found = await lockedDevice(repo, given);
    refusePairing(found, patient);
    const now = clock.now();
    const pairing = await repo.insertPairing({
      clinicId: patient.clinicId,
      patientId: patient.id,
      deviceId: found.id,
      deviceName: identity.name || found.name,
      status: 'active',
      pairedAt: now,
      createdBy: actor.id,
      createdAt: now,
    });
    if (!pairing) throw conflict(errorMessages.devicePaired);
    await repo.clearUnrecognised(found, ['unpaired', 'disconnected']);

    const changes: Partial<DeviceRow> = {};
    if (!found.clinicId) changes.clinicId = patient.clinicId;
    if (!found.type && identity.type) changes.type = identity.type;
    if (!found.name && identity.name) changes.name = identity.name;
    if (!found.model && identity.model) changes.model = identity.model;
    if (identity.hubSerialNumber && identity.hubSerialNumber !== found.hubSerialNumber)
      changes.hubSerialNumber = identity.hubSerialNumber;
    const device = Object.keys(changes).length
      ? await repo.updateDevice(found.id, { ...changes, updatedAt: now })
      : found;

    await activated?.store(tx, device.id);
    await audit.record(tx, {
      actorUserId: actor.id,
      clinicId: patient.clinicId,
      patientId: patient.id,
      action: 'device.paired',
      entityType: 'device',
      entityId: device.id,
      message: `Paired ${deviceLabel(device)}`,
      details: { brand: device.brand, serialNumber: device.serialNumber, pairingId: pairing.id },
      ip,
    });
    return toConnectedDevice(pairing, device);
  }

  /**
   * The patient's current pairing of the device named, with the device, both locked, or 404 (no such device,
   * or not theirs).
   */
  async function patientPairing(
    repo: DevicesRepository,
    actor: AuthUser,
    brand: DeviceBrand,
    patientId: string,
    ref: DeviceRef,
  ): Promise<{ patient: PairingPatient; device: DeviceRow; pairing: PatientDeviceRow }> {
    const patient = await visiblePatient(repo, actor, patientId);
    const device = await lockedDevice(repo, await deviceByRef(repo, brand, ref));
    const pairing = await repo.lockCurrentPairing(device.id);
    if (!pairing || pairing.patientId !== patient.id) throw notFound();
    return { patient, device, pairing };
  }

  const paired = (device: ConnectedDevice) => ({ message: toasts.pairSuccessful, device });

  return {
    /**
     * Connect from the patient form (spec patients 7): the body is the brand's `PairDeviceForm`. Smart Meter
     * and Pylo pick a device of the inventory by `_id`; the other brands name it by identifier, adding it to
     * the patient's clinic when the inventory does not know it.
     */
    async connect(
      actor: AuthUser,
      brand: DeviceBrand,
      patientId: string,
      body: Record<string, unknown>,
      ip: string | null,
    ) {
      const parsed = PairDeviceForm.safeParse({ ...body, brand });
      if (!parsed.success) throw invalidBody(parsed.error);
      const form = parsed.data;
      if (form.brand === 'Smart Meter' || form.brand === 'Pylo') {
        const connected = await db.transaction(async (tx) => {
          const repo = createDevicesRepository(tx);
          const patient = await visiblePatient(repo, actor, patientId);
          const device = await deviceByRef(repo, brand, { id: form.deviceObjectId });
          return pair(tx, actor, patient, device, { name: form.deviceName }, ip);
        });
        return paired(connected);
      }
      const identity = identityOf(form);
      const activated = await activateFirst(actor, brand, patientId, identity.serialNumber);
      const connected = await db.transaction(async (tx) => {
        const repo = createDevicesRepository(tx);
        const patient = await visiblePatient(repo, actor, patientId);
        const device = await deviceForIdentity(repo, actor, brand, patient, identity, activated);
        return pair(tx, actor, patient, device, identity, ip, activated);
      });
      return paired(connected);
    },

    /** Add-device (Withings, Smart Meter, Pylo): a device typed in by serial number, added if new, and paired. */
    async addDevice(
      actor: AuthUser,
      brand: DeviceBrand,
      patientId: string,
      body: Record<string, unknown>,
      ip: string | null,
    ) {
      const parsed = PatientDeviceRequest.safeParse({
        brand,
        serialNumber: body.serialNumber,
        type: body.type,
      });
      if (!parsed.success) throw invalidBody(parsed.error);
      const { serialNumber, type } = parsed.data;
      const activated = await activateFirst(actor, brand, patientId, serialNumber);
      const connected = await db.transaction(async (tx) => {
        const repo = createDevicesRepository(tx);
        const patient = await visiblePatient(repo, actor, patientId);
        const device = await deviceForIdentity(
          repo,
          actor,
          brand,
          patient,
          { serialNumber, type },
          activated,
        );
        return pair(tx, actor, patient, device, { type }, ip, activated);
      });
      return paired(connected);
    },

    /** Disconnect: the pairing stays the patient's, disabled; its readings are no longer stored. */
    async disconnect(
      actor: AuthUser,
      brand: DeviceBrand,
      patientId: string,
      ref: DeviceRef,
      ip: string | null,
    ) {
      const device = await db.transaction(async (tx) => {
        const repo = createDevicesRepository(tx);
        const found = await patientPairing(repo, actor, brand, patientId, ref);
        if (found.pairing.status === 'disabled') return toConnectedDevice(found.pairing, found.device);
        const pairing = await repo.updatePairing(found.pairing.id, {
          status: 'disabled',
          unpairedAt: clock.now(),
        });
        await audit.record(tx, {
          actorUserId: actor.id,
          clinicId: found.patient.clinicId,
          patientId: found.patient.id,
          action: 'device.disconnected',
          entityType: 'device',
          entityId: found.device.id,
          message: `Disconnected ${deviceLabel(found.device)}`,
          details: { brand, serialNumber: found.device.serialNumber, pairingId: pairing.id },
          ip,
        });
        return toConnectedDevice(pairing, found.device);
      });
      return { message: toasts.deviceUpdated, device };
    },

    /** Reconnect a disabled pairing; an eDevice may name the hub it now forwards through. */
    async reconnect(
      actor: AuthUser,
      brand: DeviceBrand,
      patientId: string,
      ref: DeviceRef,
      ip: string | null,
      hubSerialNumber?: string | null,
    ) {
      const device = await db.transaction(async (tx) => {
        const repo = createDevicesRepository(tx);
        const found = await patientPairing(repo, actor, brand, patientId, ref);
        if (found.device.status === 'deactivated') throw conflict(errorMessages.deviceIsDeactivated);
        // Reconnecting an active pairing changes nothing, not even the hub named with it.
        if (found.pairing.status === 'active') return toConnectedDevice(found.pairing, found.device);
        const hub = hubSerialNumber ? upperCaseIdentifier(hubSerialNumber) : undefined;
        const current =
          hub && hub !== found.device.hubSerialNumber
            ? await repo.updateDevice(found.device.id, { hubSerialNumber: hub, updatedAt: clock.now() })
            : found.device;
        const pairing = await repo.updatePairing(found.pairing.id, { status: 'active', unpairedAt: null });
        await repo.clearUnrecognised(current, ['disconnected']);
        await audit.record(tx, {
          actorUserId: actor.id,
          clinicId: found.patient.clinicId,
          patientId: found.patient.id,
          action: 'device.reconnected',
          entityType: 'device',
          entityId: current.id,
          message: `Reconnected ${deviceLabel(current)}`,
          details: { brand, serialNumber: current.serialNumber, pairingId: pairing.id },
          ip,
        });
        return toConnectedDevice(pairing, current);
      });
      return { message: toasts.deviceUpdated, device };
    },

    /** Remove: the pairing leaves the patient (kept as history) and the device is free again. */
    async removeFromPatient(
      actor: AuthUser,
      brand: DeviceBrand,
      patientId: string,
      ref: DeviceRef,
      ip: string | null,
    ) {
      await db.transaction(async (tx) => {
        const repo = createDevicesRepository(tx);
        const found = await patientPairing(repo, actor, brand, patientId, ref);
        const now = clock.now();
        await repo.removePairing(found.pairing, found.device, now);
        await repo.clearUnrecognised(found.device, pairingEndedReasons);
        await audit.record(tx, {
          actorUserId: actor.id,
          clinicId: found.patient.clinicId,
          patientId: found.patient.id,
          action: 'device.removed',
          entityType: 'device',
          entityId: found.device.id,
          message: `Removed ${deviceLabel(found.device)} from the patient`,
          details: { brand, serialNumber: found.device.serialNumber, pairingId: found.pairing.id },
          ip,
        });
      });
      return { message: toasts.deviceDeleted };
    },

    /**
     * GET /devices?patientId=: the patient's pairings, current and past, newest first. A read of patient
     * data, recorded as DESIGN 3 asks.
     */
    async patientDevices(actor: AuthUser, patientId: string, inputVal: string, ip: string | null) {
      const repo = createDevicesRepository(db);
      const patient = await visiblePatient(repo, actor, patientId);
      const rows = await repo.findPatientPairings(patient.id, inputVal);
      await audit.patientViewed(db, {
        actorUserId: actor.id,
        patient,
        view: 'devices',
        message: 'Viewed devices',
        ip,
      });
      return { devices: rows.map((r) => toConnectedDevice(r.pairing, r.device)) };
    },

    /** GET /smart-meter and /pylo: the brand's free, active devices of the patient's clinic. */
    async freeDevices(
      actor: AuthUser,
      brand: DeviceBrand,
      patientId: string,
    ): Promise<{ devices: FreeDevice[] }> {
      const repo = createDevicesRepository(db);
      const patient = await visiblePatient(repo, actor, patientId);
      return { devices: (await repo.findFree(brand, patient.clinicId)).map(toFreeDevice) };
    },
  };
}

export type PairingService = ReturnType<typeof createPairingService>;
