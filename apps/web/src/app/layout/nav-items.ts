import { deviceLabels, formTexts, labels, type SessionUser } from '@vigil/core';
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
 * The user menu's entries (spec administration 2, Top navigation): Device Management for care navigators
 * only (spec administration 6), Manage Forms for operator admins only (issue 13), then Account, Security
 * and Logout for everyone.
 */
export function userMenuItems(user: SessionUser): NavItem[] {
  return [
    ...(user.role.type === 'CARE_NAVIGATOR'
      ? [{ label: deviceLabels.deviceManagement, to: paths.deviceDashboard }]
      : []),
    ...(user.role.portal === 'CIRCLE' && user.role.access === 'ADMIN'
      ? [{ label: formTexts.manageForms, to: paths.manageForms }]
      : []),
    { label: labels.account, to: paths.account },
    { label: labels.security, to: paths.security },
    { label: labels.logout, to: paths.signOut },
  ];
}
