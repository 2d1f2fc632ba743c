/**
 * The Luhn check digit of an IMEI's first 14 digits: from the right, every second digit is doubled (its
 * digits summed), and the check digit brings the total to a multiple of ten.
 */
export function imeiCheckDigit(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const digit = Number(body[body.length - 1 - i]);
    const value = i % 2 === 0 ? digit * 2 : digit;
    sum += value > 9 ? value - 9 : value;
  }
  return (10 - (sum % 10)) % 10;
}

/** A well-formed 15-digit IMEI from its first 14 digits. */
export const imeiWithCheckDigit = (body: string) => `${body}${imeiCheckDigit(body)}`;
