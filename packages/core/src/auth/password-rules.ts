/** The special characters the change-password rule names. */
export const passwordSpecialCharacters = '#?!@$%^&*-';
const special = /[#?!@$%^&*-]/;
const anySpecial = /[^A-Za-z0-9\s]/;

export const hasUpper = (value: string) => /[A-Z]/.test(value);
export const hasLower = (value: string) => /[a-z]/.test(value);
export const hasListedSpecial = (value: string) => special.test(value);
export const hasAnySpecial = (value: string) => anySpecial.test(value);

export const temporaryPasswordLength = { min: 8, max: 20 } as const;
export const passwordMinLength = 8;
