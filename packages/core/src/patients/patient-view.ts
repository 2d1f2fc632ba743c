import type { CustomAlert } from '../alerts/custom-alerts.rules.js';
import type { ConsentStatus } from './patients.constants.js';

/**
 * A patient as `GET /pacients/{id}` and `/pacients/{id}/details` answer it (inside `data`): the stored
 * form values, the assignment with names, and the figures the form shows. Dates are ISO strings;
 * `dateOfBirth` is YYYY-MM-DD.
 */
export interface PatientView {
  _id: string;
  clinic: string;
  clinicName: string;
  assignedPhysician: string | null;
  assignedPhysicianName: string | null;
  /** The form's single navigator id; the detail page reads the list below. */
  assignedCareNavigator: string | null;
  careNavigators: { _id: string; fullName: string }[];
  /** Staff ids. */
  careTeam: string[];
  staff: { _id: string; fullName: string }[];
  firstName: string;
  lastName: string;
  fullName: string;
  email: string | null;
  language: string | null;
  sex: string | null;
  dateOfBirth: string | null;
  timezone: string;
  phone: string | null;
  phones: { number: string; type: 'Cell' | 'Landline' | null; notes: string | null }[];
  address: {
    address?: string | null;
    apt?: string | null;
    city?: string | null;
    state?: string | null;
    zip?: string | null;
  } | null;
  preferences: Record<string, unknown>;
  deviceInfo: { reading: { intervals: string[] } } | null;
  medicalInfo: {
    dateOfBirth?: string;
    mr?: string | null;
    gender?: string;
    diagnosis?: string;
    height?: string;
    heightFeets?: number;
    heightInches?: number;
    heightInInches?: number;
    weight?: number;
  };
  diagnosis: string | null;
  consent: { status: ConsentStatus | null; user: string | null; dateGiven: string | null };
  connectDevices: string | null;
  shippingAddress: string | null;
  enrolled: boolean;
  active: boolean;
  highPriority: boolean;
  dateOfEnrollment: string | null;
  /** The patient's own thresholds, else the clinic's: what the form's Custom alerts section starts from. */
  customAlerts: CustomAlert[];
  trackedTimeThisMonth: number;
  lastReviewedAt: string | null;
  createdAt: string;
  /** The record's version: the form sends it back, so that a save over a newer one is refused. */
  updatedAt: string;
}
