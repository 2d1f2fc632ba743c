import ISO6391 from 'iso-639-1';

/** Both patient lists load 25 patients a page (spec patients 9). */
export const patientListPageSize = 25;
export const searchDebounceMs = 500;
export const activeIssuesSavedMs = 3000;
export const staffNoteDayGroupsPerLoad = 3;
export const monthlyReports = { initial: 2, perLoad: 4 } as const;
export const messagesPerLoad = 10;
export const maxDailyReminders = 10;

export const diagnoses = ['Hypertension', 'CHF', 'Hypotension'] as const;
export type Diagnosis = (typeof diagnoses)[number];

export const genders = ['MALE', 'FEMALE'] as const;
export const phoneTypes = ['Cell', 'Landline'] as const;

export const consentStatuses = [
  'Obtained by clinic staff',
  'Obtained via telephone',
  'Not yet obtained',
] as const;
export type ConsentStatus = (typeof consentStatuses)[number];
/** Consents under which the patient may be texted and emailed (spec patients 4). */
export const contactConsentStatuses: readonly ConsentStatus[] = [
  'Obtained by clinic staff',
  'Obtained via telephone',
];

export const textConsentOptions = ['Yes', 'No', 'Patient does not have cell phone'] as const;
export const yesNo = ['Yes', 'No'] as const;
export const weekDays = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export const contactTimes = ['Morning', 'Afternoon', 'Evening'] as const;

export const activeStatusOptions = ['active', 'inactive'] as const;
export const enrollmentStatusOptions = ['neverenrolled', 'unassigned', 'unenrolled'] as const;

/** The seven languages of the clinics' patients, in the spec's order, before all the others. */
const firstLanguages = ['en', 'es', 'hy', 'fa', 'ru', 'vi', 'tl'] as const;

/**
 * The patient form's languages (spec patients 5): the seven first languages, then every other ISO 639-1
 * language alphabetically by English name, codes upper-cased as stored. The list comes from the maintained
 * `iso-639-1` package so that names and codes follow the standard rather than a hand-typed copy.
 */
export const languages: readonly { code: string; name: string }[] = [
  ...ISO6391.getLanguages([...firstLanguages]),
  ...ISO6391.getLanguages(
    ISO6391.getAllCodes().filter((code) => !(firstLanguages as readonly string[]).includes(code)),
  ).sort((a, b) => a.name.localeCompare(b.name)),
].map(({ code, name }) => ({ code: code.toUpperCase(), name }));
export const languageCodes = languages.map((l) => l.code);

/**
 * US states, the District of Columbia and the six outlying areas by postal code: the 57 subdivisions of
 * ISO 3166-2:US, kept here as that standard's list. The packages checked do not fit: `states-us` lists Palau
 * (a sovereign state in free association) and lacks the Minor Outlying Islands, and `country-region-data`
 * adds Micronesia, the Marshall Islands and the military mail codes to a 330 KB list of the whole world.
 */
export const usStates: readonly { code: string; name: string }[] = [
  ['AL', 'Alabama'],
  ['AK', 'Alaska'],
  ['AS', 'American Samoa'],
  ['AZ', 'Arizona'],
  ['AR', 'Arkansas'],
  ['CA', 'California'],
  ['CO', 'Colorado'],
  ['CT', 'Connecticut'],
  ['DE', 'Delaware'],
  ['DC', 'District of Columbia'],
  ['FL', 'Florida'],
  ['GA', 'Georgia'],
  ['GU', 'Guam'],
  ['HI', 'Hawaii'],
  ['ID', 'Idaho'],
  ['IL', 'Illinois'],
  ['IN', 'Indiana'],
  ['IA', 'Iowa'],
  ['KS', 'Kansas'],
  ['KY', 'Kentucky'],
  ['LA', 'Louisiana'],
  ['ME', 'Maine'],
  ['MD', 'Maryland'],
  ['MA', 'Massachusetts'],
  ['MI', 'Michigan'],
  ['MN', 'Minnesota'],
  ['MS', 'Mississippi'],
  ['MO', 'Missouri'],
  ['MT', 'Montana'],
  ['NE', 'Nebraska'],
  ['NV', 'Nevada'],
  ['NH', 'New Hampshire'],
  ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'],
  ['NY', 'New York'],
  ['NC', 'North Carolina'],
  ['ND', 'North Dakota'],
  ['MP', 'Northern Mariana Islands'],
  ['OH', 'Ohio'],
  ['OK', 'Oklahoma'],
  ['OR', 'Oregon'],
  ['PA', 'Pennsylvania'],
  ['PR', 'Puerto Rico'],
  ['RI', 'Rhode Island'],
  ['SC', 'South Carolina'],
  ['SD', 'South Dakota'],
  ['TN', 'Tennessee'],
  ['TX', 'Texas'],
  ['UM', 'U.S. Minor Outlying Islands'],
  ['VI', 'U.S. Virgin Islands'],
  ['UT', 'Utah'],
  ['VT', 'Vermont'],
  ['VA', 'Virginia'],
  ['WA', 'Washington'],
  ['WV', 'West Virginia'],
  ['WI', 'Wisconsin'],
  ['WY', 'Wyoming'],
].map(([code, name]) => ({ code: code!, name: name! }));
export const usStateCodes = usStates.map((s) => s.code);
