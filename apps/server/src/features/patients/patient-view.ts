import type { ConsentStatus, PatientDetailsView, PatientView } from '@vigil/core';
import { toAlertView } from '../alerts/alert-view.js';
import type { PatientDetailsFacts, PatientRecord } from './patients.repository.js';

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

/** A stored patient as GET /pacients/{id} and /details answer it (inside `data`). */
export function toPatientView(record: PatientRecord): PatientView {
  const { patient, clinic } = record;
  const navigators = record.careTeam.filter((m) => m.role === 'CARE_NAVIGATOR');
  const staff = record.careTeam.filter((m) => m.role === 'STAFF');
  return {
    _id: patient.id,
    clinic: patient.clinicId,
    clinicName: clinic.name,
    assignedPhysician: patient.assignedPhysicianId,
    assignedPhysicianName: record.physicianName ? fullName(record.physicianName) : null,
    assignedCareNavigator: navigators[0]?.userId ?? null,
    careNavigators: navigators.map((m) => ({ _id: m.userId, fullName: fullName(m) })),
    careTeam: staff.map((m) => m.userId),
    staff: staff.map((m) => ({ _id: m.userId, fullName: fullName(m) })),
    firstName: patient.firstName,
    lastName: patient.lastName,
    fullName: fullName(patient),
    email: patient.email,
    language: patient.language,
    sex: patient.sex,
    dateOfBirth: patient.dateOfBirth,
    timezone: patient.timeZone,
    phone: patient.phone,
    phones: patient.phones,
    address: patient.address,
    preferences: patient.preferences,
    deviceInfo: patient.deviceInfo,
    medicalInfo: patient.medicalInfo,
    diagnosis: patient.diagnosis,
    consent: {
      status: patient.consentStatus as ConsentStatus | null,
      user: patient.consentUserId,
      dateGiven: patient.consentDate?.toISOString() ?? null,
    },
    connectDevices: patient.connectDevices,
    shippingAddress: patient.shippingAddress,
    enrolled: patient.enrolled,
    active: patient.active,
    highPriority: patient.highPriority,
    dateOfEnrollment: patient.enrolledAt?.toISOString() ?? null,
    // The form's Custom alerts section starts from the patient's own thresholds, else the clinic's.
    customAlerts: patient.customAlerts ?? clinic.customAlerts,
    trackedTimeThisMonth: record.trackedTimeThisMonth,
    lastReviewedAt: patient.lastReviewedAt?.toISOString() ?? null,
    createdAt: patient.createdAt.toISOString(),
    updatedAt: patient.updatedAt.toISOString(),
  };
}

/** GET /pacients/{id}/details: the patient and what the detail page's first paint needs (decision 0010). */
export function toPatientDetailsView(record: PatientRecord, facts: PatientDetailsFacts): PatientDetailsView {
  return {
    ...toPatientView(record),
    activeIssues: record.patient.activeIssues,
    medications: record.patient.medications,
    alerts: facts.alerts.map(toAlertView),
    lastCompletedCall: facts.lastCompletedCall?.toISOString() ?? null,
    lastAttemptedCall: facts.lastAttemptedCall?.toISOString() ?? null,
    devicesCount: facts.devicesCount,
    smsOptedOut: facts.smsOptedOut,
  };
}
