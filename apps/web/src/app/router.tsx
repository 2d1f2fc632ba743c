import { createBrowserRouter, Navigate } from 'react-router';
import { RecoverPage } from '../features/auth/pages/recover-page';
import { SecurityPage } from '../features/auth/pages/security-page';
import { SetPasswordPage } from '../features/auth/pages/set-password-page';
import { SignInPage } from '../features/auth/pages/sign-in-page';
import { SignOutPage } from '../features/auth/pages/sign-out-page';
import { SignUpPage } from '../features/auth/pages/sign-up-page';
import { ClinicDashboardPage } from '../features/clinics/pages/clinic-dashboard-page';
import { NewClinicPage } from '../features/clinics/pages/new-clinic-page';
import { ClinicianListPage } from '../features/patients/pages/clinician-list-page';
import {
  AddPatientPage,
  EditPatientPage,
  PatientSettingsPage,
} from '../features/patients/pages/patient-form-page';
import { PriorityListPage } from '../features/patients/pages/priority-list-page';
import { EditUserPage, NewUserPage } from '../features/users/pages/user-form-page';
import { paths } from '../lib/paths';
import { RequireOperatorPortal, RequireSignedIn, RequireSignedOut, SessionGate } from './guards';
import { AppLayout } from './layout/app-layout';
import { AccountPage } from './pages/account-page';

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
                { path: paths.account, element: <AccountPage /> },
                { path: paths.accountClinic, element: <AccountPage /> },
                { path: paths.accountNew, element: <NewUserPage /> },
                { path: paths.accountNewInClinic, element: <NewUserPage /> },
                { path: paths.accountEdit, element: <EditUserPage /> },
                {
                  element: <RequireOperatorPortal />,
                  children: [
                    { path: paths.clinicDashboard, element: <ClinicDashboardPage /> },
                    { path: paths.clinicAdd, element: <NewClinicPage /> },
                  ],
                },
                { path: paths.clinicianPatientList, element: <ClinicianListPage /> },
                { path: paths.priorityList, element: <PriorityListPage /> },
                { path: paths.patientAdd, element: <AddPatientPage /> },
                { path: paths.patientEdit, element: <EditPatientPage /> },
                { path: paths.patientSettings, element: <PatientSettingsPage /> },
              ],
            },
          ],
        },
        { path: '*', element: <Navigate to={paths.signIn} replace /> },
      ],
    },
  ]);
}
