/** Server answers that the spec leaves unworded; shown to users as toasts, so written for them. */
export const errorMessages = {
  notFound: 'Not found',
  forbidden: 'You do not have permission to do this.',
  adminOnly: 'Only an administrator can do this.',
  usersListForbidden: 'Only administrators can see the users list.',
  createClinicForbidden: 'Only an operator administrator can create clinics.',
  ownAdminFlag: 'You cannot change your own administrator access.',
  ownActiveStatus: 'You cannot deactivate your own account.',
  twoFactorAdminOnly: 'Only an administrator can change two-factor authentication.',
  emailTaken: 'A user with this email already exists.',
  slugTaken: 'This clinic URL is already taken. Please choose another.',
  operatorRole: 'Operator portal users are care navigators.',
  numberUnavailable: 'No texting number could be provisioned in this area code. Please try another.',
  textingNotConfigured:
    "Texting is not set up on this server, so a new clinic cannot get its number. Ask the server's administrator to connect Twilio.",
  avatarTooLarge: 'The selected image is too large. The maximum size is 5 MB.',
  avatarMissing: 'Please choose an image to upload.',
  deviceExists: 'A device of this brand with this identifier already exists.',
  devicePaired: 'This device is already paired with a patient.',
  /**
   * Ours: what identifies a device a patient holds, connected or disconnected ('unlinked' in the inventory),
   * and its clinic, stay until it is removed from the patient.
   */
  devicePairedClinic:
    "This device is still a patient's, connected or not: its clinic can change only once it is removed from the patient's devices.",
  devicePairedIdentity:
    "This device is still a patient's, connected or not: its brand and identifier can change only once it is removed from the patient's devices, or its readings would stop reaching the patient.",
  devicePairingHistory:
    'This device has been paired with patients, and its late readings still find them by its brand and identifier. Add the other device as a new one.',
  deviceOtherClinic: 'This device belongs to another clinic.',
  deviceIsDeactivated: 'This device is deactivated.',
  deviceJustDeleted: 'This device was deleted from the inventory a moment ago. Please try again.',
  webhookUnauthorized: 'Invalid webhook credentials.',
  readingOutOfRange: 'The reading is outside the physiological range.',
  /** Ours: a blood pressure needs both of its numbers. */
  readingHalfBloodPressure: 'A blood pressure reading needs both systolic and diastolic.',
  readingInFuture: 'The reading is stamped in the future.',
  readingTooOld: 'The reading is stamped more than a year ago.',
  vendorUnavailable: 'The device vendor could not be reached. Please try again later.',
} as const;
