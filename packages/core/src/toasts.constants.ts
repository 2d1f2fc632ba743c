// Apart from the patients' constants, whose module loads the language names: the sign-in route needs only these.

/** Spec patients 1: toasts of the patient area auto-close after 4 seconds. */
export const toastAutoHideMs = 4000;
/** Spec administration 1 and 9: toasts of the administration area auto-close after 20 seconds. */
export const adminToastAutoHideMs = 20_000;
