import type { SessionUser } from '@vigil/core';
import { labels } from '../../lib/labels';
import { paths } from '../../lib/paths';

export interface NavItem {
  label: string;
  to: string;
}

/** The top bar's links (spec administration 2, Top navigation): Clinics Dashboard for the operator portal. */
export function navItems(user: SessionUser): NavItem[] {
  return [
    ...(user.role.portal === 'CIRCLE' ? [{ label: labels.clinicsDashboard, to: paths.clinicDashboard }] : []),
    { label: labels.clinicianPatientList, to: paths.clinicianPatientList },
    { label: labels.patientPriorityList, to: paths.priorityList },
  ];
}

/**
 * The user menu's entries. The spec also gives care navigators 'Device Management'; it joins this list
 * with the device screens, so that the menu never leads to a page that does not exist.
 */
export function userMenuItems(): NavItem[] {
  return [
    { label: labels.account, to: paths.account },
    { label: labels.security, to: paths.security },
    { label: labels.logout, to: paths.signOut },
  ];
}
