export const alertCategories = ['Clinical', 'Manual', 'SMS', 'AdherenceCoaching'] as const;
export type AlertCategory = (typeof alertCategories)[number];

/** Most urgent first (DESIGN 4): lists, badges and the priority score sort by this rank. */
export const alertCategoryRank: Readonly<Record<AlertCategory, number>> = {
  Clinical: 0,
  Manual: 1,
  SMS: 2,
  AdherenceCoaching: 3,
};

/** The alert types the rules raise from readings, in the order findings are reported. */
export const readingAlertTypes = [
  'BPHighSingle',
  'BPHighTwoDaysInWeek',
  'BPHighThreeDaysInWeek',
  'BPLow',
  'HeartRateLow',
  'HeartRateHigh',
  'WeightThreePoundsIn1Day',
  'WeightTwoPoundsIn1Day',
  'WeightFivePoundsInWeek',
  'AdherenceNewPatientNoReadingForOneDay',
  'AdherenceEstablishedPatientNoReadingForFiveDays',
] as const;
export type ReadingAlertType = (typeof readingAlertTypes)[number];

/** Types staff create by hand; they are in category Manual (spec patients 3). */
export const manualAlertTypes = ['CallFollowUp', 'Custom'] as const;
export type ManualAlertType = (typeof manualAlertTypes)[number];

export const alertTypes = [...readingAlertTypes, 'SMSUnseen', ...manualAlertTypes] as const;
export type AlertType = (typeof alertTypes)[number];

export const alertTypeCategory: Readonly<Record<AlertType, AlertCategory>> = {
  BPHighSingle: 'Clinical',
  BPHighTwoDaysInWeek: 'Clinical',
  BPHighThreeDaysInWeek: 'Clinical',
  BPLow: 'Clinical',
  HeartRateLow: 'Clinical',
  HeartRateHigh: 'Clinical',
  WeightThreePoundsIn1Day: 'Clinical',
  WeightTwoPoundsIn1Day: 'Clinical',
  WeightFivePoundsInWeek: 'Clinical',
  AdherenceNewPatientNoReadingForOneDay: 'AdherenceCoaching',
  AdherenceEstablishedPatientNoReadingForFiveDays: 'AdherenceCoaching',
  SMSUnseen: 'SMS',
  CallFollowUp: 'Manual',
  Custom: 'Manual',
};

export const isAlertType = (value: string): value is AlertType => value in alertTypeCategory;

/** The gain a CHF patient is alerted on below the clinic's 1-day threshold (DESIGN 4). */
export const chfOneDayGainPounds = 2;

/**
 * The note of an alert of the rules cleared because the readings it was raised on were removed (DESIGN 3: a
 * removed reading counts nowhere). The product's own words; the spec has none for this.
 */
export const alertWithdrawnNote = 'Withdrawn: the reading it was raised on was removed.';
