/** A US phone number as staff type it for accounts and clinics: (555) 123-4567, 555.123.4567, +1 555 123 4567. */
export const usPhonePattern = /^(\+?1[\s.-]?)?(\(\d{3}\)|\d{3})[\s.-]?\d{3}[\s.-]?\d{4}$/;

/** The patient form's phone pattern, as the spec states it: 10 digits, an optional leading 1-, and dashes. */
export const patientPhonePattern = /^(1-?)?\d{3}-?\d{3}-?\d{4}$/;

export const zipPattern = /^\d{5}(-\d{4})?$/;

/**
 * Whether a date's year is one the database and the day arithmetic around it can hold: PostgreSQL has no
 * year 0, and the day after 9999-12-31 cannot be written as a date.
 */
export const storableYear = (year: number) => year >= 1 && year <= 9998;
