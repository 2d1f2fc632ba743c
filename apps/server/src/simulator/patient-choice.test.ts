import { describe, expect, it } from 'vitest';
import { choosePatient } from './patient-choice.js';

const rows = [
  { _id: 'p1', fullName: 'Fatima Lefèvre' },
  { _id: 'p2', fullName: 'Fatima Okafor' },
  { _id: 'p3', fullName: 'Raúl Rossi' },
  { _id: 'p4', fullName: 'Ana Ross' },
];

describe('the patient a --patient choice names', () => {
  it('finds one by id, by a whole name or by part of one, accents and case aside', () => {
    expect(choosePatient(rows, 'p2')).toBe(rows[1]);
    expect(choosePatient(rows, 'raul rossi')).toBe(rows[2]);
    expect(choosePatient(rows, 'lefevre')).toBe(rows[0]);
  });

  it('prefers a whole name to the names it is part of', () => {
    expect(choosePatient([...rows, { _id: 'p5', fullName: 'Ana Rossiter' }], 'Ana Ross')).toBe(rows[3]);
  });

  it('names every patient a choice matches, rather than sending to the first', () => {
    expect(choosePatient(rows, 'Fatima')).toBe(
      '"Fatima" matches 2 patients: Fatima Lefèvre (p1), Fatima Okafor (p2). Give more of the name, or the id.',
    );
    expect(choosePatient(rows, 'Nobody')).toBe('No patient matches "Nobody".');
  });
});
