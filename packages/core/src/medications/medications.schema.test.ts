import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { MedicationForm, MedicationsUpdate } from './medications.schema.js';

describe('medication form', () => {
  it('reports every error at once', () =>
    expect(
      MedicationForm.safeParse({
        name: '',
        doseSize: { value: '', type: '' },
        frequency: { type: '' },
      }).error?.issues.map((i) => [i.path.join('.'), i.message]),
    ).toEqual([
      ['name', messages.nameRequired],
      ['doseSize.value', messages.doseRequired],
      ['doseSize.type', messages.selectUnit],
      ['frequency.type', messages.selectFrequency],
    ]));

  it('reports missing groups with their own messages', () =>
    expect(MedicationForm.safeParse({ name: 'A' }).error?.issues.map((i) => i.message)).toEqual([
      messages.doseRequired,
      messages.selectFrequency,
    ]));

  it('says a name is too long, not missing, and refuses a dose no medication takes', () =>
    expect(
      MedicationForm.safeParse({
        name: 'x'.repeat(201),
        doseSize: { value: '99999999999999999999999999', type: 'mg' },
        frequency: { type: 'BID' },
      }).error?.issues.map((i) => [i.path.join('.'), i.message]),
    ).toEqual([
      ['name', messages.tooLong(200)],
      ['doseSize.value', messages.outOfRange],
    ]));

  it('keeps unknown fields and reads the dose as a number', () =>
    expect(
      MedicationForm.parse({
        _id: 'm1',
        name: ' Lisinopril ',
        doseSize: { value: ' 2.5 ', type: 'mg' },
        frequency: { type: 'BID' },
      }),
    ).toEqual({
      _id: 'm1',
      name: 'Lisinopril',
      doseSize: { value: 2.5, type: 'mg' },
      frequency: { type: 'BID' },
    }));

  it.each([0, -1, '1e3', 'ten'])('refuses the dose %j', (value) =>
    expect(
      MedicationForm.safeParse({ name: 'A', doseSize: { value, type: 'mg' }, frequency: { type: 'QD' } })
        .error?.issues[0]?.message,
    ).toBe(messages.enterNumber),
  );

  it('takes the full list on update', () =>
    expect(
      MedicationsUpdate.parse({
        medications: [{ name: 'A', doseSize: { value: 1, type: 'g' }, frequency: { type: 'PRN' } }],
      }).medications,
    ).toHaveLength(1));
});
