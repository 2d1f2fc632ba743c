import { describe, expect, it } from 'vitest';
import { defaultCustomAlerts } from '../alerts/custom-alerts.rules.js';
import { deriveSlug } from '../format/text.helpers.js';
import { messages } from '../messages.js';
import { ClinicSettingsForm, NewClinicForm, UpdateClinicRequest } from './clinics.schema.js';

const clinic = {
  clinic_name: 'Sunrise Cardiology',
  clinic_slug: deriveSlug('Sunrise Cardiology'),
  clinic_area_code: '559',
  clinic_address: '1 Main St, Fresno, CA',
  clinic_admin_first_name: 'Ana',
  clinic_admin_last_name: 'Diaz',
  clinic_admin_phone: '559-555-0100',
  clinic_admin_email: 'ana@sunrise.demo',
  emergencyProtocol: 'Call 911',
};

describe('clinic schemas', () => {
  it('requires name and address in the settings', () =>
    expect(
      ClinicSettingsForm.safeParse({ name: ' ', address: '' }).error?.issues.map((i) => i.message),
    ).toEqual([messages.required, messages.required]));

  it('creates a clinic with a physician admin by default, keeping the protocol', () =>
    expect(NewClinicForm.parse(clinic)).toMatchObject({
      clinic_admin_role: 'PHYSICIAN',
      emergencyProtocol: 'Call 911',
    }));

  it('drops the emergency protocol of a staff admin', () =>
    expect(NewClinicForm.parse({ ...clinic, clinic_admin_role: 'STAFF' }).emergencyProtocol).toBeNull());

  it.each([
    ['abcd', true],
    ['sun-rise-2', true],
    ['abc', false],
    ['Sunrise', false],
    ['sun rise', false],
  ])('takes the slug %j: %s', (slug, ok) =>
    expect(NewClinicForm.safeParse({ ...clinic, clinic_slug: slug }).success).toBe(ok),
  );

  it('reports the new clinic messages', () => {
    const issues = NewClinicForm.safeParse({
      ...clinic,
      clinic_admin_phone: '12',
      clinic_admin_email: 'x',
      clinic_slug: '',
    }).error?.issues.map((i) => [i.path[0], i.message]);
    expect(issues).toEqual([
      ['clinic_slug', messages.required],
      ['clinic_admin_phone', messages.invalidPhone],
      ['clinic_admin_email', messages.invalidEmail],
    ]);
  });

  it('updates any of name, address, custom alerts and active', () => {
    expect(UpdateClinicRequest.parse({ active: false })).toEqual({ active: false });
    const alerts = defaultCustomAlerts.map(({ key, status, values }) => ({ key, status, values }));
    expect(UpdateClinicRequest.parse({ customAlerts: alerts }).customAlerts).toEqual(defaultCustomAlerts);
    expect(UpdateClinicRequest.safeParse({ name: '' }).success).toBe(false);
  });
});
