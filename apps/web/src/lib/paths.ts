/** Route paths of the web app (spec administration 2, patients 2). */
export const paths = {
  signIn: '/signin',
  signUp: '/signup',
  signOut: '/signout',
  recover: '/auth/recover',
  setPassword: '/auth/set-password',
  security: '/security',
  account: '/account',
  clinicDashboard: '/clinic/dashboard',
  deviceDashboard: '/device/dashboard',
  clinicianPatientList: '/patient/clinician-patient-list',
  priorityList: '/patient/priority-list',
} as const;

/** Where the spec sends a user after the session timed out. */
export const sessionTimedOutUrl = `${paths.signIn}?sessionTimedOut=true`;

/** The patient area (spec patients 1): its toasts hide after 4 s at top centre. */
export function isPatientArea(pathname: string): boolean {
  return pathname.toLowerCase().startsWith('/patient/');
}
