import { type FormEvent, useCallback, useRef } from 'react';

/**
 * Keeps a submit to one request at a time. A mutation's `isPending` disables its button only from the next
 * render, and a double-click (or Enter pressed twice) lands before it: `run(start)` calls `start` only when
 * no request it started is still pending, until the promise `start` answers settles.
 *
 *   const once = useSingleFlight();
 *   once(() => save.mutateAsync(values).then(close));
 */
export function useSingleFlight() {
  const pending = useRef(false);
  return useCallback((start: () => Promise<unknown>) => {
    if (pending.current) return;
    pending.current = true;
    start()
      .catch(() => undefined)
      .finally(() => {
        pending.current = false;
      });
  }, []);
}

/**
 * A form's `onSubmit` that runs `submit` (react-hook-form's `handleSubmit(...)`: validation, then the save)
 * one at a time, as `useSingleFlight` does. The event stops at this form (dialogs sit inside pages' forms).
 *
 *   <form onSubmit={useSubmitOnce(handleSubmit((values) => save(values)))}>
 */
export function useSubmitOnce(submit: (event: FormEvent) => Promise<unknown>) {
  const once = useSingleFlight();
  return (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    once(() => submit(event));
  };
}
