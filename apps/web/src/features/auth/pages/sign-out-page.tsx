import { labels } from '@vigil/core';
import { useEffect, useRef } from 'react';
import { LoadingScreen } from '../../../components/loading-screen';
import { paths } from '../../../lib/paths';
import { runBeforeSignOut } from '../../../lib/session/before-sign-out';
import { useSession } from '../../../lib/session/session-context';
import { signOutOnServer } from '../api/sign-out';

/** /signOut: ends the server's session, forgets the browser's, and goes to /signin. */
export function SignOutPage() {
  const { dispatch } = useSession();
  const started = useRef(false);

  useEffect(() => {
    // Once only, also under React's development double effects.
    if (started.current) return;
    started.current = true;
    // A page's last save (the detail page's timer) reaches the server before the session ends.
    void runBeforeSignOut()
      .then(signOutOnServer)
      .then(() => dispatch({ type: 'signOut', landing: paths.signIn }));
  }, [dispatch]);

  return <LoadingScreen text={labels.signingOut} />;
}
