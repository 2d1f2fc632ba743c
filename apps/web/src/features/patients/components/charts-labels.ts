import { readingsPanelTexts } from '@vigil/core';

/**
 * Labels of the readings and medications panel that the spec leaves unworded: the product's own. The spec's
 * words (tabs, filters, buttons, notices) come from @vigil/core's readingsPanelTexts.
 */
export const chartsLabels = {
  ...readingsPanelTexts,
  panelTitle: 'Readings and Medications',
  view: 'View',
  type: 'Type',
  dateRange: 'Date range',
  startDate: 'Start date',
  endDate: 'End date',
  days: (n: number) => `${n} Days`,
  customHint: 'Choose both dates to apply the range.',
  addReading: 'Add Reading',
  addReadingTitle: 'Add Manual Reading',
  // Summary
  bloodPressure: 'Blood Pressure',
  heartRate: 'Heart Rate',
  latest: 'LATEST',
  vsYesterday: 'vs. 1 day',
  vsLastWeek: 'vs. 7 days',
  noValue: '—',
  // Table
  remove: 'Remove',
  removeReading: 'Remove Reading',
  confirmRemoveReading: (when: string) =>
    `Remove the reading of ${when}? It will no longer count in the summary, the alerts or the lists.`,
  removeReadingOf: (when: string) => `Remove reading of ${when}`,
  readingsTable: 'Readings',
  // Chart
  bpChart: 'Blood pressure and heart rate chart',
  weightChart: 'Weight chart',
  systolic: 'Systolic',
  diastolic: 'Diastolic',
  weightLbs: 'Weight (lbs)',
  loadingChart: 'Loading chart...',
  // Manual reading dialog
  time: 'Time',
  timeZone: 'Time zone',
  bloodPressureGroup: 'Blood pressure (mmHg)',
  heartRateBpm: 'Heart Rate (bpm)',
  cancel: 'Cancel',
  // Medications
  medicationsTable: 'Medications',
  name: 'Name',
  dose: 'Dose',
  unit: 'Unit',
  frequency: 'Frequency',
  edit: 'Edit',
  editMedication: 'Edit Medication',
  editMedicationOf: (name: string) => `Edit ${name}`,
  removeMedicationOf: (name: string) => `Remove ${name}`,
  medicationSaved: 'Medication saved',
  medicationRemoved: 'Medication removed',
} as const;
