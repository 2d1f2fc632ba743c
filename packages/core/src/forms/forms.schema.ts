import { z } from '../format/zod.js';

/**
 * Forms (questionnaires; spec patients 2.6 'Forms panel', 3 'Staff note', 7 `GET /forms`,
 * `GET /forms/{patientId}`; decision 0014). A form is hosted by Vigil (a SurveyJS JSON definition, versioned)
 * or external (a URL and a per-form secret that signs its webhook). Forms sit in folders.
 */

export const formKinds = ['HOSTED', 'EXTERNAL'] as const;
export type FormKind = (typeof formKinds)[number];

/** Where a prefill parameter's value comes from when a new form is opened for a patient. */
export const prefillSources = [
  'PATIENT_NAME',
  'PATIENT_FIRST_NAME',
  'PATIENT_LAST_NAME',
  'DOB',
  'PHONE',
  'PHYSICIAN',
  'TODAY',
] as const;
export type PrefillSource = (typeof prefillSources)[number];

export const prefillSourceLabels: Record<PrefillSource, string> = {
  PATIENT_NAME: 'Patient name',
  PATIENT_FIRST_NAME: 'Patient first name',
  PATIENT_LAST_NAME: 'Patient last name',
  DOB: 'Date of birth',
  PHONE: 'Phone',
  PHYSICIAN: 'Physician',
  TODAY: "Today's date",
};

/** A URL parameter (for a hosted form, a question's name) and the patient field it is filled from. */
export const PrefillParam = z.object({
  param: z
    .string()
    .trim()
    .min(1, 'Required')
    .max(100)
    .regex(/^[A-Za-z][A-Za-z0-9_.-]*$/, 'Letters, digits, _ . - only, starting with a letter'),
  source: z.enum(prefillSources),
});
export type PrefillParam = z.infer<typeof PrefillParam>;

/** One answer of a submission, as stored and shown: the question, its type, the raw value and its words. */
export interface FormAnswer {
  /** The question's name in the definition (or the external form's field name). */
  name: string;
  /** The question's title as the form showed it. */
  text: string;
  /** The SurveyJS question type (text, comment, radiogroup, checkbox, boolean, rating, file, ...). */
  type: string;
  /** 'appointment' for a text question of inputType datetime-local; 'file' for an upload; else `type`. */
  kind: 'text' | 'choice' | 'boolean' | 'number' | 'appointment' | 'file' | 'other';
  answer: unknown;
  /** The answer in words, as the staff note and the submission list show it. */
  prettyFormat: string;
}

/** A file a patient or staff member attached to an answer: kept with patient data (DESIGN 3). */
export interface FormFileView {
  _id: string;
  name: string;
  type: string;
  size: number;
  /**
   * What a file answer stores as its `content` (`/api/forms/{patientId}/files/{_id}`), answered by both
   * upload routes: the patient's link page does not know the patient's id.
   */
  url: string;
}

export interface FormSummaryView {
  _id: string;
  title: string;
  kind: FormKind;
  /** Where the frame opens: the hosted page's path, or the external form's URL. */
  url: string;
  prefill: PrefillParam[];
  version: number;
}

/** `GET /forms` answers a list of these: active forms only, folders in their order. */
export interface FormFolderView {
  _id: string;
  name: string;
  position: number;
  forms: FormSummaryView[];
}

export interface FormPersonView {
  _id: string;
  fullName: string;
}

/** `GET /forms/{patientId}` answers `{ submissions, count }`, newest first. */
export interface FormSubmissionView {
  _id: string;
  formId: string;
  formTitle: string;
  formKind: FormKind;
  formVersion: number;
  /** Staff who filled it; null when the patient did, through a link, or an external form named no user. */
  submittedBy: FormPersonView | null;
  /** 'STAFF' in the frame, 'PATIENT' through a patient link, 'EXTERNAL' through the form webhook. */
  channel: 'STAFF' | 'PATIENT' | 'EXTERNAL';
  insertedAt: string;
  answers: FormAnswer[];
  noteId: string;
}

export interface FormSubmissionsView {
  submissions: FormSubmissionView[];
  count: number;
}

/** `GET /forms/{patientId}/submissions/{submissionId}`: one submission and the definition it was filled on. */
export interface FormSubmissionDetailView extends FormSubmissionView {
  /** The SurveyJS JSON of the version filled (hosted forms); null for an external form. */
  definition: Record<string, unknown> | null;
  /** The raw answers keyed by question name, as SurveyJS `data` (for View and Duplicate). */
  data: Record<string, unknown>;
}

/** `GET /form-definitions/{formId}` (signed in) and `GET /form-links/{token}` (public): what a page renders. */
export interface HostedFormView {
  _id: string;
  title: string;
  version: number;
  definition: Record<string, unknown>;
}

export interface FormLinkView extends HostedFormView {
  /** The patient's first name, to greet them; nothing else about them is sent to a link. */
  patientFirstName: string;
  expiresAt: string;
}

export const formAnswersLimit = { bytes: 200_000 } as const;

/** SurveyJS `data`: answers keyed by question name. */
export const FormAnswersData = z
  .record(z.string().max(200), z.unknown())
  .refine((data) => JSON.stringify(data).length <= formAnswersLimit.bytes, 'The answers are too long.');

/** `POST /forms/{patientId}/submissions`: a hosted form filled by staff in the frame. */
export const FormSubmissionRequest = z.object({
  formId: z.string().uuid(),
  /** The version the page rendered; a submission on a version edited since is still checked against it. */
  version: z.number().int().min(1),
  data: FormAnswersData,
});
export type FormSubmissionRequest = z.infer<typeof FormSubmissionRequest>;

/** `POST /form-links/{token}`: the patient's answers. */
export const FormLinkSubmissionRequest = z.object({ data: FormAnswersData });

/** `POST /forms/{patientId}/links`: text this form to the patient as a single-use link. */
export const FormLinkRequest = z.object({ formId: z.string().uuid() });

export const formLinkLifetimeDays = 7;

/**
 * `POST /api/webhooks/forms/{formId}` from an external form host, signed with the form's secret:
 * header `X-Vigil-Signature: sha256=<hex HMAC-SHA256 of the raw body>`.
 */
export const ExternalFormSubmission = z.object({
  patientId: z.string().uuid(),
  userId: z.string().uuid().optional(),
  /** The host's own id of the submission, so a webhook delivered twice stores one submission. */
  submissionId: z.string().min(1).max(200),
  answers: z
    .array(
      z.object({
        name: z.string().min(1).max(200),
        text: z.string().max(1000),
        type: z.string().max(100).default('text'),
        answer: z.unknown(),
        prettyFormat: z.string().max(10_000).optional(),
      }),
    )
    .max(500),
});
export type ExternalFormSubmission = z.infer<typeof ExternalFormSubmission>;
export const formSignatureHeader = 'x-vigil-signature';

/* Managing forms (CIRCLE admins). */

export const FormFolderInput = z.object({ name: z.string().trim().min(1, 'Required').max(100) });
export const FormFolderOrder = z.object({ folderIds: z.array(z.string().uuid()).min(1).max(200) });

const formBase = {
  title: z.string().trim().min(1, 'Required').max(200),
  folderId: z.string().uuid({ message: 'Required' }),
  prefill: z.array(PrefillParam).max(30).default([]),
  retired: z.boolean().default(false),
};

export const FormInput = z.discriminatedUnion('kind', [
  z.object({
    ...formBase,
    kind: z.literal('HOSTED'),
    /** A SurveyJS JSON definition; the server checks that it has at least one question. */
    definition: z.record(z.string(), z.unknown()),
  }),
  z.object({
    ...formBase,
    kind: z.literal('EXTERNAL'),
    url: z.string().trim().url('Please provide a valid URL').startsWith('https://', 'The URL must use https'),
  }),
]);
export type FormInput = z.infer<typeof FormInput>;

/** `GET /form-admin`: every folder and form, retired ones too, with what editing needs. */
export interface FormAdminView extends FormSummaryView {
  folderId: string;
  retired: boolean;
  /** The current version's definition (hosted). */
  definition: Record<string, unknown> | null;
  /** The webhook secret of an external form: shown to admins, who give it to the form host. */
  secret: string | null;
  submissionsCount: number;
}

export interface FormAdminFolderView {
  _id: string;
  name: string;
  position: number;
  forms: FormAdminView[];
}

export const formTexts = {
  panelTitle: 'Forms',
  sessionForms: 'Session Forms',
  formSubmissions: 'Form Submissions',
  duplicate: 'Duplicate',
  view: 'View',
  close: 'Close',
  noForms: 'No forms yet.',
  noSubmissions: 'No forms have been submitted for this patient.',
  more: 'More',
  submitted: 'Form submitted',
  sendToPatient: 'Text to patient',
  linkSent: 'Form link sent to the patient',
  linkText: (formTitle: string, url: string) =>
    `Please fill in "${formTitle}" for your care team: ${url} (this link works once and expires in 7 days)`,
  byPatient: 'the patient',
  byExternal: 'the form host',
  linkUsed: 'This form link has already been used.',
  linkExpired: 'This form link has expired. Please ask your care team for a new one.',
  linkInvalid: 'This form link is not valid.',
  thankYou: 'Thank you. Your answers were sent to your care team.',
  greeting: (firstName: string) => `Hello ${firstName},`,
  formRetired: 'This form is no longer in use.',
  answersInvalid: 'The answers do not fit this form.',
  badSignature: 'The signature does not match.',
  manageForms: 'Manage Forms',
  newFolder: 'New Folder',
  newForm: 'New Form',
  retired: 'Retired',
  hosted: 'Hosted by Vigil',
  external: 'External URL',
  definitionInvalid: 'The definition must be SurveyJS JSON with at least one question.',
  folderNameTaken: 'A folder with this name already exists.',
  noTextConsent: 'The patient has not agreed to receive texts, so the form cannot be texted.',
  notHosted: 'Only forms hosted by Vigil can be filled here.',
  versionUnknown: 'This version of the form does not exist.',
  unknownQuestion: 'This form has no such question.',
  notAChoice: 'This answer is not one of the choices.',
  choiceRepeated: 'Each choice can be picked once.',
  noneWithOthers: 'This choice cannot be picked with the others.',
  notADate: 'This answer is not a date.',
  fileNotAttachable: 'This file was not uploaded for this form, or is already attached.',
  fileMissing: 'Please choose a file.',
  fileType: 'Only PDF, JPEG and PNG files can be attached.',
  fileTooLarge: 'The file is larger than 10 MB.',
  patientRequired: 'Choose the patient the form is opened for.',
  folderOrderInvalid: 'The order must name every folder exactly once.',
  folderUnknown: 'This folder does not exist.',
  circleAdminOnly: 'Only an operator administrator can manage forms.',
} as const;

/** Answer files (DESIGN 3, patient data): their types, by content, and their size. */
export const formFileTypes = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export const formFileMaxBytes = 10 * 1024 * 1024;

/** Where an answer's file is read back (the `content` of a SurveyJS file answer). */
export const formFileUrl = (patientId: string, fileId: string) => `/api/forms/${patientId}/files/${fileId}`;

const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * An appointment answer in words: a SurveyJS `date` ('2026-12-01') or `datetime-local` ('2026-12-01T10:30')
 * value, as written, in no time zone: 'Tue, Dec 1, 2026, 10:30 AM'. Anything else is answered as it came.
 */
export function formatAppointment(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?)?$/.exec(value.trim());
  if (!m) return value;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return value;
  const words = `${weekdays[date.getUTCDay()]}, ${months[month - 1]} ${day}, ${year}`;
  if (m[4] === undefined) return words;
  const hours = Number(m[4]);
  const minutes = m[5]!;
  if (hours > 23 || Number(minutes) > 59) return value;
  return `${words}, ${hours % 12 === 0 ? 12 : hours % 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** The staff note a submission writes: the form's title, then each answer as 'Question: answer'. */
export function formNoteText(formTitle: string, answers: readonly FormAnswer[]): string {
  const lines = answers
    .filter((a) => a.prettyFormat.trim() !== '')
    .map((a) => `${a.text || a.name}: ${a.prettyFormat}`);
  return [`Form: ${formTitle}`, ...lines].join('\n');
}

export interface PrefillPatient {
  firstName: string;
  lastName: string;
  dob: string | null;
  phone: string | null;
  physicianName: string | null;
}

const prefillValue = (source: PrefillSource, p: PrefillPatient, today: string): string => {
  switch (source) {
    case 'PATIENT_NAME':
      return `${p.firstName} ${p.lastName}`.trim();
    case 'PATIENT_FIRST_NAME':
      return p.firstName;
    case 'PATIENT_LAST_NAME':
      return p.lastName;
    case 'DOB':
      return p.dob ?? '';
    case 'PHONE':
      return p.phone ?? '';
    case 'PHYSICIAN':
      return p.physicianName ?? '';
    case 'TODAY':
      return today;
  }
};

const encodeValue = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/**
 * The parameters a new form opens with (spec patients 2.6): patientId and userId, then the form's prefill
 * parameters, then any answers being duplicated (a value that is not text is sent as JSON). A hosted form
 * gets them after '#', so patient data never reaches a server log; an external one in the query string.
 */
export function formFrameUrl(input: {
  form: Pick<FormSummaryView, 'kind' | 'url' | 'prefill'>;
  patientId: string;
  userId: string;
  patient: PrefillPatient;
  today: string;
  duplicate?: Record<string, unknown>;
}): string {
  const params = new URLSearchParams({ patientId: input.patientId, userId: input.userId });
  for (const p of input.form.prefill) params.set(p.param, prefillValue(p.source, input.patient, input.today));
  for (const [name, value] of Object.entries(input.duplicate ?? {})) {
    if (value !== undefined && value !== null) params.set(name, encodeValue(value));
  }
  const separator = input.form.kind === 'HOSTED' ? '#' : input.form.url.includes('?') ? '&' : '?';
  return `${input.form.url}${separator}${params.toString()}`;
}

/**
 * The answers Duplicate opens a new form with: the submission's, but for its files, which stay with the
 * submission that took them (the server refuses a file already attached).
 */
export function duplicableData(
  detail: Pick<FormSubmissionDetailView, 'data' | 'answers'>,
): Record<string, unknown> {
  const files = new Set(detail.answers.filter((a) => a.kind === 'file').map((a) => a.name));
  return Object.fromEntries(Object.entries(detail.data).filter(([name]) => !files.has(name)));
}

/** A read-only (View) frame: the form and the submission, nothing about the patient in the URL. */
export function formViewUrl(form: Pick<FormSummaryView, 'url'>, patientId: string, submissionId: string) {
  return `${form.url}#${new URLSearchParams({ patientId, submissionId, mode: 'display' }).toString()}`;
}

/** The message the hosted page posts to the panel when a form is submitted (same origin only). */
export const formSubmittedMessage = 'vigil:form-submitted';
export interface FormSubmittedMessage {
  type: typeof formSubmittedMessage;
  submissionId: string | null;
}

/** The message the hosted page posts to the panel when the first answer is given: closing now loses it. */
export const formChangedMessage = 'vigil:form-changed';
export interface FormChangedMessage {
  type: typeof formChangedMessage;
}
