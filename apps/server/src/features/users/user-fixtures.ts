import { demoIds } from '../../db/seed/demo.js';

let counter = 0;

/** A valid POST /users body: a staff user of Sunrise with a new name and email each call. */
export const newUserBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Casey',
  lastName: `Tester${++counter}`,
  phone: '5035550199',
  email: `casey${counter}@sunrise.demo`,
  admin: false,
  clinicalRole: 'STAFF',
  timeTrackingEnabled: false,
  twoFactorType: 'none',
  role: { portal: 'CLINIC' },
  clinicId: demoIds.sunrise,
  ...overrides,
});
