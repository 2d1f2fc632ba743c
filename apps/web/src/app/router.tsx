import { createBrowserRouter, Navigate } from 'react-router';
import { RecoverPage } from '../features/auth/pages/recover-page';
import { SecurityPage } from '../features/auth/pages/security-page';
import { SetPasswordPage } from '../features/auth/pages/set-password-page';
import { SignInPage } from '../features/auth/pages/sign-in-page';
import { SignOutPage } from '../features/auth/pages/sign-out-page';
import { SignUpPage } from '../features/auth/pages/sign-up-page';
import { paths } from '../lib/paths';
import { RequireSignedIn, RequireSignedOut, SessionGate } from './guards';
import { AppLayout } from './layout/app-layout';
import { LandingPage, landingPages } from './pages/landing-page';

/**
 * The routes of spec administration 2 and patients 2. Matching ignores case (React Router's default), so
 * /signIn and /signin are the same page.
 */
export function createRouter() {
  return createBrowserRouter([
    {
      element: <SessionGate />,
      children: [
        {
          element: <RequireSignedOut />,
          children: [
            { path: '/signIn', element: <SignInPage /> },
            { path: '/signUp', element: <SignUpPage /> },
            { path: '/auth/recover', element: <RecoverPage /> },
            { path: '/auth/set-password', element: <SetPasswordPage /> },
            { path: '/auth/set-password/:id', element: <SetPasswordPage /> },
          ],
        },
        {
          element: <RequireSignedIn />,
          children: [
            { path: '/signOut', element: <SignOutPage /> },
            {
              element: <AppLayout />,
              children: [
                { path: paths.security, element: <SecurityPage /> },
                { path: paths.clinicDashboard, element: <LandingPage {...landingPages.clinicDashboard} /> },
                {
                  path: paths.clinicianPatientList,
                  element: <LandingPage {...landingPages.clinicianPatientList} />,
                },
                { path: paths.priorityList, element: <LandingPage {...landingPages.priorityList} /> },
              ],
            },
          ],
        },
        { path: '*', element: <Navigate to={paths.signIn} replace /> },
      ],
    },
  ]);
}
