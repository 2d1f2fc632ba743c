import { describe, expect, it } from 'vitest';
import { imeiCheckDigit, imeiWithCheckDigit } from './imei.rules.js';

describe('IMEI check digit', () => {
  it('is the Luhn digit of the first 14 digits', () => {
    // 49015420323751 is the usual worked example: its check digit is 8.
    expect(imeiCheckDigit('49015420323751')).toBe(8);
    // From the right: 7→14→5, 1, 3→6, 5, 5→10→1, 5, 0, 0, 0, 5, 9→18→9, 3, 1→2, 0: 42, so 8.
    expect(imeiCheckDigit('01395000555317')).toBe(8);
    expect(imeiWithCheckDigit('35000000000000')).toBe('350000000000006');
  });
});
