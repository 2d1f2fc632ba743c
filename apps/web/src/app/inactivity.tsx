import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useQueryClient } from '@tanstack/react-query';
import { authLimits } from '@vigil/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { meQueryOptions } from '../features/auth/api/get-me';
import { signOutOnServer } from '../features/auth/api/sign-out';
import { labels } from '../lib/labels';
import { sessionTimedOutUrl } from '../lib/paths';
import { runBeforeSignOut } from '../lib/session/before-sign-out';
import { useSession } from '../lib/session/session-context';

const minute = 60_000;
const defaults = {
  warnMs: authLimits.inactivityWarningMinutes * minute,
  timeoutMs: authLimits.sessionIdleMinutes * minute,
};

/** localStorage key that lets the end-to-end tests shorten the timer; see inactivityLimits. */
export const inactivityTestKey = 'vigil.test.inactivity';

/** The user actions that count as activity (spec administration 4, Inactivity). */
const activityEvents = ['load', 'mousemove', 'mousedown', 'click', 'scroll', 'keypress'] as const;

/**
 * The warning and sign-out delays: 25 and 30 minutes, unless localStorage holds shorter ones for a test.
 * Only a shortening is taken, so the key can never keep a session open longer; the server ends idle
 * sessions after 30 minutes regardless.
 */
export function inactivityLimits(): { warnMs: number; timeoutMs: number } {
  try {
    const raw = localStorage.getItem(inactivityTestKey);
    if (!raw) return defaults;
    const { warnMs, timeoutMs } = JSON.parse(raw) as { warnMs?: unknown; timeoutMs?: unknown };
    if (
      typeof warnMs === 'number' &&
      typeof timeoutMs === 'number' &&
      warnMs > 0 &&
      warnMs < defaults.warnMs &&
      timeoutMs > warnMs &&
      timeoutMs < defaults.timeoutMs
    ) {
      return { warnMs, timeoutMs };
    }
  } catch {
    // A malformed value means the defaults.
  }
  return defaults;
}

/**
 * Watches for inactivity while signed in: 'Are you still there?' after the warning delay, sign-out to
 * /signin?sessionTimedOut=true after the time-out. While the dialog is open only its button counts, so
 * moving the mouse towards it does not dismiss it silently.
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
    const handleActivity = () => {
      if (!warning.current) lastActivity.current = Date.now();
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
          window.clearInterval(interval);
          // A running timer saves first, while the token is still valid (spec patients 4: forced save).
          void runBeforeSignOut().then(() => {
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
    return () => {
      window.clearInterval(interval);
      for (const type of activityEvents) window.removeEventListener(type, handleActivity, { capture: true });
    };
  }, [dispatch]);

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
