/**
 * Screen labels of the web app. Messages that the spec defines (validation, toasts, notices) come from
 * @vigil/core; these are the names of fields, buttons, headings and menu entries.
 */
export const productName = 'Vigil';

export const labels = {
  email: 'Email',
  password: 'Password',
  login: 'Login',
  forgotPassword: 'Forgot Username/Password',
  verificationCode: 'Verification Code',
  goBack: 'Go Back',
  togglePasswordVisibility: 'toggle password visibility',
  submit: 'Submit',
  cancel: 'Cancel',
  resetPassword: 'Reset Password',
  backToLogin: 'Back to Login',
  newAccount: 'New Account',
  resetYourPassword: 'Reset your password',
  setPassword: 'Set Password',
  confirmPassword: 'Confirm Password',
  changePassword: 'Change Password',
  currentPassword: 'Current Password',
  newPassword: 'New Password',
  updatePassword: 'Update Password',
  passwordUpdated: 'Password Updated',
  signingOut: 'Signing out...',
  loading: 'Loading...',
  clinicsDashboard: 'Clinics Dashboard',
  clinicianPatientList: 'Clinician Patient List',
  patientPriorityList: 'Patient Priority List',
  deviceManagement: 'Device Management',
  account: 'Account',
  security: 'Security',
  logout: 'Logout',
  stillThere: 'Are you still there?',
  stillHere: "I'm still here",
} as const;
