import { shouldSaveTrackedTime, timeTracking } from '@vigil/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { holdSignOutFor, onBeforeSignOut } from '../../../lib/session/before-sign-out';
import { useSignedInUser } from '../../../lib/session/session-context';
import {
  isTimerStopped,
  markTimerStopped,
  readToken,
  readTrackedPatient,
  writeTrackedPatient,
} from '../../../lib/session/session-storage';
import { useTrackTime } from '../api/track-time';

/**
 * The count, read from the wall clock rather than summed from ticks: a background tab's timers are slowed,
 * the clock is not.
 */
interface Clock {
  running: boolean;
  /** When the running stretch began (ms since the epoch). */
  since: number;
  /** Seconds counted outside the running stretch and not saved yet (a failed save gives them back). */
  carried: number;
}

const runningSeconds = (clock: Clock, now: number) =>
  clock.running ? Math.max(0, Math.floor((now - clock.since) / 1000)) : 0;
const countOf = (clock: Clock, now = Date.now()) => clock.carried + runningSeconds(clock, now);

export interface DetailsTimer {
  running: boolean;
  /** Seconds counted and not yet saved. */
  seconds: number;
  saving: boolean;
  start: () => void;
  stop: () => void;
}

/**
 * The detail page's timer (spec patients 4, decision 0012). It starts by itself once the page has its
 * patient, when the user's timeTrackingEnabled is on or the timer was running on this patient when the page
 * was reloaded (the tracked patient of session storage), and they did not stop it here this session. It saves on
 * Stop above 0 seconds, and above 3 seconds on leaving: the page unloading (pagehide), the page unmounting
 * (another patient, another screen) and the inactivity sign-out.
 */
export function useDetailsTimer(patientId: string, ready: boolean): DetailsTimer {
  const user = useSignedInUser();
  const { save, isPending } = useTrackTime();
  const clock = useRef<Clock>({ running: false, since: 0, carried: 0 });
  const [, setRendered] = useState(0);
  const rerender = useCallback(() => setRendered(Date.now()), []);

  const giveBack = useCallback(
    (seconds: number) => {
      clock.current = { ...clock.current, carried: clock.current.carried + seconds };
      rerender();
    },
    [rerender],
  );

  const start = useCallback(() => {
    if (clock.current.running) return;
    const now = Date.now();
    clock.current = { ...clock.current, running: true, since: now };
    writeTrackedPatient({ patientId, startedAt: new Date(now).toISOString() });
    rerender();
  }, [patientId, rerender]);

  const handleStart = useCallback(() => {
    markTimerStopped(patientId, false);
    start();
  }, [patientId, start]);

  const handleStop = useCallback(() => {
    const seconds = countOf(clock.current);
    clock.current = { running: false, since: 0, carried: 0 };
    markTimerStopped(patientId, true);
    writeTrackedPatient(null);
    rerender();
    if (shouldSaveTrackedTime(seconds, 'stop')) save({ patientId, seconds }).catch(() => giveBack(seconds));
  }, [patientId, save, rerender, giveBack]);

  /**
   * The save on leaving: sent at once and kept alive, so it survives the page closing. After inactivity
   * (`lastActivityAt`), the count stops at the user's last activity: the idle time was no one's work, and
   * billing it could reach 99457's 20 minutes with no one at the screen.
   */
  const leave = useCallback(
    (lastActivityAt?: number) => {
      const now = lastActivityAt === undefined ? Date.now() : Math.min(Date.now(), lastActivityAt);
      const current = clock.current;
      const seconds = countOf(current, now);
      // Without a token the session has ended already: nothing can be saved.
      if (!shouldSaveTrackedTime(seconds, 'leave') || !readToken()) return undefined;
      // The count goes on from what was saved: the part of a second not yet counted stays; after inactivity,
      // from now, the idle time left out.
      const since =
        lastActivityAt === undefined ? current.since + runningSeconds(current, now) * 1000 : Date.now();
      clock.current = { ...current, since, carried: 0 };
      const sent = save({ patientId, seconds }, { keepalive: true });
      sent.catch(() => giveBack(seconds));
      return sent;
    },
    [patientId, save, giveBack],
  );

  // Starts by itself once, when the patient has loaded.
  const autoStarted = useRef(false);
  useEffect(() => {
    if (!ready || autoStarted.current) return;
    autoStarted.current = true;
    const wasTracking = readTrackedPatient()?.patientId === patientId;
    if ((user.timeTrackingEnabled || wasTracking) && !isTimerStopped(patientId)) start();
  }, [ready, user.timeTrackingEnabled, patientId, start]);

  // Ticks on each whole second of the count, so the display never skips or repeats a second.
  const running = clock.current.running;
  useEffect(() => {
    if (!running) return;
    let timer: number | undefined;
    const tick = () => {
      rerender();
      const intoSecond = (Date.now() - clock.current.since) % timeTracking.tickMs;
      timer = window.setTimeout(tick, timeTracking.tickMs - intoSecond + 5);
    };
    tick();
    return () => window.clearTimeout(timer);
  }, [running, rerender]);

  useEffect(() => {
    // React's development double effects run the clean-up below once: the tracked patient comes back.
    if (clock.current.running)
      writeTrackedPatient({ patientId, startedAt: new Date(clock.current.since).toISOString() });
    const handlePageHide = () => void leave();
    window.addEventListener('pagehide', handlePageHide);
    const forget = onBeforeSignOut(leave);
    return () => {
      window.removeEventListener('pagehide', handlePageHide);
      forget();
      // Signing out from the menu unmounts the page first: the sign-out waits for this save.
      const sent = leave();
      if (sent) holdSignOutFor(sent);
      if (readTrackedPatient()?.patientId === patientId) writeTrackedPatient(null);
    };
  }, [leave, patientId]);

  return {
    running,
    seconds: countOf(clock.current),
    saving: isPending,
    start: handleStart,
    stop: handleStop,
  };
}
