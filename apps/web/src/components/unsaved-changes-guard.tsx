import { labels, messages, unsavedChangesTitle } from '@vigil/core';
import { type ReactNode, useCallback, useEffect, useId, useRef, useState, useSyncExternalStore } from 'react';
import { type BlockerFunction, useBlocker } from 'react-router';
import { ConfirmDialog } from './confirm-dialog';

/**
 * Every mounted guard and whether it has unsaved changes. A page may hold several forms and dialogs at once
 * (the account page has three), but React Router consults only one blocker: so one guard, the first
 * mounted, owns the blocker and asks on behalf of all of them.
 */
const guards = new Map<string, boolean>();
const listeners = new Set<() => void>();

function setGuard(id: string, dirty: boolean | null): void {
  if (dirty === null) guards.delete(id);
  else guards.set(id, dirty);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const anyUnsaved = () => [...guards.values()].some(Boolean);
const leaderId = () => guards.keys().next().value ?? null;

// A change of hash (#deviceInfo) stays on the same page and loses nothing.
const leavesPage: BlockerFunction = ({ currentLocation, nextLocation }) =>
  anyUnsaved() &&
  (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search);

/** The question for in-app navigation (React Router's blocker) and the browser's own for closing the tab. */
function LeaveQuestion() {
  const blocker = useBlocker(leavesPage);
  const unsaved = useSyncExternalStore(subscribe, anyUnsaved);
  useEffect(() => {
    if (!unsaved) return;
    const handleBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the question only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, [unsaved]);
  return (
    <ConfirmDialog
      open={blocker.state === 'blocked'}
      title={unsavedChangesTitle}
      text={messages.unsavedChanges}
      confirmLabel={labels.yes}
      cancelLabel={labels.no}
      onConfirm={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
    />
  );
}

export interface UnsavedChangesGuard {
  /** Render it once in the form or dialog: the question shows through it. */
  prompt: ReactNode;
  /**
   * Wraps a save. Nothing is asked while it runs or once it succeeded, so the page may leave at once,
   * even by going back in history (a navigation that lands after the form has rendered again). A failed
   * save guards again. The guard stays released until `when` next turns false (e.g. the form is reset).
   */
  saving: <T>(save: Promise<T>) => Promise<T>;
  /**
   * For leaving without a navigation (closing a dialog, a Cancel that resets): runs `action` at once when
   * nothing is unsaved, else after the user confirms.
   */
  confirmDiscard: (action: () => void) => void;
}

/**
 * Spec patients 2: leaving any form or dialog with unsaved changes asks 'You have unsaved changes. Are you
 * sure you want to leave?', for in-app navigation and for closing the tab. `when` is the form's own unsaved
 * state (RHF's isDirty); saves go through `saving`.
 */
export function useUnsavedChangesGuard(when: boolean): UnsavedChangesGuard {
  const id = useId();
  const released = useRef(false);
  const whenRef = useRef(when);
  whenRef.current = when;
  useEffect(() => {
    if (!when) released.current = false;
    setGuard(id, when && !released.current);
  }, [id, when]);
  useEffect(() => () => setGuard(id, null), [id]);
  const isLeader = useSyncExternalStore(subscribe, () => leaderId() === id);

  const saving = useCallback(
    <T,>(save: Promise<T>) => {
      // Saving a form without changes releases nothing, so that the next edit is guarded as usual.
      released.current = whenRef.current;
      setGuard(id, false);
      return save.catch((error: unknown) => {
        released.current = false;
        setGuard(id, whenRef.current);
        throw error;
      });
    },
    [id],
  );

  const [pendingDiscard, setPendingDiscard] = useState<(() => void) | null>(null);
  const confirmDiscard = useCallback(
    (action: () => void) => (when ? setPendingDiscard(() => action) : action()),
    [when],
  );

  const prompt = (
    <>
      {isLeader && <LeaveQuestion />}
      <ConfirmDialog
        open={pendingDiscard !== null}
        title={unsavedChangesTitle}
        text={messages.unsavedChanges}
        confirmLabel={labels.yes}
        cancelLabel={labels.no}
        onConfirm={() => {
          pendingDiscard?.();
          setPendingDiscard(null);
        }}
        onCancel={() => setPendingDiscard(null)}
      />
    </>
  );
  return { prompt, saving, confirmDiscard };
}
