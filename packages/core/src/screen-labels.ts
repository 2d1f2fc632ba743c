import { commonTexts, detailLabels, monthlyNoteTexts } from './messages.js';

/**
 * Screen labels: the names of fields, buttons, headings and menu entries, as the specs spell them where
 * they give them. Messages (validation, toasts, notices) are in messages.ts; a word both use is written
 * once, there.
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
  loading: commonTexts.loading,
  clinicsDashboard: 'Clinics Dashboard',
  clinicianPatientList: 'Clinician Patient List',
  patientPriorityList: 'Patient Priority List',
  account: 'Account',
  security: 'Security',
  logout: 'Logout',
  stillThere: 'Are you still there?',
  stillHere: "I'm still here",
  // Account (spec administration 2: Account)
  generalInfo: 'General Info',
  firstName: 'First Name',
  lastName: 'Last Name',
  admin: 'Admin',
  administrator: 'Administrator',
  yes: 'Yes',
  no: 'No',
  phone: 'Phone',
  profileImage: 'Profile Image',
  add: 'Add',
  update: 'Update',
  emergencyProtocol: 'Emergency Protocol',
  twoFactor: 'Two Factor Authentication',
  twoFactorNone: 'None',
  twoFactorSms: 'SMS',
  updateAndSaveChanges: 'Update & Save Changes',
  // Clinic Info and its dialogs
  clinicInfo: 'Clinic Info',
  clinicName: 'Clinic Name',
  clinicAddress: 'Clinic Address',
  smsPhoneNumber: 'SMS Phone Number',
  clinicUrl: 'Clinic URL',
  active: 'Active',
  saveClinicInfo: 'Save Clinic Info',
  deactivateClinic: 'Deactivate Clinic',
  yesContinue: 'Yes, Continue',
  confirmClinicNameChange: 'Confirm Clinic Name Change',
  yesSubmit: 'Yes, Submit',
  // Users list and user form
  users: 'Users',
  edit: 'Edit',
  activate: 'Activate',
  deactivate: 'Deactivate',
  activateUser: 'Activate user',
  deactivateUser: 'Deactivate user',
  deactivated: 'Deactivated',
  createNewAccount: 'Create new account',
  newAccountTitle: 'Create New Account',
  editAccountTitle: 'Edit Account',
  clinicalRole: 'Clinical Role',
  staff: 'Staff',
  physician: 'Physician',
  timeTracking: 'Time Tracking',
  createTemporaryPasswordLink: 'Create temporary password *',
  submitNewAccount: 'Create New Account',
  submitEditAccount: 'Update & Save Change',
  temporaryPassword: 'Temporary Password',
  temporaryPasswordChoice: 'How to set the temporary password',
  generateAutomaticPassword: 'Generate Automatic temporary password',
  createTemporaryPassword: 'Create temporary password',
  confirm: 'Confirm',
  remove: 'Remove',
  // Alerts settings
  alertsSettings: 'Alerts Settings',
  saveAlertsSettings: 'Save Alerts Settings',
  // Clinics dashboard and new clinic
  name: 'Name',
  adminEmail: 'Admin Email',
  activePatients: 'Active',
  inactivePatients: 'Inactive',
  unassignedPatients: 'Unassigned',
  clinicSettings: 'Clinic Settings',
  addNewClinic: 'Add New Clinic',
  clinicActions: 'clinic actions',
  clinicSlug: 'Clinic URL (slug)',
  areaCode: 'Area Code',
  adminFirstName: 'Admin First Name',
  adminLastName: 'Admin Last Name',
  adminRole: 'Admin Role',
  adminPhone: 'Admin Phone',
  createClinic: 'Create Clinic',
  inactive: 'Inactive',
  // Patient lists (spec patients 2.2 to 2.5)
  searchPatients: 'Search patients',
  patientCount: (n: number) => `${n} ${n === 1 ? 'patient' : 'patients'}`,
  month: 'Month',
  filter: 'Filter',
  filterWithCount: (n: number) => (n > 0 ? `Filter, ${n} selected` : 'Filter'),
  addNewPatient: 'Add New Patient',
  showingPatients: (from: number, to: number, total: number) => `Showing ${from}-${to} of ${total} patients`,
  pages: 'Pages',
  markReviewed: 'Mark Reviewed',
  reviewed: monthlyNoteTexts.reviewed,
  dob: 'DOB',
  dateOfEnrollment: detailLabels.dateOfEnrollment,
  never: 'Never',
  lastCompletedCall: detailLabels.lastCompletedCall,
  lastAttemptedCall: detailLabels.lastAttemptedCall,
  callsAttempted: '# of Calls Attempted',
  tracked: 'Tracked',
  trackedOver: (minutes: number) => `Tracked over ${minutes} minutes`,
  numDays: '# Days',
  lastReading: 'Last Reading',
  lastBpReading: 'Last BP Reading',
  alerts: 'Alerts',
  activeAlerts: (n: number, category: string | null) =>
    category ? `${n} active, most urgent ${category}` : `${n} active`,
  bpAtGoal: '% BP at Goal',
  meanBp: 'Mean BP',
  compliance: '% Compliance',
  weight: 'Weight',
  lastReviewedOn: (date: string) => `Last reviewed ${date}`,
  neverReviewed: 'Never reviewed',
  // Filter Options (spec patients 2.4)
  filterOptions: 'Filter Options',
  filterHelp: 'How the filters combine',
  activeStatus: "Patient's Active Status",
  enrollmentStatus: "Patient's Enrollment Status",
  clinics: 'Clinics',
  providers: 'Providers',
  careNavigators: 'Care Navigators',
  diagnosis: 'Diagnosis',
  monthlyReportRequested: 'Monthly data report requested',
  apply: 'Apply',
  saveFilterPreferences: 'Save filter preferences',
  // Bulk time (spec patients 2.5)
  bulkTime: 'Bulk Time',
  addBulkTime: 'Add Bulk Time',
  seconds: 'Seconds',
  note: 'Note',
} as const;

/** The option names of the list filters, by the values the API takes. */
export const filterOptionLabels: Readonly<Record<string, string>> = {
  active: 'Active',
  inactive: 'Inactive',
  neverenrolled: 'Never Enrolled',
  unassigned: 'Unassigned',
  unenrolled: 'Unenrolled',
};

/** The badges of the priority list's Name column (DESIGN 4: Patients and lists). */
export const patientBadgeLabels = {
  inactive: 'Inactive',
  unenrolled: 'Unenrolled',
  neverEnrolled: 'Never Enrolled',
  unassigned: 'Unassigned',
} as const;

/** Alert categories in words, for the Alerts column. */
export const alertCategoryLabels: Readonly<Record<string, string>> = {
  Clinical: 'Clinical',
  Manual: 'Manual',
  SMS: 'SMS',
  AdherenceCoaching: 'Adherence Coaching',
};

/** Notices the spec leaves unworded: the product's own wording, next to the spec's toasts in @vigil/core. */
export const notices = {
  accountCreated: 'Account Created',
  clinicCreated: 'Clinic Created',
  avatarUpdated: 'Profile image updated',
  deactivateClinic:
    "Users of this clinic will no longer be able to log in, and data collection for the clinic's patients " +
    'will stop. You can activate the clinic again at any time.',
  deactivateOwnClinic:
    "Users of this clinic, you included, will no longer be able to log in, and data collection for the clinic's " +
    'patients will stop. You will be signed out, and only your care coordination provider can activate the ' +
    'clinic again.',
  clinicNameChange: (from: string, to: string) =>
    `The clinic will be renamed from "${from}" to "${to}" for all of its users.`,
  activateUser: 'Are you sure you want to activate user?',
  deactivateUser: 'Are you sure you want to deactivate user?',
  generatedPassword: 'Give this password to the user. They will choose their own at first sign-in.',
  generatePasswordFailed: 'A password could not be generated. Try again, or create one.',
  noTemporaryPassword:
    'Without a temporary password, the user receives an email with a link to set their own (valid 72 hours).',
  temporaryPasswordChosen: 'A temporary password is set. The user will choose their own at first sign-in.',
  /** Ours: the edit form's notice, where no email is sent. */
  passwordUnchanged: "The user's password stays as it is, unless you set a temporary one.",
  noUsers: 'No other users yet.',
  clinicNotFound: 'This clinic could not be found.',
  userNotFound: 'This user could not be found.',
  accountNotLoaded: 'Your account could not be loaded. Please reload the page.',
  noClinics: 'No clinics yet.',
  newClinicIntro:
    'A texting number is set up in the area code, and the administrator receives an email to set a password.',
  thresholdsReadOnly: 'Only an administrator can change the alert thresholds.',
  // Patient lists: the spec's tooltips (patients 9) and the filter help (2.4), in the product's words.
  bpAtGoalTooltip: '% BP at goal: readings with a systolic between 100 and 130.',
  meanBpTooltip: 'Mean BP over the most recent 7 days.',
  complianceTooltip: 'Compliance against code 99454 over the last 30 days.',
  weightTooltip: 'The latest weight within the last 30 days.',
  filterHelp:
    'Choices within one dropdown are combined with OR; choices in different dropdowns are combined with AND.',
  bulkTimeIntro: (patients: number) =>
    `The time is added to every patient of the filtered list (${patients} ${patients === 1 ? 'patient' : 'patients'}), once a day.`,
} as const;

/** The title of the unsaved-changes question, whose text is the spec's (@vigil/core messages). */
export const unsavedChangesTitle = 'Unsaved Changes';

/** What each stored alert threshold field means on screen, with its unit (spec administration 3). */
export const thresholdFieldLabels: Readonly<Record<string, { label: string; unit: string }>> = {
  highReadingSystolic: { label: 'Systolic', unit: 'mmHg' },
  highReadingdiastolic: { label: 'Diastolic', unit: 'mmHg' },
  secondReadingSystolic: { label: 'Systolic', unit: 'mmHg' },
  thirdReadingSystolic: { label: 'Systolic', unit: 'mmHg' },
  lowBP: { label: 'Systolic below', unit: 'mmHg' },
  weightInOneCalendarDays: { label: 'Gain', unit: 'lbs' },
  weightInSevenCalendarDays: { label: 'Gain', unit: 'lbs' },
  lowHR: { label: 'Below', unit: 'bpm' },
  highHR: { label: 'Above', unit: 'bpm' },
  oneAdherence: { label: 'Enrolled under', unit: 'days' },
  oneCalendar: { label: 'No reading for', unit: 'days' },
  fiveAdherence: { label: 'Enrolled at least', unit: 'days' },
  fiveCalendar: { label: 'No reading for', unit: 'days' },
};

/** The patient add/edit form (spec patients 2.1, 3, 5): titles, sections, fields and buttons. */
export const patientFormLabels = {
  newPatientTitle: 'New Patient',
  patientSettingsTitle: 'Patient Settings',
  createNewPatient: 'Create New Patient',
  saveAndUpdateInfo: 'Save & Update Info',
  back: 'Back',
  clinicAndUserAssignment: 'Clinic and User Assignment',
  clinic: 'Clinic',
  careNavigator: 'Care Navigator',
  phoneNumber: (n: number) => `Phone ${n}`,
  phoneType: (n: number) => `Phone ${n} type`,
  phoneNotes: (n: number) => `Phone ${n} notes`,
  addPhone: 'Add Phone',
  removePhone: (n: number) => `Remove phone ${n}`,
  address: 'Address',
  apt: 'Apt',
  city: 'City',
  state: 'State',
  zip: 'Zip',
  patientPreferences: 'Patient Preferences',
  consent: 'Consent',
  bestDaysToContact: 'Best days to contact',
  bestTimesToContact: 'Best times to contact',
  textConsent: 'Text-message consent',
  textingNumber: 'Texting number',
  remindersConsent: 'SMS reading reminders',
  numberDailyReminders: 'Number of daily reminders',
  reminderTime: (n: number) => `Reminder ${n} time`,
  everyDay: 'Every day?',
  daysToTextReminders: 'Days to text reminders',
  emailConsent: 'Email consent',
  monthlyReportEmailed: 'monthly report emailed',
  emergencyContact: 'Emergency Contact',
  emergencyContactFirstName: 'Emergency contact first name',
  emergencyContactLastName: 'Emergency contact last name',
  emergencyContactPhone: 'Emergency contact phone',
  emergencyContactNotes: 'Notes',
  medicalInfo: 'Medical Info',
  dateOfBirth: 'Date of Birth',
  dateFormat: 'MM/DD/YYYY',
  mr: 'MR',
  gender: 'Gender',
  heightFeet: 'Height (feet)',
  heightInches: 'Height (inches)',
  weight: 'Weight (lbs)',
  language: 'Language',
  customAlerts: 'Custom Alerts',
  deviceSetup: 'Device Setup',
  connectDevices: 'Connect Devices',
  shippingAddress: 'Shipping Address',
  priority: 'Priority',
  highPriority: 'High priority',
  enrollment: 'Enrollment',
  enrolled: 'Enrolled',
} as const;

/** Option names of the patient form where the stored value is a code. */
export const genderLabels: Readonly<Record<string, string>> = { MALE: 'Male', FEMALE: 'Female' };

/** The patient form's notices the spec leaves unworded: the product's own wording. */
export const patientFormNotices = {
  patientNotFound: 'This patient could not be found.',
  contactNeedsConsent: 'Texts and emails need consent obtained by clinic staff or via telephone.',
  noCellPhone: 'Add a Cell phone with its number under General Info to choose it here.',
  remindersNeedTextConsent:
    'Reminders are texted only with text-message consent Yes, to the texting number: none will be sent until then.',
  customAlertsIntro: "This patient's own thresholds. A new patient starts from the clinic's Alerts Settings.",
} as const;

/** Device Management and the device form (spec administration 2, 4 and 5: Device). */
export const deviceLabels = {
  deviceManagement: 'Device Management',
  searchDevices: 'Search devices',
  deviceCount: (n: number) => `${n} ${n === 1 ? 'device' : 'devices'}`,
  addDevice: 'Add Device',
  // The inventory's columns
  deviceId: 'Device ID',
  macAddress: 'MAC Address',
  type: 'Type',
  assignedClinic: 'Assigned Clinic',
  assignedPatient: 'Assigned Patient',
  lastSeen: 'Last Seen',
  status: 'Status',
  neverConnected: 'Never Connected',
  hub: (serial: string) => `Hub ${serial}`,
  deviceActions: 'device actions',
  // The row menu and its questions
  edit: 'Edit',
  delete: 'Delete',
  unlink: 'Unlink',
  deactivate: 'Deactivate',
  deleteDevice: 'Delete Device',
  unlinkDevice: 'Unlink Device',
  deactivateDevice: 'Deactivate Device',
  // Paging
  devicesRange: (from: number, to: number, total: number) => `Devices: ${from} - ${to} out of ${total}`,
  goToPage: 'Go to page',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  // Unrecognised deliveries
  unrecognisedDevices: 'Unrecognised devices',
  identifier: 'Identifier',
  brand: 'Brand',
  firstSeen: 'First Seen',
  count: 'Count',
  reason: 'Reason',
  findDevice: 'Find Device',
  unrecognisedRange: (from: number, to: number, total: number) => `${from} - ${to} out of ${total}`,
  /** Ours: the unrecognised list's search (identifier or hub) and what it found. */
  searchUnrecognised: 'Search unrecognised devices',
  unrecognisedCount: (n: number) => `${n} ${n === 1 ? 'entry' : 'entries'}`,
  noUnrecognisedFound: 'No unrecognised device matches the search.',
  // The form
  addDeviceTitle: 'Add Device',
  editDeviceTitle: 'Edit Device',
  deviceBrand: 'Device Brand',
  deviceType: 'Device Type',
  serialNumber: 'Serial Number',
  imei: 'IMEI',
  bluetoothAddress: 'Bluetooth Address',
  hubSerialNumber: 'Hub Serial Number',
  clinic: 'Clinic',
  removeClinic: 'Remove clinic',
  inactiveClinic: (name: string) => `${name} (inactive)`,
  saveAndNew: 'Save and New',
  updateDevice: 'Update Device',
  deviceCreated: 'Device created successfully!',
  createdDevice: (name: string, serialNumber: string) =>
    `Created device named ${name} with serial number ${serialNumber}`,
  // Notices the spec leaves unworded: the product's own wording.
  noDevices: 'No devices found.',
  noUnrecognised: 'Every delivery came from a known, paired device.',
  unrecognisedIntro:
    'Deliveries the server could not put on a patient. Add an unknown device to the inventory, or find it there.',
  deviceNotFound: 'This device could not be found.',
  clinicHelp: "Without a clinic the device stays in the operator's stock.",
  readOnly: "Your clinic's devices. The care-coordination team manages the inventory.",
  confirmDelete: (serial: string) =>
    `Delete device ${serial}? It leaves the inventory; the readings it sent are kept.`,
  confirmUnlink: (serial: string, patient: string) =>
    `Unlink device ${serial} from ${patient}? Its readings will no longer reach the patient.`,
  confirmDeactivate: (serial: string) =>
    `Deactivate device ${serial}? Its readings will no longer be stored. This cannot be undone here.`,
} as const;

/**
 * Pairing on the patient form (spec patients 2.1, 2.6, 4, 5): Device Info, Connected Devices, Device History
 * and the Active Devices dialog.
 */
export const pairingLabels = {
  deviceInfo: 'Device Info',
  brand: 'Brand',
  imei: 'IMEI',
  deviceName: 'Device Name',
  deviceType: 'Device Type',
  macAddress: 'MAC Address',
  hubSerialNumber: 'Hub Serial Number',
  bluetoothMA: 'Bluetooth MA',
  modelName: 'Model Name',
  tenoviDeviceId: 'Device ID',
  pair: 'Pair',
  connectedDevices: 'Connected Devices',
  deviceHistory: 'Device History',
  showHistory: 'Show History',
  hideHistory: 'Hide History',
  // The tables' columns
  device: 'Device',
  name: 'Name',
  deviceId: 'Device ID',
  status: 'Status',
  battery: 'Battery',
  lastSeen: 'Last Seen',
  actions: 'Actions',
  paired: 'Paired',
  unpaired: 'Unpaired',
  deleted: 'Deleted',
  neverConnected: 'Never Connected',
  hub: (serial: string) => `Hub ${serial}`,
  // Row actions and the delete question (spec patients 4: Device status)
  disconnect: 'Disconnect',
  reconnect: 'Reconnect',
  delete: 'Delete',
  deleteDevice: 'Delete Device',
  confirmDelete: 'Deleting this device will disconnect it from the patient. Do you want to continue?',
  // The Active Devices dialog (spec patients 2.6)
  activeDevicesButton: (n: number) => `Active Devices (${n})`,
  activeDevices: 'Active Devices',
  syncReadings: 'Sync Readings',
  close: 'Close',
  // Notices the spec leaves unworded: the product's own wording.
  chooseBrand: 'Choose the brand of the device to connect.',
  imeiHelp: 'The 15 digits printed on the device.',
  macHelp: 'Colons or dashes are optional.',
  noFreeDevices: (brand: string) =>
    `No ${brand} devices are free in this clinic. An administrator adds them to the inventory.`,
  noConnectedDevices: 'No devices are connected.',
  noDeviceHistory: 'No device has been paired with this patient yet.',
  historySummary: (n: number) =>
    n === 0
      ? 'No device has been paired with this patient yet.'
      : `${n} ${n === 1 ? 'pairing' : 'pairings'}, the deleted ones included.`,
  noActiveDevices: 'No active devices.',
  newReadings: (n: number) =>
    n === 0 ? 'No new readings.' : `${n} new ${n === 1 ? 'reading' : 'readings'} received.`,
  refusedReadings: (n: number) =>
    `${n} ${n === 1 ? 'reading' : 'readings'} from the devices could not be stored: out of range, in the future or unreadable.`,
  /** Ours: a sync whose vendors were not all reached ('Withings', 'Withings and Smart Meter'). */
  unreachableVendors: (vendors: readonly string[]) =>
    `${vendors.join(' and ')} could not be reached: the readings of ${vendors.length === 1 ? 'its' : 'their'} devices were not synced. Please try again later.`,
} as const;
