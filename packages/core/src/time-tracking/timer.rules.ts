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

/** A span of time, in milliseconds since the epoch. */
export interface TimeSpan {
  from: number;
  to: number;
}

/**
 * The parts of a timer's claim that no earlier timer entry of the user counts already (DESIGN 4: a user's
 * timer entries never add up to more than the wall-clock time that passed), oldest first, each cut to whole
 * seconds from its end. `claim` is the span the timer ran, ending at the save, clipped to the session;
 * `counted` the spans of the user's earlier timer entries. A short save on another patient in a second tab
 * takes only its own seconds out of a long run, where capping at the time since the latest entry had kept
 * only the seconds after it. Each part is stored as an entry of its own, so that the entries' spans stay
 * exactly what was counted.
 */
export function unclaimedSpans(claim: TimeSpan, counted: readonly TimeSpan[]): TimeSpan[] {
  const overlaps = counted
    .map((s) => ({ from: Math.max(s.from, claim.from), to: Math.min(s.to, claim.to) }))
    .filter((s) => s.to > s.from)
    .sort((a, b) => a.from - b.from);
  const free: TimeSpan[] = [];
  let start = claim.from;
  for (const s of [...overlaps, { from: claim.to, to: claim.to }]) {
    const seconds = Math.floor((s.from - start) / 1000);
    if (seconds > 0) free.push({ from: s.from - seconds * 1000, to: s.from });
    start = Math.max(start, s.to);
  }
  return free;
}
