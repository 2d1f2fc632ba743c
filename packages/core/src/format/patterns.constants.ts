/** A US phone number as staff type it for accounts and clinics: (555) 123-4567, 555.123.4567, +1 555 123 4567. */
export const usPhonePattern = /^(\+?1[\s.-]?)?(\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}$/;

/** The patient form's phone pattern, as the spec states it: 10 digits, an optional leading 1-, and dashes. */
export const patientPhonePattern = /^(1-?)?\d{3}-?\d{3}-?\d{4}$/;

export const zipPattern = /^\d{5}(-\d{4})?$/;
