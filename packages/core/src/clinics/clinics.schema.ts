import { CustomAlertsInput } from '../alerts/alerts.schema.js';
import { emailMaxLength, requiredMatching, requiredText } from '../format/fields.schema.js';
import { usPhonePattern } from '../format/patterns.constants.js';
import { z } from '../format/zod.js';
import { messages } from '../messages.js';

const required = requiredText;

export const slugPattern = /^[a-z0-9-]{4,}$/;
export const clinicAdminRoles = ['PHYSICIAN', 'STAFF'] as const;

/** Clinic Info on the account screen (spec administration 5: Clinic settings form). */
export const ClinicSettingsForm = z.object({ name: required.max(200), address: required.max(500) });
export type ClinicSettingsForm = z.infer<typeof ClinicSettingsForm>;

/** The new-clinic form and POST /clinics body (spec administration 3, 5). */
export const NewClinicForm = z
  .object({
    clinic_name: required.max(200),
    clinic_slug: requiredMatching(slugPattern, messages.slugRule).pipe(z.string().max(63)),
    clinic_area_code: requiredMatching(/^\d{3}$/, messages.areaCodeRule),
    clinic_address: required.max(500),
    clinic_admin_first_name: required.max(100),
    clinic_admin_last_name: required.max(100),
    clinic_admin_role: z.enum(clinicAdminRoles).default('PHYSICIAN'),
    clinic_admin_phone: requiredMatching(usPhonePattern, messages.invalidPhone),
    clinic_admin_email: required.max(emailMaxLength).pipe(z.email(messages.invalidEmail)),
    // Shown only for a physician admin; a staff admin's protocol is dropped.
    emergencyProtocol: z.string().trim().max(2000).nullish(),
  })
  .transform((clinic) => ({
    ...clinic,
    emergencyProtocol: clinic.clinic_admin_role === 'PHYSICIAN' ? clinic.emergencyProtocol || null : null,
  }));
export type NewClinicForm = z.input<typeof NewClinicForm>;

/** PUT /clinics/{id}: name, address, customAlerts or active, any of them. */
export const UpdateClinicRequest = z.object({
  name: required.max(200).optional(),
  address: required.max(500).optional(),
  customAlerts: CustomAlertsInput.optional(),
  active: z.boolean().optional(),
});
export type UpdateClinicRequest = z.infer<typeof UpdateClinicRequest>;
