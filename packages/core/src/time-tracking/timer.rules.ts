import { formatDuration } from '../format/text.helpers.js';
import { timeTracking } from './time-tracking.constants.js';

/** The detail page's timer (spec patients 4, 9): its words, and when a tracked amount is worth saving. */
export const timerTexts = {
  none: 'None',
  saving: 'Saving...',
  start: 'Start timer',
  stop: 'Stop timer',
  timer: 'Time tracking',
  thisMonth: 'This month',
} as const;

/**
 * Why the timer saves: a manual stop saves anything above 0 seconds; leaving (page unload, a switch to
 * another patient, a forced save) saves only above 3 seconds.
 */
export type TimerSaveReason = 'stop' | 'leave';

export function shouldSaveTrackedTime(seconds: number, reason: TimerSaveReason): boolean {
  const above =
    reason === 'stop' ? timeTracking.saveOnStopAboveSeconds : timeTracking.saveOnLeaveAboveSeconds;
  return Math.floor(seconds) > above;
}

/** The running timer as shown: 'None' at zero, else hh:mm:ss. */
export function timerDisplay(seconds: number): string {
  return Math.floor(seconds) > 0 ? formatDuration(seconds) : timerTexts.none;
}
