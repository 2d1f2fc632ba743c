import type { DeviceBrand, DeviceSource, NormalisedReading } from '@vigil/core';

/** A normalised reading with the part of the vendor payload it came from, kept beside it (vendors.md). */
export interface VendorReading extends NormalisedReading {
  raw: unknown;
  /** A part of a measurement the vendor sends apart: it completes the stored reading it belongs to. */
  completes?: boolean;
}

/**
 * What one device said in one payload, as every adapter hands it to the ingestion service: its readings,
 * in the product's units, and its battery and signal. No reading is a heartbeat. A payload may carry
 * several devices (a Tenovi array), hence adapters answer a list.
 */
export interface DeviceDelivery {
  brand: DeviceBrand;
  source: DeviceSource;
  /** The inventory's serial number of the device: upper-cased, as `devices.serial_number` stores it. */
  deviceIdentifier: string;
  readings: VendorReading[];
  /** Percent. */
  battery: number | null;
  signal: number | null;
  /** The payload as received, kept on an unrecognised delivery to diagnose it. */
  raw: unknown;
  /** An eDevice's hub, as the delivery names it (upper-cased), for an unrecognised device's 'Add Device'. */
  hubSerialNumber?: string | null;
  /**
   * Pulled from the vendor's API (a Withings notification's job, a patient's Sync), not pushed by the
   * device: the device was seen when it took its readings, not when the product fetched them, so a pull of
   * old readings does not make a silent device look alive.
   */
  pulled?: boolean;
  /** Readings the checks refused (out of range, in the future): stored nowhere, they still show the device's kind. */
  refused?: VendorReading[];
}
