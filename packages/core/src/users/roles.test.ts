import { describe, expect, it } from 'vitest';
import { displayName, menuRoleLabel, roleLabel } from './roles.js';

describe('role labels', () => {
  it.each([
    ['CARE_NAVIGATOR', 'Care Navigator'],
    ['PHYSICIAN', 'Physician'],
    ['STAFF', 'Staff'],
    [null, 'N/A'],
    ['OTHER', 'N/A'],
  ])('labels %s as %s in the users list', (type, label) => expect(roleLabel(type)).toBe(label));

  it('brands the navigator label in the user menu', () => {
    expect(menuRoleLabel('CARE_NAVIGATOR')).toBe('Circle Care Navigator');
    expect(menuRoleLabel('STAFF')).toBe('Staff');
  });

  it('puts Dr. before a physician name only', () => {
    expect(displayName({ firstName: 'Ana', lastName: 'Diaz', role: { type: 'PHYSICIAN' } })).toBe(
      'Dr. Ana Diaz',
    );
    expect(displayName({ firstName: 'Ana', lastName: 'Diaz', role: { type: 'STAFF' } })).toBe('Ana Diaz');
  });
});
