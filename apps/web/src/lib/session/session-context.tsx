import type { SessionUser } from '@vigil/core';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { clearSessionStorage, readSession, writeSession, writeUser } from './session-storage';

/**
 * The auth events of spec administration 4 (Session). `landing` is where the guards send the user once the
 * event has been rendered: a route guard, not the page that raised the event, does the navigation, so a
 * sign-in or sign-out and its navigation can never race each other.
 */
export type AuthEvent =
  | { type: 'signIn'; token: string; user: SessionUser; landing: string }
  | { type: 'signOut'; landing?: string }
  | { type: 'userUpdated'; user: SessionUser }
  | { type: 'landed' };

export type SessionState =
  | { status: 'restoring'; user: null; token: null; landing: null }
  | { status: 'signedOut'; user: null; token: null; landing: string | null }
  | { status: 'signedIn'; user: SessionUser; token: string; landing: string | null };

interface SessionContextValue {
  state: SessionState;
  dispatch: (event: AuthEvent) => void;
}

const SessionContext = createContext<SessionContextValue | null>(null);

interface SessionProviderProps {
  children: ReactNode;
  /** Called after every sign-out, e.g. to drop cached server data. */
  onSignedOut?: () => void;
}

export function SessionProvider({ children, onSignedOut }: SessionProviderProps) {
  const [state, setState] = useState<SessionState>({
    status: 'restoring',
    user: null,
    token: null,
    landing: null,
  });

  // Restored after the first render, so 'Loading...' is what shows while it happens.
  useEffect(() => {
    const stored = readSession();
    setState(
      stored
        ? { status: 'signedIn', user: stored.user, token: stored.token, landing: null }
        : { status: 'signedOut', user: null, token: null, landing: null },
    );
  }, []);

  const dispatch = useCallback(
    (event: AuthEvent) => {
      switch (event.type) {
        case 'signIn':
          writeSession({ token: event.token, user: event.user });
          setState({ status: 'signedIn', user: event.user, token: event.token, landing: event.landing });
          return;
        case 'signOut':
          clearSessionStorage();
          setState({ status: 'signedOut', user: null, token: null, landing: event.landing ?? null });
          onSignedOut?.();
          return;
        case 'userUpdated':
          setState((current) => {
            if (current.status !== 'signedIn') return current;
            writeUser(event.user);
            return { ...current, user: event.user };
          });
          return;
        case 'landed':
          setState((current) =>
            current.status === 'restoring' || current.landing === null
              ? current
              : { ...current, landing: null },
          );
          return;
        default:
          console.error('invalid event type');
      }
    },
    [onSignedOut],
  );

  const value = useMemo(() => ({ state, dispatch }), [state, dispatch]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}

/** The signed-in user; only for components rendered behind the signed-in guard. */
export function useSignedInUser(): SessionUser {
  const { state } = useSession();
  if (state.status !== 'signedIn') throw new Error('useSignedInUser needs a signed-in session');
  return state.user;
}
