import { adminToastAutoHideMs, toastAutoHideMs } from '@vigil/core';
import { enqueueSnackbar, type OptionsObject, type VariantType } from 'notistack';
import { isPatientArea } from './paths';

/**
 * Toasts hide after 20 s in the administration area (spec administration 1) and after 4 s, at top centre,
 * in the patient area (spec patients 1). The area is the one the user is on when the toast is raised.
 */
export function toastOptions(pathname: string): OptionsObject {
  return isPatientArea(pathname)
    ? { autoHideDuration: toastAutoHideMs, anchorOrigin: { vertical: 'top', horizontal: 'center' } }
    : { autoHideDuration: adminToastAutoHideMs, anchorOrigin: { vertical: 'bottom', horizontal: 'left' } };
}

export function showToast(message: string, variant: VariantType = 'default'): void {
  enqueueSnackbar(message, { variant, ...toastOptions(window.location.pathname) });
}
