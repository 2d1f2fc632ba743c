/** Time tracking limits of spec patients 9. */
export const timeTracking = {
  tickMs: 1000,
  /** Saved on unload, patient switch or forced save above this many seconds. */
  saveOnLeaveAboveSeconds: 3,
  /** Saved on a manual stop above this many seconds. */
  saveOnStopAboveSeconds: 0,
  /** The priority list's check mark is for tracked time above this many seconds. */
  trackedCheckAboveSeconds: 1200,
} as const;

export const bulkTimeNotes = ['Data Reviewed for out range readings.', '-'] as const;
export const bulkTimeDefaults = { seconds: 30, text: bulkTimeNotes[0] } as const;
