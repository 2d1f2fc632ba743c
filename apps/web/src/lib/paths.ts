/** Route paths of the web app (spec administration 2, patients 2). */
export const paths = {
  signIn: '/signin',
  signUp: '/signup',
  signOut: '/signout',
  recover: '/auth/recover',
  setPassword: '/auth/set-password',
  security: '/security',
  account: '/account',
  accountClinic: '/account/clinic/:id',
  accountNew: '/account/new',
  accountNewInClinic: '/account/new/:clinicId',
  accountEdit: '/account/edit/:userId',
  clinicDashboard: '/clinic/dashboard',
  clinicAdd: '/clinic/add',
  clinicianPatientList: '/patient/clinician-patient-list',
  priorityList: '/patient/priority-list',
  patientAdd: '/patient/add',
  patientEdit: '/patient/edit/:id',
  patientSettings: '/patient/settings',
  patientDetails: '/patient/details/:id',
  patientAuditTrail: '/patient/audit-trail-logs/:id',
  deviceDashboard: '/device/dashboard',
  deviceAdd: '/device/add',
  deviceEdit: '/device/edit/:id',
  manageForms: '/forms/manage',
} as const;

/** Where the spec sends a user after the session timed out. */
export const sessionTimedOutUrl = `${paths.signIn}?sessionTimedOut=true`;

/** The patient area (spec patients 1): its toasts hide after 4 s at top centre. */
export function isPatientArea(pathname: string): boolean {
  return pathname.toLowerCase().startsWith('/patient/');
}

/** Links to the routes with parameters. */
export const links = {
  accountClinic: (clinicId: string) => `/account/clinic/${encodeURIComponent(clinicId)}`,
  /** The user form for a new account: in a clinic, or in the operator portal without one. */
  accountNew: (clinicId: string | null) =>
    clinicId ? `/account/new/${encodeURIComponent(clinicId)}` : paths.accountNew,
  accountEdit: (userId: string) => `/account/edit/${encodeURIComponent(userId)}`,
  patientEdit: (patientId: string) => `/patient/edit/${encodeURIComponent(patientId)}`,
  patientDetails: (patientId: string) => `/patient/details/${encodeURIComponent(patientId)}`,
  patientAuditTrail: (patientId: string) => `/patient/audit-trail-logs/${encodeURIComponent(patientId)}`,
  priorityListOfClinic: (clinicId: string) =>
    `${paths.priorityList}?${new URLSearchParams({ clinicId }).toString()}`,
  deviceEdit: (deviceId: string) => `/device/edit/${encodeURIComponent(deviceId)}`,
  /** The add-device form, prefilled with a brand and identifier (an unrecognised device). */
  /** 'Add Device' for an unrecognised device: its brand, identifier, type and eDevice hub, where known. */
  deviceAddPrefilled: (device: {
    brand: string;
    identifier: string;
    type: string | null;
    hubSerialNumber: string | null;
  }) => {
    const params = new URLSearchParams({ brand: device.brand, identifier: device.identifier });
    if (device.type) params.set('type', device.type);
    if (device.hubSerialNumber) params.set('hubSerialNumber', device.hubSerialNumber);
    return `${paths.deviceAdd}?${params.toString()}`;
  },
};

/**
 * The address staff of a clinic are given: this deployment's sign-in page, tagged with the clinic's slug.
 * It works on any host (no per-clinic subdomain to set up), and the slug is what identifies the clinic.
 */
export function clinicUrl(slug: string, origin: string = window.location.origin): string {
  return `${origin}${paths.signIn}?${new URLSearchParams({ clinic: slug }).toString()}`;
}
