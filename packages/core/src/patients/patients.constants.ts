/** Both patient lists load 25 patients a page (spec patients 9). */
export const patientListPageSize = 25;
export const searchDebounceMs = 500;
export const toastAutoHideMs = 4000;
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

/** The seven languages of the clinics' patients first, then the rest alphabetically (ISO 639-1 codes). */
export const languages: readonly { code: string; name: string }[] = [
  { code: 'EN', name: 'English' },
  { code: 'ES', name: 'Spanish' },
  { code: 'HY', name: 'Armenian' },
  { code: 'FA', name: 'Persian (Farsi)' },
  { code: 'RU', name: 'Russian' },
  { code: 'VI', name: 'Vietnamese' },
  { code: 'TL', name: 'Tagalog' },
  ...[
    { code: 'AF', name: 'Afrikaans' },
    { code: 'SQ', name: 'Albanian' },
    { code: 'AM', name: 'Amharic' },
    { code: 'AR', name: 'Arabic' },
    { code: 'AZ', name: 'Azerbaijani' },
    { code: 'EU', name: 'Basque' },
    { code: 'BE', name: 'Belarusian' },
    { code: 'BN', name: 'Bengali' },
    { code: 'BS', name: 'Bosnian' },
    { code: 'BG', name: 'Bulgarian' },
    { code: 'MY', name: 'Burmese' },
    { code: 'CA', name: 'Catalan' },
    { code: 'ZH', name: 'Chinese' },
    { code: 'HR', name: 'Croatian' },
    { code: 'CS', name: 'Czech' },
    { code: 'DA', name: 'Danish' },
    { code: 'NL', name: 'Dutch' },
    { code: 'ET', name: 'Estonian' },
    { code: 'FI', name: 'Finnish' },
    { code: 'FR', name: 'French' },
    { code: 'KA', name: 'Georgian' },
    { code: 'DE', name: 'German' },
    { code: 'EL', name: 'Greek' },
    { code: 'GU', name: 'Gujarati' },
    { code: 'HT', name: 'Haitian Creole' },
    { code: 'HE', name: 'Hebrew' },
    { code: 'HI', name: 'Hindi' },
    { code: 'HU', name: 'Hungarian' },
    { code: 'IS', name: 'Icelandic' },
    { code: 'ID', name: 'Indonesian' },
    { code: 'GA', name: 'Irish' },
    { code: 'IT', name: 'Italian' },
    { code: 'JA', name: 'Japanese' },
    { code: 'KN', name: 'Kannada' },
    { code: 'KK', name: 'Kazakh' },
    { code: 'KM', name: 'Khmer' },
    { code: 'KO', name: 'Korean' },
    { code: 'KU', name: 'Kurdish' },
    { code: 'LO', name: 'Lao' },
    { code: 'LV', name: 'Latvian' },
    { code: 'LT', name: 'Lithuanian' },
    { code: 'MK', name: 'Macedonian' },
    { code: 'MS', name: 'Malay' },
    { code: 'ML', name: 'Malayalam' },
    { code: 'MR', name: 'Marathi' },
    { code: 'MN', name: 'Mongolian' },
    { code: 'NE', name: 'Nepali' },
    { code: 'NO', name: 'Norwegian' },
    { code: 'PS', name: 'Pashto' },
    { code: 'PL', name: 'Polish' },
    { code: 'PT', name: 'Portuguese' },
    { code: 'PA', name: 'Punjabi' },
    { code: 'RO', name: 'Romanian' },
    { code: 'SM', name: 'Samoan' },
    { code: 'SR', name: 'Serbian' },
    { code: 'SK', name: 'Slovak' },
    { code: 'SL', name: 'Slovenian' },
    { code: 'SO', name: 'Somali' },
    { code: 'SW', name: 'Swahili' },
    { code: 'SV', name: 'Swedish' },
    { code: 'TA', name: 'Tamil' },
    { code: 'TE', name: 'Telugu' },
    { code: 'TH', name: 'Thai' },
    { code: 'TO', name: 'Tongan' },
    { code: 'TR', name: 'Turkish' },
    { code: 'UK', name: 'Ukrainian' },
    { code: 'UR', name: 'Urdu' },
    { code: 'UZ', name: 'Uzbek' },
    { code: 'CY', name: 'Welsh' },
    { code: 'YI', name: 'Yiddish' },
    { code: 'YO', name: 'Yoruba' },
    { code: 'ZU', name: 'Zulu' },
  ].sort((a, b) => a.name.localeCompare(b.name)),
];
export const languageCodes = languages.map((l) => l.code);

/** US states, the District of Columbia and the inhabited territories, by postal code. */
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
