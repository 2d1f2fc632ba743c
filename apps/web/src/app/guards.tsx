import { labels } from '@vigil/core';
import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { paths } from '../lib/paths';
import { useSession } from '../lib/session/session-context';
import { saveRedirectUrl } from '../lib/session/session-storage';
import { InactivityWatch } from './inactivity';

/** 'Loading...' while the session is restored from storage (spec administration 2, layout). */
export function SessionGate() {
  const { state } = useSession();
  if (state.status === 'restoring') return <LoadingScreen text={labels.loading} />;
  return <Outlet />;
}

/** Forgets where the last auth event wanted to go, once a page of the other side has rendered. */
function ClearLanding() {
  const { state, dispatch } = useSession();
  useEffect(() => {
    if (state.landing !== null) dispatch({ type: 'landed' });
  }, [state.landing, dispatch]);
  return null;
}

/** Signed-out only routes: a signed-in user goes to the priority list, or where the sign-in said. */
export function RequireSignedOut() {
  const { state } = useSession();
  if (state.status === 'signedIn') return <Navigate to={state.landing ?? paths.priorityList} replace />;
  return (
    <>
      <ClearLanding />
      <Outlet />
    </>
  );
}

/** Remembers the protected URL a signed-out user opened, for after the sign-in, and goes to /signin. */
function RedirectToSignIn() {
  const location = useLocation();
  const url = `${location.pathname}${location.search}${location.hash}`;
  // Coming back to /signOut after signing in would sign the user straight out again.
  const remember = location.pathname.toLowerCase() !== paths.signOut;
  useEffect(() => {
    if (remember) saveRedirectUrl(url);
  }, [remember, url]);
  return <Navigate to={paths.signIn} replace />;
}

/**
 * Signed-in routes: a signed-out user goes to /signin (or where the sign-out said), the rest are watched.
 * A page `framed` in another page of the app leaves the watch to that page, which the frame keeps informed
 * of its activity; opened on its own, it is watched like any other.
 */
export function RequireSignedIn({ framed = false }: { framed?: boolean }) {
  const { state } = useSession();
  const watched = !framed || window.parent === window;
  if (state.status !== 'signedIn') {
    return state.landing ? <Navigate to={state.landing} replace /> : <RedirectToSignIn />;
  }
  return (
    <>
      <ClearLanding />
      {watched && <InactivityWatch />}
      <Outlet />
    </>
  );
}

/** The clinic screens belong to the operator portal: clinic users go to the priority list instead. */
export function RequireOperatorPortal() {
  const { state } = useSession();
  if (state.status === 'signedIn' && state.user.role.portal !== 'CIRCLE')
    return <Navigate to={paths.priorityList} replace />;
  return <Outlet />;
}
