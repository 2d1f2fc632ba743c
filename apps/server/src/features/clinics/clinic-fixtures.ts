/** A valid POST /clinics body for a new clinic with this slug (its admin is admin@<slug>.demo). */
export const clinicBody = (slug: string, overrides: Record<string, unknown> = {}) => ({
  clinic_name: `Clinic ${slug}`,
  clinic_slug: slug,
  clinic_area_code: '503',
  clinic_address: '1 Main St, Portland, OR 97201',
  clinic_admin_first_name: 'Ada',
  clinic_admin_last_name: 'Lovelace',
  clinic_admin_role: 'PHYSICIAN' as const,
  clinic_admin_phone: '5035550177',
  clinic_admin_email: `admin@${slug}.demo`,
  emergencyProtocol: 'Call 911',
  ...overrides,
});
