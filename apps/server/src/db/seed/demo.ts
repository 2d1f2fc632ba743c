import { defaultCustomAlerts } from '@vigil/core';
import type { Clock } from '../../clock.js';
import { hashPassword } from '../../features/auth/secrets.js';
import type { Db } from '../client.js';
import { clinics, users } from '../schema/index.js';
import type { WithingsTokenMaker } from './demo-devices.js';
import { seedDemoForms } from './demo-forms.js';
import { seedDemoPatients } from './demo-patients.js';

export const demoPassword = 'Demo!Pass1';

/** Fixed ids keep the demo deterministic: links and tests can name them. */
export const demoIds = {
  sunrise: '00000000-0000-4000-8000-000000000001',
  harbor: '00000000-0000-4000-8000-000000000002',
  lakeside: '00000000-0000-4000-8000-000000000003',
  adminCircle: '00000000-0000-4000-8000-000000000101',
  navigatorCircle: '00000000-0000-4000-8000-000000000102',
  physicianSunrise: '00000000-0000-4000-8000-000000000103',
  staffSunrise: '00000000-0000-4000-8000-000000000104',
  twoFactorSunrise: '00000000-0000-4000-8000-000000000105',
  physicianHarbor: '00000000-0000-4000-8000-000000000106',
  deactivatedSunrise: '00000000-0000-4000-8000-000000000107',
} as const;

type NewUser = typeof users.$inferInsert;

export const demoAccounts: Array<Omit<NewUser, 'passwordHash'>> = [
  {
    id: demoIds.adminCircle,
    email: 'admin@circle.demo',
    firstName: 'Avery',
    lastName: 'Lindqvist',
    phone: '5035550101',
    roleType: 'CARE_NAVIGATOR',
    access: 'ADMIN',
    portal: 'CIRCLE',
    timeTrackingEnabled: true,
  },
  {
    id: demoIds.navigatorCircle,
    email: 'navigator@circle.demo',
    firstName: 'Noah',
    lastName: 'Okafor',
    phone: '5035550102',
    roleType: 'CARE_NAVIGATOR',
    access: 'USER',
    portal: 'CIRCLE',
    timeTrackingEnabled: true,
  },
  {
    id: demoIds.physicianSunrise,
    email: 'physician@sunrise.demo',
    firstName: 'Priya',
    lastName: 'Raman',
    phone: '5035550103',
    roleType: 'PHYSICIAN',
    access: 'ADMIN',
    portal: 'CLINIC',
    clinicId: demoIds.sunrise,
    emergencyProtocol: 'Systolic 180 or above with symptoms: call 911, then page the on-call cardiologist.',
  },
  {
    id: demoIds.staffSunrise,
    email: 'staff@sunrise.demo',
    firstName: 'Sam',
    lastName: 'Delgado',
    phone: '5035550104',
    roleType: 'STAFF',
    access: 'USER',
    portal: 'CLINIC',
    clinicId: demoIds.sunrise,
  },
  {
    id: demoIds.twoFactorSunrise,
    email: 'twofactor@sunrise.demo',
    firstName: 'Tess',
    lastName: 'Whitaker',
    phone: '+15035550142',
    roleType: 'STAFF',
    access: 'USER',
    portal: 'CLINIC',
    clinicId: demoIds.sunrise,
    twoFactorType: 'sms',
  },
  {
    id: demoIds.physicianHarbor,
    email: 'physician@harbor.demo',
    firstName: 'Henry',
    lastName: 'Castellanos',
    phone: '2065550106',
    roleType: 'PHYSICIAN',
    access: 'ADMIN',
    portal: 'CLINIC',
    clinicId: demoIds.harbor,
    emergencyProtocol: 'Chest pain or fainting: advise 911 and notify the physician on duty.',
  },
];

/** Colleagues that make the users lists mean something; they sign in with the demo password too. */
export const demoColleagues: Array<Omit<NewUser, 'passwordHash'>> = [
  {
    email: 'cardiology2@sunrise.demo',
    firstName: 'Marcus',
    lastName: 'Feld',
    phone: '5035550111',
    roleType: 'PHYSICIAN',
    access: 'USER',
    portal: 'CLINIC',
    clinicId: demoIds.sunrise,
    emergencyProtocol: 'Escalate symptomatic hypertension to Dr. Raman.',
  },
  {
    email: 'nurse@sunrise.demo',
    firstName: 'Lena',
    lastName: 'Ortiz',
    phone: '5035550112',
    roleType: 'STAFF',
    access: 'USER',
    portal: 'CLINIC',
    clinicId: demoIds.sunrise,
    timeTrackingEnabled: true,
  },
  {
    id: demoIds.deactivatedSunrise,
    email: 'former@sunrise.demo',
    firstName: 'Omar',
    lastName: 'Haddad',
    phone: '5035550113',
    roleType: 'STAFF',
    access: 'USER',
    portal: 'CLINIC',
    clinicId: demoIds.sunrise,
    isDeactivated: true,
  },
  {
    email: 'staff@harbor.demo',
    firstName: 'Grace',
    lastName: 'Kim',
    phone: '2065550114',
    roleType: 'STAFF',
    access: 'USER',
    portal: 'CLINIC',
    clinicId: demoIds.harbor,
  },
  {
    email: 'navigator2@circle.demo',
    firstName: 'Iris',
    lastName: 'Mbeki',
    phone: '5035550115',
    roleType: 'CARE_NAVIGATOR',
    access: 'USER',
    portal: 'CIRCLE',
  },
  {
    email: 'physician@lakeside.demo',
    firstName: 'Daniel',
    lastName: 'Brandt',
    phone: '5415550116',
    roleType: 'PHYSICIAN',
    access: 'ADMIN',
    portal: 'CLINIC',
    clinicId: demoIds.lakeside,
  },
];

/**
 * Seeds the demo clinics, accounts and patients once, relative to the clock's today, into a new database
 * only: one that has a clinic or an account is left alone (an administrator made with `admin:create` is
 * a real installation's, which must never get the demo's accounts and their published password). `withingsTokens` gives the seeded Withings devices the (encrypted)
 * tokens their activation would have stored, so the demo's fake Withings API answers their pulls.
 */
export async function seedDemo(
  db: Db,
  clock: Clock,
  options: { withingsTokens?: WithingsTokenMaker } = {},
): Promise<boolean> {
  const [clinic] = await db.select({ id: clinics.id }).from(clinics).limit(1);
  const [account] = await db.select({ id: users.id }).from(users).limit(1);
  if (clinic || account) return false;
  const passwordHash = await hashPassword(demoPassword);
  await db.transaction(async (tx) => {
    await tx.insert(clinics).values([
      {
        id: demoIds.sunrise,
        name: 'Sunrise Cardiology',
        address: '1420 NW Lovejoy St, Suite 300, Portland, OR 97209',
        slug: 'sunrise-cardiology',
        twilioNumber: '+15035550190',
        adminPhone: '5035550103',
        adminEmail: 'physician@sunrise.demo',
        customAlerts: [...defaultCustomAlerts],
      },
      {
        id: demoIds.harbor,
        name: 'Harbor Family Medicine',
        address: '2201 Western Ave, Seattle, WA 98121',
        slug: 'harbor-family-medicine',
        twilioNumber: '+12065550190',
        adminPhone: '2065550106',
        adminEmail: 'physician@harbor.demo',
        customAlerts: [...defaultCustomAlerts],
      },
      {
        id: demoIds.lakeside,
        name: 'Lakeside Internal Medicine',
        address: '88 E Broadway, Eugene, OR 97401',
        slug: 'lakeside-internal-medicine',
        active: false,
        twilioNumber: '+15415550190',
        adminPhone: '5415550116',
        adminEmail: 'physician@lakeside.demo',
        customAlerts: [...defaultCustomAlerts],
      },
    ]);
    await tx
      .insert(users)
      .values([...demoAccounts, ...demoColleagues].map((account) => ({ ...account, passwordHash })));
    await seedDemoPatients(tx, clock.now(), demoIds, options.withingsTokens);
    await seedDemoForms(tx, clock.now(), demoIds.staffSunrise);
  });
  return true;
}
