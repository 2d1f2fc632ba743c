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
  avatarTooLarge: 'The selected image is too large. The maximum size is 5 MB.',
  avatarMissing: 'Please choose an image to upload.',
} as const;
