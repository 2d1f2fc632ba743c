/**
 * Every user-facing string of the two specification documents, spelled exactly as there.
 * Screens, schemas and tests import them from here so a wording lives in one place.
 */
export const messages = {
  required: 'Required',
  invalidPhone: 'Invalid phone number',
  invalidEmail: 'Invalid email address',
  emailMustBeValid: 'Email must be a valid email',
  provideValidEmailFormat: 'Please provide a valid email format',
  passwordMismatch: 'Password does not match',
  passwordsMismatch: 'Passwords do not match',
  passwordMin8: 'Password should have min 8 characters',
  passwordRule: 'Password should contain at least one upper case letter and a special character',
  temporaryPasswordRule:
    'Password should contain at least 8 characters, one upper case letter and a special character',
  nameTooLong: 'Name is too long - should be 50 chars maximum',
  macLength: 'MAC Address must be 12 characters long',
  macLengthPairing: 'MAC Address - Must be 12 characters long',
  imeiLength: 'IMEI must be 15 characters long',
  /** Ours: an identifier of the right length with characters no device has (the spec words only the length). */
  macCharacters: 'MAC Address may contain only the digits 0-9 and the letters A-F',
  macCharactersPairing: 'MAC Address - Must contain only the digits 0-9 and the letters A-F',
  imeiDigits: 'IMEI must contain digits only',
  /**
   * Ours: eDevice's Bluetooth address is a MAC address, named as its field is ('Bluetooth Address' on the
   * inventory's form, 'Bluetooth MA' on the patient form: spec patients 5).
   */
  bluetoothLength: 'Bluetooth Address must be 12 characters long',
  bluetoothCharacters: 'Bluetooth Address may contain only the digits 0-9 and the letters A-F',
  bluetoothLengthPairing: 'Bluetooth MA - Must be 12 characters long',
  bluetoothCharactersPairing: 'Bluetooth MA - Must contain only the digits 0-9 and the letters A-F',
  imageType: 'The selected image is not a valid type',
  providePhone: 'Please provide valid number',
  provideEmail: 'Please provide valid email',
  nameRequired: 'Name is required',
  enterNumber: 'Enter a number',
  doseRequired: 'Dose is required',
  selectUnit: 'Select unit',
  selectFrequency: 'Select frequency',
  readingInFuture: 'Reading cannot be in the future',
  /** Ours (`readingMaxAgeMs`). */
  readingTooOld: 'Reading cannot be more than a year old',
  dateRequired: 'Date is required',
  mustBeNumber: 'Must be a number',
  systolicRequired: 'Systolic is required',
  diastolicRequired: 'Diastolic is required',
  heartRateRequired: 'Heart Rate is required',
  weightRequired: 'Weight is required',
  inputCannotBeEmpty: 'Input cannot be empty',
  unknownAlert: 'Something went wrong. Please reach out to the support team with the patient ID.',
  noResults: 'No results found. Please try again.',
  requiredFieldsBanner: 'Some required fields were not filled out!',
  requiredFieldsBannerDetail: 'Please scroll up and check that all required fields are completed.',
  bulkTimeNoPatients: 'Cannot add bulk time when no patients are available',
  unsavedChanges: 'You have unsaved changes. Are you sure you want to leave?',
  shippingAddressPrompt: 'Please provide best shipping address to send patient device.',
  saveFilterPreferences: 'Do you want to save these filter preferences for your next visit?',
  reportEmailFailed: 'There was a problem hitting the API. Please try again later.',
  dataReportFailed: 'There was a problem downloading the data report. Please try again later.',
  monthlyReportFailed: 'There was a problem downloading the monthly report. Please try again later.',
  billingReportFailed: 'There was a problem downloading the billing report. Please try again later.',
  downloadFailed: 'Failed to download file. Please try again later.',
  serverError: 'Server error',
  unauthorized: 'Unauthorized',
  sessionTimedOut: 'Your session has timed out. Please log in.',
  // The specification leaves these validation messages unwritten; they are the product's own wording.
  thresholdDigitsOnly: 'Digits only, at most 3',
  customAlertsOrder: 'Expected the ten custom alerts in their fixed order',
  slugRule: 'Slug must be at least 4 characters: lowercase letters, digits and hyphens',
  areaCodeRule: 'Area code must be 3 digits',
  invalidDate: 'Enter a valid date (MM/DD/YYYY)',
  invalidZip: 'Invalid ZIP code',
  outOfRange: 'Value is out of range',
  diastolicNotBelowSystolic: 'Diastolic must be lower than systolic',
  savedAtTheSameTime: 'Someone saved the same thing at the same moment. Reload the page and try again.',
  unstorableText:
    'This text contains a character that cannot be saved (a null character or a broken symbol).',
  nestedTooDeeply: 'This request nests its data too deeply to be read.',
  readingValueRequired: 'Enter at least one reading',
  dateMustBeFuture: 'Choose a date and time in the future',
  monthlyNoteTooLong: 'Note must be 240 characters or fewer',
  monthlyNoteTooManyLines: 'Note must be 3 lines or fewer',
  timeMustBePositive: 'Enter a time greater than 0',
  careNavigatorPortal: 'Care navigators belong to the CIRCLE portal',
  dateRangeOrder: 'The start date must not be after the end date',
  reminderTimeTaken: 'Each reminder needs a time of its own',
  reminderTimeSlot: 'Choose a time on the hour or the half hour',
  tooLong: (max: number) => `Must be ${max} characters or fewer`,
} as const;

/** Toast texts of both documents, success and failure. */
export const toasts = {
  userUpdated: 'User Updated',
  userUpdateFailed: 'Could not update user',
  clinicUpdated: 'Clinic Updated',
  passwordUpdateFailed: 'Could not update password',
  passwordSet: 'Password successfully set! Please log in.',
  remindersSent: 'Reminders Sent',
  deviceDeleted: 'Device deleted',
  deviceDeactivated: 'Device deavtivated',
  deviceUnlinked: 'Device unlinked',
  deviceUpdated: 'Device updated',
  patientUpdated: 'Patient Updated',
  readingsSynced: 'Readings Synced Successfully',
  reportSent: 'Report Sent Successfully!',
  bulkTimeTracked: 'Bulk Time Tracked',
  bulkTimeAlreadyTracked: "Some of the filtered patients' bulk time for today has already been added.",
  pairSuccessful: 'Pair was successful',
  readingsAdded: ['One reading added.', 'Two readings added.', 'Three readings added.'],
} as const;

/** Words many screens share: one spelling for all of them. */
export const commonTexts = {
  loading: 'Loading...',
  saving: 'Saving...',
} as const;

/**
 * The patient detail page (spec patients 2.6, 2.9, 4): its headings, buttons and captions. Words the spec
 * gives are spelled as there; the rest are the product's own.
 */
export const detailLabels = {
  /** Beside the phone in the header, once the texting number sent STOP (decision 0011). */
  textsOptedOut: 'Opted out of texts',
  back: 'Back',
  patientNavigation: 'Patient navigation',
  patientPosition: (n: number, m: number) => `Patient ${n} of ${m}`,
  previousPatient: 'Previous patient',
  nextPatient: 'Next patient',
  editSettings: 'Edit patient settings',
  patientNotFound: 'This patient could not be found.',
  /** Beside the error when the page could not be loaded (ours: the spec leaves it unworded). */
  tryAgain: 'Try again',
  // Header card
  physician: 'Physician',
  doctor: (name: string) => `Dr. ${name}`,
  careNavigator: 'Care Navigator',
  lastCompletedCall: 'Last Completed Call',
  lastAttemptedCall: 'Last Attempted Call',
  logNewCall: 'Log new call',
  logAttemptedCall: 'Attempted call',
  logCompletedCall: 'Completed call',
  none: 'None',
  // General Patient Info
  generalPatientInfo: 'General Patient Info',
  notAvailable: 'Not available',
  dateOfBirth: 'DOB',
  dobWithAge: (dob: string, age: number) => `${dob} (${age} years)`,
  sex: 'Sex',
  phones: 'Phones',
  diagnosis: 'Diagnosis',
  dateOfEnrollment: 'Date of Enrollment',
  language: 'Language',
  devices: 'Devices',
  devicesCount: (n: number) => `${n} ${n === 1 ? 'device' : 'devices'}`,
  height: 'Height',
  heightInches: (inches: number) => `${inches} in`,
  weight: 'Weight',
  weightLbs: (lbs: number) => `${lbs} lbs`,
  bestDaysToContact: 'Best days to contact',
  bestTimesToContact: 'Best times to contact',
  // Panels
  expandPanels: 'Show alerts and issues',
  collapsePanels: 'Hide alerts and issues',
  alerts: 'Alerts',
  alertCount: (n: number) => `${n} ${n === 1 ? 'alert' : 'alerts'}`,
  activeAlerts: 'Active',
  snoozedAlerts: 'Snoozed',
  noActiveAlerts: 'No active alerts.',
  noSnoozedAlerts: 'No snoozed alerts.',
  readingDate: (date: string) => `Reading date: ${date}`,
  createdOn: (date: string) => `Created ${date}`,
  snoozedUntil: (when: string) => `Snoozed until ${when}.`,
  createAlert: 'Create Alert',
  alertType: 'Alert type',
  alertTypeOptions: { CallFollowUp: 'Call Follow-Up', Custom: 'Custom' } as Readonly<Record<string, string>>,
  alertDate: 'Date',
  customDescription: 'Description',
  snooze: 'Snooze',
  editAlert: 'Edit',
  clear: 'Clear',
  clearAlert: 'Clear Alert',
  snoozeAlert: 'Snooze Alert',
  editSnooze: 'Edit Snooze',
  snoozeUntil: 'Snooze until',
  pacificTime: 'Pacific time',
  alertActions: (description: string) => `Actions for ${description}`,
  activeIssues: 'Active Issues',
  noActiveIssues: 'No active issues.',
  activeIssuesChangedMeanwhile:
    'Someone saved Active Issues while you were editing them. Saving replaces their text:',
  saving: commonTexts.saving,
  saved: 'Saved',
  staffNotes: 'Staff Notes',
  addStaffNote: 'Add Staff Note',
  staffNote: 'Staff Note',
  noteText: 'Note',
  viewAll: 'View All',
  loadMoreNotes: 'Load More Notes',
  noStaffNotes: 'No staff notes yet.',
  loading: commonTexts.loading,
  allStaffNotes: 'All Staff Notes',
  formNote: 'Form',
  edited: 'edited',
  minimise: 'Minimise',
  restore: 'Restore staff note',
  noteBy: (author: string, time: string) => `${author} · ${time}`,
  noteEditedBy: (editor: string) => `edited by ${editor}`,
  unknownAuthor: 'Unknown user',
  // Buttons
  edit: 'Edit',
  save: 'Save',
  saveAndClear: 'Save & Clear',
  cancel: 'Cancel',
  close: 'Close',
  create: 'Create',
} as const;

/**
 * Answers of the detail page's calls that the specification leaves unworded (decision 0010). The web app
 * shows them as toasts, so they are written for the person who sees them.
 */
export const detailPageErrors = {
  formNoteReadOnly: 'A note written by a form is view-only and cannot be edited.',
  monthlyNoteLocked: 'This monthly note is approved and locked. Unlock it before changing its text.',
  yearMonthMismatch: 'The month does not match yearMonthString.',
  monthlyNoteFutureMonth: 'A monthly note is for this month or an earlier one.',
  snoozeTooFar: 'An alert can be snoozed for at most 90 days',
  monthlyNoteChanged:
    'Someone else changed this monthly note since you opened it. The page now shows their version: check it, then save again.',
  instantRequired: 'Expected a date and time (ISO 8601)',
  readingsRangeOrder: 'The start must be before the end',
  readingsRangeTooLong: 'The range can span at most 400 days',
  alertAlreadyCleared: 'This alert has already been cleared.',
  /** Years of five digits are not timestamps to PostgreSQL: such a date is a typo, not a plan. */
  dateTooLate: 'Choose a date before the year 10000',
} as const;

/**
 * The detail page's readings, medications and monthly notes panels (spec patients 2.6, 2.9, 4, 5): their
 * notices and the labels the spec gives its buttons, tabs and filters.
 */
export const readingsPanelTexts = {
  readings: 'Readings',
  medications: 'Medications',
  table: 'Table',
  chart: 'Chart',
  all: 'All',
  bpHr: 'BP & HR',
  weight: 'Weight',
  custom: 'Custom',
  high: 'HIGH',
  low: 'LOW',
  mean: 'MEAN',
  noReadings: 'No readings for these dates.',
  adjustDates: 'Adjust the selected dates.',
  saveAndAddMore: 'Save & Add More',
  saveAndClose: 'Save & Close',
  addMedication: 'Add Medication',
  saveAndAddAnother: 'Save & Add Another',
  saving: commonTexts.saving,
  removing: 'Removing...',
  noMedications: 'No medications have been added.',
  addMedicationsHint: 'Click “Add Medication” to add medications.',
  // The readings table's columns and types (spec patients 2.6).
  date: 'Date',
  time: 'Time',
  bp: 'BP',
  hr: 'HR',
  readingType: 'Type',
  action: 'Action',
  manual: 'Manual',
  device: 'Device',
} as const;

export const monthlyNoteTexts = {
  more: 'More',
  unlock: 'Unlock',
  reviewed: 'Reviewed',
  lastChange: (date: string, user: string) => `Last approved/edited on ${date} by ${user}`,
  /** Shown above the editor when someone saved the note after it was opened (decision 0010). */
  changedMeanwhile: (user: string) =>
    `${user} saved this note while you were editing it. Saving replaces their text:`,
} as const;

/**
 * The detail page's Messages panel (spec patients 2.6, 4, 9; decision 0011): the product's own words around
 * the conversation. The spec's own ('Load Earlier Messages', the addressed question, Send's tooltip) are in
 * textMessageTexts, shared with the server.
 */
export const messagesPanelTexts = {
  title: 'Messages',
  conversation: 'Conversation',
  noMessages: 'No messages yet.',
  loading: commonTexts.loading,
  /** The product's own texts, labelled so staff do not read them as a colleague's. */
  kinds: { welcome: 'Welcome text', reminder: 'Reading reminder', help: 'HELP reply' } as Readonly<
    Record<string, string>
  >,
  automated: 'Automated',
  status: {
    queued: 'Queued',
    sent: 'Sent',
    delivered: 'Delivered',
    undelivered: 'Undelivered',
    failed: 'Failed',
    received: 'Received',
  } as Readonly<Record<string, string>>,
  statusWithReason: (status: string, reason: string) => `${status}: ${reason}`,
  addressed: 'Addressed',
  markAddressed: (date: string) => `Mark the message of ${date} addressed`,
  markAddressedTitle: 'Mark Addressed',
  yes: 'Yes',
  no: 'No',
  messageField: 'Message',
  attachFiles: 'Attach files',
  attachments: 'Attachments',
  uploading: (fileName: string) => `Uploading ${fileName}...`,
  removeAttachment: (fileName: string) => `Remove ${fileName}`,
  uploadRefused: (fileName: string, reason: string) => `${fileName} was not attached: ${reason}`,
  send: 'Send',
  waitForUploads: 'Wait for the attachments to finish uploading.',
  attachmentAlt: (fileName: string) => `Attachment ${fileName}`,
} as const;

/** The messages panel and the texting behind it (spec patients 2.6, 4, 9; decision 0011). */
export const textMessageTexts = {
  provideMessageOrAttachment: 'Provide a message or file attachment(s).',
  confirmAddressed: 'Do you want to mark this and all previous messages addressed?',
  loadEarlier: 'Load Earlier Messages',
  // The product's own wording: the spec leaves these unwritten.
  optedOut: 'This patient has opted out of texts (STOP). Nothing can be sent until they text START.',
  noTextingNumber: 'This patient has no texting cell number.',
  noClinicNumber: "The patient's clinic has no texting number.",
  attachmentNotFound: 'An attachment was not found. Upload it again.',
  attachmentTooMany: 'At most 10 attachments per message.',
  attachmentsTooLarge: 'The attachments of one message can be at most 5 MB in all.',
  attachmentMissing: 'Choose a file to attach.',
  attachmentEmpty: 'The file is empty.',
  textTooLong: 'A message can be at most 1600 characters, your signature included.',
  deliveryFailed: 'Delivery failed',
} as const;

/** The reminder test tools on /account outside production (spec administration 2, 7 and 8). */
export const reminderToolTexts = {
  title: 'Reminder test tools',
  selectTime: 'Select Time',
  sendReminders: 'Send Reminders',
  sending: 'Sending...',
  /** Beside the picker: the product's own words, so a tester knows which clock the choice is on. */
  pacificTime: 'Pacific time',
} as const;
