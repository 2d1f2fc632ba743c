import { labels } from '@vigil/core';
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate } from 'react-router';
import { LoadingScreen } from '../components/loading-screen';
import { RecoverPage } from '../features/auth/pages/recover-page';
import { SetPasswordPage } from '../features/auth/pages/set-password-page';
import { SignInPage } from '../features/auth/pages/sign-in-page';
import { SignUpPage } from '../features/auth/pages/sign-up-page';
import { formPaths } from '../features/forms/form-paths';
import { paths } from '../lib/paths';
import { RequireOperatorPortal, RequireSignedIn, RequireSignedOut, SessionGate } from './guards';

/**
 * A signed-in screen, loaded when first opened: the sign-in route then downloads only what signing in
 * needs (DESIGN 7: at most 250 KB of JavaScript), and each feature's screens come as their own chunk.
 */
const screen =
  <M,>(load: () => Promise<M>, pick: (module: M) => ComponentType) =>
  async () => ({ Component: pick(await load()) });

const layout = screen(
  () => import('./layout/app-layout'),
  (m) => m.AppLayout,
);
const account = screen(
  () => import('./pages/account-page'),
  (m) => m.AccountPage,
);
const security = screen(
  () => import('../features/auth/pages/security-page'),
  (m) => m.SecurityPage,
);
const signOut = screen(
  () => import('../features/auth/pages/sign-out-page'),
  (m) => m.SignOutPage,
);
const userForm = () => import('../features/users/pages/user-form-page');
const newUser = screen(userForm, (m) => m.NewUserPage);
const editUser = screen(userForm, (m) => m.EditUserPage);
const clinicDashboard = screen(
  () => import('../features/clinics/pages/clinic-dashboard-page'),
  (m) => m.ClinicDashboardPage,
);
const newClinic = screen(
  () => import('../features/clinics/pages/new-clinic-page'),
  (m) => m.NewClinicPage,
);
const clinicianList = screen(
  () => import('../features/patients/pages/clinician-list-page'),
  (m) => m.ClinicianListPage,
);
const priorityList = screen(
  () => import('../features/patients/pages/priority-list-page'),
  (m) => m.PriorityListPage,
);
const patientForm = () => import('../features/patients/pages/patient-form-page');
const addPatient = screen(patientForm, (m) => m.AddPatientPage);
const editPatient = screen(patientForm, (m) => m.EditPatientPage);
const patientSettings = screen(patientForm, (m) => m.PatientSettingsPage);
const patientDetails = screen(
  () => import('./pages/patient-details-page'),
  (m) => m.PatientDetailsPage,
);
const patientAuditTrail = screen(
  () => import('./pages/audit-trail-page'),
  (m) => m.AuditTrailPage,
);
const deviceDashboard = screen(
  () => import('../features/devices/pages/device-dashboard-page'),
  (m) => m.DeviceDashboardPage,
);
const deviceForm = () => import('../features/devices/pages/device-form-page');
const addDevice = screen(deviceForm, (m) => m.AddDevicePage);
const editDevice = screen(deviceForm, (m) => m.EditDevicePage);
// The forms' pages bring SurveyJS and its styles, in their own chunks (DESIGN 7).
const hostedForm = screen(
  () => import('../features/forms/pages/hosted-form-page'),
  (m) => m.HostedFormPage,
);
const formLink = screen(
  () => import('../features/forms/pages/form-link-page'),
  (m) => m.FormLinkPage,
);
const manageForms = screen(
  () => import('../features/forms/pages/manage-forms-page'),
  (m) => m.ManageFormsPage,
);

/**
 * The routes of spec administration 2 and patients 2. Matching ignores case (React Router's default), so
 * /signIn and /signin are the same page.
 */
export function createRouter() {
  return createBrowserRouter([
    {
      element: <SessionGate />,
      hydrateFallbackElement: <LoadingScreen text={labels.loading} />,
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
            { path: '/signOut', lazy: signOut },
            {
              lazy: layout,
              children: [
                { path: paths.security, lazy: security },
                { path: paths.account, lazy: account },
                { path: paths.accountClinic, lazy: account },
                { path: paths.accountNew, lazy: newUser },
                { path: paths.accountNewInClinic, lazy: newUser },
                { path: paths.accountEdit, lazy: editUser },
                {
                  element: <RequireOperatorPortal />,
                  children: [
                    { path: paths.clinicDashboard, lazy: clinicDashboard },
                    { path: paths.clinicAdd, lazy: newClinic },
                    { path: paths.manageForms, lazy: manageForms },
                  ],
                },
                { path: paths.clinicianPatientList, lazy: clinicianList },
                { path: paths.priorityList, lazy: priorityList },
                { path: paths.patientAdd, lazy: addPatient },
                { path: paths.patientEdit, lazy: editPatient },
                { path: paths.patientSettings, lazy: patientSettings },
                { path: paths.patientDetails, lazy: patientDetails },
                { path: paths.patientAuditTrail, lazy: patientAuditTrail },
                // Clinic users see their clinic's devices; the form pages send them back to the list.
                { path: paths.deviceDashboard, lazy: deviceDashboard },
                { path: paths.deviceAdd, lazy: addDevice },
                { path: paths.deviceEdit, lazy: editDevice },
              ],
            },
          ],
        },
        {
          // The hosted form in the detail page's frame: signed in, without the app's layout, and with no
          // inactivity watch of its own (the page around the frame keeps the one).
          element: <RequireSignedIn framed />,
          children: [{ path: formPaths.fill, lazy: hostedForm }],
        },
        // A form texted to a patient: public, whether or not someone is signed in on this browser.
        { path: formPaths.link, lazy: formLink },
        { path: '*', element: <Navigate to={paths.signIn} replace /> },
      ],
    },
  ]);
}
