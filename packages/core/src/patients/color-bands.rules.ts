/** The traffic-light colours of the lists and the detail page (spec patients 9). Null means no value. */
export type BandColor = 'green' | 'yellow' | 'red';

type Value = number | null | undefined;
const has = (v: Value): v is number => typeof v === 'number' && Number.isFinite(v);

/** % BP at goal: green at 60 or more, yellow 40 to 59, red below 40. */
export function bpAtGoalColor(percent: Value): BandColor | null {
  if (!has(percent)) return null;
  return percent >= 60 ? 'green' : percent >= 40 ? 'yellow' : 'red';
}

/** Mean systolic: green 100-130; yellow 80-99 or 131-160; red 1-79 or 161 and above; 0 is no value. */
export function meanSystolicColor(systolic: Value): BandColor | null {
  if (!has(systolic) || systolic <= 0) return null;
  if (systolic >= 100 && systolic <= 130) return 'green';
  if ((systolic >= 80 && systolic < 100) || (systolic > 130 && systolic <= 160)) return 'yellow';
  return 'red';
}

/** % compliance: green 70 or more, yellow 50 to 69, red below 50. */
export function complianceColor(percent: Value): BandColor | null {
  if (!has(percent)) return null;
  return percent >= 70 ? 'green' : percent >= 50 ? 'yellow' : 'red';
}

/** Weight: red for an acute gain, yellow for an intermediate one, green otherwise; none without a weight. */
export function weightColor(metrics: {
  mostRecentWeight: Value;
  hasAcuteWeightGain: boolean;
  hasIntermediateWeightGain: boolean;
}): BandColor | null {
  if (!has(metrics.mostRecentWeight)) return null;
  return metrics.hasAcuteWeightGain ? 'red' : metrics.hasIntermediateWeightGain ? 'yellow' : 'green';
}

/** Detail page systolic: 180 or more red; above 130 yellow; 100-130 green; 90-99 yellow; below 90 red. */
export function systolicColor(systolic: Value): BandColor | null {
  if (!has(systolic)) return null;
  if (systolic >= 180) return 'red';
  if (systolic > 130) return 'yellow';
  if (systolic >= 100) return 'green';
  return systolic >= 90 ? 'yellow' : 'red';
}

/** Detail page heart rate: 131 or more red; above 100 yellow; 50-100 green; 40-49 yellow; below 40 red. */
export function heartRateColor(bpm: Value): BandColor | null {
  if (!has(bpm)) return null;
  if (bpm >= 131) return 'red';
  if (bpm > 100) return 'yellow';
  if (bpm >= 50) return 'green';
  return bpm >= 40 ? 'yellow' : 'red';
}

/** Weight change: red from +2.5 over the previous day or +5 over 7 days earlier, otherwise green (lbs). */
export function weightChangeColor(change: { oneDay: Value; sevenDays: Value }): BandColor | null {
  if (!has(change.oneDay) && !has(change.sevenDays)) return null;
  return (has(change.oneDay) && change.oneDay >= 2.5) || (has(change.sevenDays) && change.sevenDays >= 5)
    ? 'red'
    : 'green';
}
