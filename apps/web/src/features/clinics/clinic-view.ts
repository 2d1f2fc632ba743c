import type { CustomAlert } from '@vigil/core';

/** A clinic as the clinics API answers (GET/PUT/POST /api/clinics...), spelled as the spec's Clinic entity. */
export interface ClinicView {
  _id: string;
  id: string;
  name: string;
  address: string;
  active: boolean;
  slug: string;
  /** The clinic's texting number, when one was provisioned. */
  twilioNumber: string | null;
  timeZone: string;
  admin: { phone: string | null; email: string | null };
  activePatients: number;
  inactivePatients: number;
  unassignedPatients: number;
  customAlerts: CustomAlert[];
}
