export const roleTypes = ['CARE_NAVIGATOR', 'PHYSICIAN', 'STAFF'] as const;
export const accessLevels = ['ADMIN', 'USER'] as const;
export const portals = ['CIRCLE', 'CLINIC'] as const;

export type RoleType = (typeof roleTypes)[number];
export type Access = (typeof accessLevels)[number];
export type Portal = (typeof portals)[number];

export interface Role {
  type: RoleType;
  access: Access;
  portal: Portal;
}

/** The provider's brand on the Care Navigator label (spec: a provider-branded Care Navigator label). */
export const providerName = 'Circle';

/** Clinical role label of the users list: Care Navigator, Physician, Staff, otherwise N/A. */
export function roleLabel(type: string | null | undefined): string {
  switch (type) {
    case 'CARE_NAVIGATOR':
      return 'Care Navigator';
    case 'PHYSICIAN':
      return 'Physician';
    case 'STAFF':
      return 'Staff';
    default:
      return 'N/A';
  }
}

/** The user menu's role label: the provider-branded navigator label, Physician or Staff. */
export function menuRoleLabel(type: RoleType): string {
  return type === 'CARE_NAVIGATOR' ? `${providerName} Care Navigator` : roleLabel(type);
}

/** Physicians show with 'Dr.' before the name in the header. */
export function displayName(user: { firstName: string; lastName: string; role: { type: RoleType } }): string {
  const name = `${user.firstName} ${user.lastName}`;
  return user.role.type === 'PHYSICIAN' ? `Dr. ${name}` : name;
}
