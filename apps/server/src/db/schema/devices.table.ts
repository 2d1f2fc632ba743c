import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { clinics } from './clinics.table.js';
import { patients } from './patients.table.js';
import { users } from './users.table.js';

/**
 * A device of the inventory (spec administration 3: Device). `serial_number` is the brand's identifier:
 * the IMEI (BodyTrace, Smart Meter, Pylo), the MAC address without colons or dashes (Withings), the Bluetooth
 * address on its hub (eDevice, whose hub serial is beside it) or the gateway's device id (Tenovi).
 * One identifier per brand among devices not deleted. A device with no clinic is the operator's stock.
 */
export const devices = pgTable(
  'devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** A value of the core's `allDeviceBrands`. */
    brand: text('brand').notNull(),
    /** A value of the core's `deviceTypes`; unknown (null) until told or until the first reading shows it. */
    type: text('type'),
    serialNumber: text('serial_number').notNull(),
    hubSerialNumber: text('hub_serial_number'),
    name: text('name'),
    model: text('model'),
    clinicId: uuid('clinic_id').references(() => clinics.id),
    /** 'active' or 'deactivated' (its SIM or service turned off: its readings are no longer stored). */
    status: text('status', { enum: ['active', 'deactivated'] })
      .notNull()
      .default('active'),
    /** Percent, from the vendor's last payload. */
    battery: integer('battery'),
    /** When the device last reported its battery: a pairing shows only a battery reported while it held the device. */
    batteryReportedAt: timestamp('battery_reported_at', { withTimezone: true }),
    signal: integer('signal'),
    /** The last reading the device delivered. */
    lastConnectedAt: timestamp('last_connected_at', { withTimezone: true }),
    /** The last payload of any kind, heartbeats included. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** Withings: the vendor's user the device was activated for, and that user's tokens (encrypted). */
    vendorUserId: text('vendor_user_id'),
    vendorAccessToken: text('vendor_access_token'),
    vendorRefreshToken: text('vendor_refresh_token'),
    vendorTokenExpiresAt: timestamp('vendor_token_expires_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** A deleted device leaves the inventory; its row stays for the readings that name it. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('devices_brand_serial_unique').on(t.brand, t.serialNumber).where(sql`${t.deletedAt} is null`),
    // The rows an identifier has had, deleted ones included: their pairings place its late readings.
    index('devices_brand_serial_idx').on(t.brand, t.serialNumber),
    index('devices_clinic_idx').on(t.clinicId),
    index('devices_created_idx').on(t.createdAt),
    index('devices_vendor_user_idx').on(t.brand, t.vendorUserId).where(sql`${t.vendorUserId} is not null`),
  ],
);
export type DeviceRow = typeof devices.$inferSelect;

/**
 * A device paired with a patient, and the history of pairings (spec patients 3: Connected device).
 * Connect makes a row 'active', disconnect makes it 'disabled' (still the patient's), delete or unlink
 * sets `deleted_at` and frees the device. A device has at most one pairing that is not deleted.
 */
export const patientDevices = pgTable(
  'patient_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clinicId: uuid('clinic_id')
      .notNull()
      .references(() => clinics.id),
    patientId: uuid('patient_id')
      .notNull()
      .references(() => patients.id),
    deviceId: uuid('device_id')
      .notNull()
      .references(() => devices.id),
    deviceName: text('device_name'),
    /**
     * The hub the device was on when the pairing was removed; until then the device's own is shown. The device
     * may go on to another clinic, whose hub its earlier patients must not see.
     */
    hubSerialNumber: text('hub_serial_number'),
    status: text('status', { enum: ['active', 'disabled'] })
      .notNull()
      .default('active'),
    pairedAt: timestamp('paired_at', { withTimezone: true }).notNull(),
    unpairedAt: timestamp('unpaired_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('patient_devices_patient_idx').on(t.patientId),
    index('patient_devices_device_idx').on(t.deviceId),
    uniqueIndex('patient_devices_current_unique').on(t.deviceId).where(sql`${t.deletedAt} is null`),
  ],
);
export type PatientDeviceRow = typeof patientDevices.$inferSelect;

/**
 * Deliveries a webhook could not put on a patient (vendors.md: the "unmatched" log), one row per vendor,
 * identifier and reason, counted, for staff on the device screens. The last payload is kept to diagnose.
 */
export const unrecognisedDevices = pgTable(
  'unrecognised_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The reading source of the webhook (BODYTRACE, WITHINGS, ...). */
    source: text('source').notNull(),
    identifier: text('identifier').notNull(),
    /** A value of the core's `unrecognisedReasons`. */
    reason: text('reason').notNull(),
    /** The inventory device, when the identifier is known but cannot take readings. */
    deviceId: uuid('device_id').references(() => devices.id),
    clinicId: uuid('clinic_id').references(() => clinics.id),
    firstSeenAt: timestamp('first_seen_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull(),
    count: integer('count').notNull().default(1),
    lastPayload: jsonb('last_payload'),
    /** The type its last readings showed (a blood pressure or a weight), to prefill 'Add Device'. */
    deviceType: text('device_type'),
    /** An eDevice's hub, as its last delivery named it, to prefill 'Add Device'. */
    hubSerialNumber: text('hub_serial_number'),
  },
  (t) => [
    uniqueIndex('unrecognised_devices_unique').on(t.source, t.identifier, t.reason),
    index('unrecognised_devices_last_seen_idx').on(t.lastSeenAt),
  ],
);
export type UnrecognisedDeviceRow = typeof unrecognisedDevices.$inferSelect;
