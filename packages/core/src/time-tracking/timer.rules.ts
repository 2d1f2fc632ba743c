import { formatDuration } from '../format/text.helpers.js';
import { commonTexts } from '../messages.js';
import { timeTracking } from './time-tracking.constants.js';

/** The detail page's timer (spec patients 4, 9): its words, and when a tracked amount is worth saving. */
export const timerTexts = {
  none: 'None',
  saving: commonTexts.saving,
  start: 'Start timer',
  stop: 'Stop timer',
  timer: 'Time tracking',
  thisMonth: 'This month',
} as const;

/** The patient form's monthly tracked time widget (spec patients 2.1) and the time dialogs' button. */
export const trackedTimeTexts = {
  trackedTimeThisMonth: 'Tracked Time This Month',
  manuallyAddTime: 'Manually Add Time',
  hours: 'Hours',
  minutes: 'Minutes',
  addTime: 'Add Time',
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
