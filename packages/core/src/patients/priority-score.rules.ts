import type { AlertCategory } from '../alerts/alerts.constants.js';
import { highestPriorityAlertCategory } from '../alerts/alerts.rules.js';

/** Score bands by the most urgent active alert category; lower is listed first (DESIGN 4). */
export const priorityBands: Readonly<Record<AlertCategory | 'none', number>> = {
  Clinical: 10_000,
  Manual: 15_000,
  SMS: 20_000,
  AdherenceCoaching: 25_000,
  none: 30_000,
};
/** Added for a patient who is not active or not enrolled; also the spec's local shift on toggling. */
export const inactivePriorityShift = 40_000;
export const highPriorityBonus = 5_000;

export interface PriorityInput {
  activeAlerts: readonly { category: AlertCategory }[];
  /** Calendar days since the last reading; null when the patient never sent one (counted as the cap). */
  daysSinceLastReading: number | null;
  highPriority: boolean;
  active: boolean;
  enrolled: boolean;
}

const cap = (n: number) => Math.min(99, Math.max(0, n));

/**
 * The priority list's score. Each part is capped so that it never crosses into the next band: an
 * inactive patient always scores above every active one.
 */
export function priorityScore(input: PriorityInput): number {
  const top = highestPriorityAlertCategory(input.activeAlerts);
  return (
    priorityBands[top ?? 'none'] -
    100 * cap(input.activeAlerts.length) -
    cap(input.daysSinceLastReading ?? 99) -
    (input.highPriority ? highPriorityBonus : 0) +
    (input.active && input.enrolled ? 0 : inactivePriorityShift)
  );
}
