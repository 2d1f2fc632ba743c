import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQueryClient } from '@tanstack/react-query';
import { authLimits, labels } from '@vigil/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { meQueryOptions } from '../features/auth/api/get-me';
import { signOutOnServer } from '../features/auth/api/sign-out';
import { sessionTimedOutUrl } from '../lib/paths';
import { runBeforeSignOut } from '../lib/session/before-sign-out';
import { useSession } from '../lib/session/session-context';

const minute = 60_000;
/**
 * How often, at most, activity is reported to the server. It ends a session 30 minutes after the last
 * request, and a page can be worked on or read for longer without one; a report within a minute of the
 * last activity keeps the server's session going about as long as this timer, so 'I'm still here' works,
 * for no more than one request a minute.
 */
const checkInIntervalMs = minute;
const defaults = {
  warnMs: authLimits.inactivityWarningMinutes * minute,
  timeoutMs: authLimits.sessionIdleMinutes * minute,
  checkInMs: checkInIntervalMs,
};
type InactivityLimits = typeof defaults;

/** localStorage key that lets the end-to-end tests shorten the timer; see inactivityLimits. */
export const inactivityTestKey = 'vigil.test.inactivity';

/** The user actions that count as activity (spec administration 4, Inactivity). */
const activityEvents = ['load', 'mousemove', 'mousedown', 'click', 'scroll', 'keypress'] as const;

const isShorter = (value: unknown, limit: number): value is number =>
  typeof value === 'number' && value > 0 && value < limit;

/**
 * The warning and sign-out delays, 25 and 30 minutes, and the check-in interval, a minute, unless
 * localStorage holds shorter ones for a test. Only a shortening is taken, so the key can never keep a
 * session open longer; the server ends idle sessions after 30 minutes regardless.
 */
export function inactivityLimits(): InactivityLimits {
  const limits = { ...defaults };
  try {
    const raw = localStorage.getItem(inactivityTestKey);
    if (!raw) return limits;
    const { warnMs, timeoutMs, checkInMs } = JSON.parse(raw) as Record<string, unknown>;
    if (
      isShorter(warnMs, defaults.warnMs) &&
      isShorter(timeoutMs, defaults.timeoutMs) &&
      timeoutMs > warnMs
    ) {
      limits.warnMs = warnMs;
      limits.timeoutMs = timeoutMs;
    }
    if (isShorter(checkInMs, defaults.checkInMs)) limits.checkInMs = checkInMs;
  } catch {
    // A malformed value means the defaults.
  }
  return limits;
}

/**
 * Watches for inactivity while signed in: 'Are you still there?' after the warning delay, sign-out to
 * /signin?sessionTimedOut=true after the time-out. While the dialog is open only its button counts, so
 * moving the mouse towards it does not dismiss it silently. Activity also checks in with the server (GET
 * /api/auth/me): at once if the last check-in is an interval old, else once at the interval's end.
 */
export function InactivityWatch() {
  const { dispatch } = useSession();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const lastActivity = useRef(Date.now());
  const warning = useRef(false);

  useEffect(() => {
    const limits = inactivityLimits();
    lastActivity.current = Date.now();
    // Signing in or loading the app has just reached the server.
    let lastCheckIn = Date.now();
    let trailingCheckIn: number | undefined;
    const checkIn = () => {
      trailingCheckIn = undefined;
      if (warning.current) return;
      lastCheckIn = Date.now();
      // Silent: a failed check-in changes nothing for the user, except that a 401 signs out as usual.
      queryClient
        .fetchQuery({ ...meQueryOptions(), meta: { silent: true } })
        .then((user) => dispatch({ type: 'userUpdated', user }))
        .catch(() => {});
    };
    const handleActivity = () => {
      if (warning.current) return;
      lastActivity.current = Date.now();
      if (trailingCheckIn !== undefined) return;
      const wait = lastCheckIn + limits.checkInMs - Date.now();
      if (wait <= 0) checkIn();
      else trailingCheckIn = window.setTimeout(checkIn, wait);
    };
    for (const type of activityEvents) {
      // Capture, so scrolling inside any element counts too (scroll does not bubble).
      window.addEventListener(type, handleActivity, { capture: true, passive: true });
    }
    // Polling the clock instead of one long timeout stays right when a background tab's timers are slowed.
    const interval = window.setInterval(
      () => {
        const idle = Date.now() - lastActivity.current;
        if (idle >= limits.timeoutMs) {
          stop();
          // A running timer saves first, while the token is still valid (spec patients 4: forced save), up to
          // the last activity: the idle half hour before the sign-out is not time spent on the patient.
          void runBeforeSignOut(lastActivity.current).then(() => {
            void signOutOnServer();
            dispatch({ type: 'signOut', landing: sessionTimedOutUrl });
          });
        } else if (idle >= limits.warnMs && !warning.current) {
          warning.current = true;
          setOpen(true);
        }
      },
      Math.min(1_000, Math.max(100, limits.warnMs / 4)),
    );
    const stop = () => {
      window.clearInterval(interval);
      window.clearTimeout(trailingCheckIn);
      for (const type of activityEvents) window.removeEventListener(type, handleActivity, { capture: true });
    };
    return stop;
  }, [queryClient, dispatch]);

  const handleStillHere = useCallback(() => {
    warning.current = false;
    lastActivity.current = Date.now();
    setOpen(false);
    // Touches the server's session too; a 401 here (session already ended) signs out through the handler.
    queryClient
      .fetchQuery(meQueryOptions())
      .then((user) => dispatch({ type: 'userUpdated', user }))
      .catch(() => {});
  }, [queryClient, dispatch]);

  return (
    <Dialog open={open} onClose={handleStillHere} aria-labelledby="inactivity-title" maxWidth="xs" fullWidth>
      <DialogTitle id="inactivity-title">{labels.stillThere}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          You have been inactive for a while. For your patients' privacy you will be signed out soon.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={handleStillHere} autoFocus>
          {labels.stillHere}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
