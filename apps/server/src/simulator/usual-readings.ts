import type { PatientView, ReadingView } from '@vigil/core';

/** What the patient's own readings make usual for them, which the simulated ones follow. */
export interface Usual {
  /** The patient's weights, oldest first, in milliseconds since the epoch. */
  weights: { at: number; lbs: number }[];
  /** With no weight yet, the form's. */
  weight: number;
  systolic: number;
  diastolic: number;
  heartRate: number;
}

/** Blood pressure and pulse by diagnosis, for a patient with no reading of them yet. */
function usualPressure(diagnosis: string | null) {
  if (diagnosis?.includes('Hypotension')) return { systolic: 102, diastolic: 64, heartRate: 76 };
  if (diagnosis?.includes('Hypertension')) return { systolic: 138, diastolic: 86, heartRate: 72 };
  return { systolic: 124, diastolic: 78, heartRate: 72 };
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;

/** What a patient's readings (of any order) make usual for them; their diagnosis, before they have any. */
export function usualOf(
  readings: readonly ReadingView[],
  patient: Pick<PatientView, 'diagnosis' | 'medicalInfo'>,
): Usual {
  const taken = [...readings].sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
  const pressures = taken.filter((r) => r.systolic !== null && r.diastolic !== null).slice(-20);
  const pulses = taken.filter((r) => r.heartRate !== null).slice(-20);
  const byDiagnosis = usualPressure(patient.diagnosis);
  return {
    weights: taken.flatMap((r) => (r.weight === null ? [] : [{ at: Date.parse(r.date), lbs: r.weight }])),
    weight: patient.medicalInfo.weight ?? 180,
    systolic: pressures.length ? mean(pressures.map((r) => r.systolic!)) : byDiagnosis.systolic,
    diastolic: pressures.length ? mean(pressures.map((r) => r.diastolic!)) : byDiagnosis.diastolic,
    heartRate: pulses.length ? mean(pulses.map((r) => r.heartRate!)) : byDiagnosis.heartRate,
  };
}

/**
 * The patient's weight at a moment: between two of their weights, on the line joining them, so that a
 * reading put in a gap does not turn their own gain over days into one in a day; before the first or after
 * the last, that one's; with none, the form's.
 */
export function weightAt(usual: Usual, at: number): number {
  const next = usual.weights.findIndex((w) => w.at > at);
  const after = next === -1 ? undefined : usual.weights[next];
  const before = usual.weights[(next === -1 ? usual.weights.length : next) - 1];
  if (!before || !after) return (before ?? after)?.lbs ?? usual.weight;
  return before.lbs + ((after.lbs - before.lbs) * (at - before.at)) / (after.at - before.at);
}
