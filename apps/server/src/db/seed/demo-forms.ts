import { formNoteText, type PrefillParam } from '@vigil/core';
import { readHostedAnswers } from '../../features/forms/form-answers.js';
import { createFormsRepository } from '../../features/forms/forms.repository.js';
import type { Tx } from '../client.js';
import { formFolders, forms, formVersions } from '../schema/index.js';
import { demoPatientId } from './demo-patients.js';

/** Fixed ids, so links, screenshots and tests can name the demo's forms. */
export const demoFormIds = {
  enrolmentFolder: '00000000-0000-4000-b100-000000000001',
  educationFolder: '00000000-0000-4000-b100-000000000002',
  enrolment: '00000000-0000-4000-b000-000000000001',
  monthlyCheckIn: '00000000-0000-4000-b000-000000000002',
  bpEducation: '00000000-0000-4000-b000-000000000003',
  heartFailure: '00000000-0000-4000-b000-000000000004',
  phq2: '00000000-0000-4000-b000-000000000005',
} as const;

const yesNo = (name: string, title: string, isRequired = false) => ({
  type: 'boolean',
  name,
  title,
  isRequired,
  labelTrue: 'Yes',
  labelFalse: 'No',
});

const enrolment = {
  title: 'RPM enrolment checklist',
  description: 'Complete with the patient at the enrolment visit.',
  pages: [
    {
      elements: [
        { type: 'text', name: 'patientName', title: 'Patient name', readOnly: true },
        { type: 'text', name: 'visitDate', title: 'Visit date', inputType: 'date' },
        yesNo('consentGiven', 'The patient gave consent to remote monitoring', true),
        yesNo('devicesExplained', 'The devices and how to take a reading were explained'),
        yesNo('firstReadingTaken', 'The first reading was taken with the patient'),
        {
          type: 'text',
          name: 'followUpAppointment',
          title: 'Follow-up appointment',
          inputType: 'datetime-local',
        },
      ],
    },
  ],
};

const monthlyCheckIn = {
  title: 'Monthly check-in call',
  pages: [
    {
      elements: [
        {
          type: 'radiogroup',
          name: 'readingsTaken',
          title: 'How often did the patient take readings this month?',
          isRequired: true,
          choices: [
            { value: 'daily', text: 'Every day' },
            { value: 'most', text: 'Most days' },
            { value: 'some', text: 'Some days' },
            { value: 'rarely', text: 'Rarely or never' },
          ],
        },
        {
          type: 'radiogroup',
          name: 'medications',
          title: 'Is the patient taking their medications as prescribed?',
          choices: [
            { value: 'yes', text: 'Yes, every dose' },
            { value: 'missed', text: 'Missed a few doses' },
            { value: 'stopped', text: 'Stopped one or more' },
          ],
        },
        yesNo('sideEffects', 'Any side effects or new symptoms?'),
        {
          type: 'comment',
          name: 'sideEffectDetails',
          title: 'What side effects or symptoms?',
          visibleIf: '{sideEffects} = true',
        },
        { type: 'comment', name: 'concerns', title: 'Questions or concerns the patient raised' },
        { type: 'text', name: 'nextCall', title: 'Next call', inputType: 'datetime-local' },
      ],
    },
  ],
};

const bpEducation = {
  title: 'Blood pressure education checklist',
  pages: [
    {
      elements: [
        {
          type: 'checkbox',
          name: 'topicsCovered',
          title: 'Topics covered with the patient',
          isRequired: true,
          choices: [
            { value: 'cuffSize', text: 'The right cuff size, on bare skin' },
            { value: 'rest', text: 'Sit quietly for 5 minutes first, back supported, feet flat' },
            { value: 'armLevel', text: 'Arm resting at heart level' },
            { value: 'noCaffeine', text: 'No caffeine, exercise or smoking 30 minutes before' },
            { value: 'twoReadings', text: 'Two readings, one minute apart, morning and evening' },
            { value: 'salt', text: 'A low-salt diet' },
            { value: 'whenToCall', text: 'When to call the clinic or 911' },
          ],
        },
        yesNo('teachBack', 'The patient explained it back in their own words'),
        { type: 'comment', name: 'notes', title: 'Notes' },
      ],
    },
  ],
};

const heartFailure = {
  title: 'Heart failure symptom check',
  pages: [
    {
      elements: [
        {
          type: 'radiogroup',
          name: 'weightGain',
          title: 'Weight gain since the last check',
          isRequired: true,
          choices: [
            { value: 'none', text: 'None' },
            { value: 'day', text: '2-3 lb in a day' },
            { value: 'week', text: '5 lb or more in a week' },
          ],
        },
        {
          type: 'checkbox',
          name: 'swelling',
          title: 'Swelling',
          showNoneItem: true,
          noneText: 'No swelling',
          choices: [
            { value: 'ankles', text: 'Ankles' },
            { value: 'feet', text: 'Feet' },
            { value: 'legs', text: 'Legs' },
            { value: 'abdomen', text: 'Abdomen' },
          ],
        },
        {
          type: 'rating',
          name: 'breathlessness',
          title: 'Breathlessness',
          rateValues: [
            { value: 0, text: 'None' },
            { value: 1, text: 'With exertion' },
            { value: 2, text: 'With light activity' },
            { value: 3, text: 'At rest' },
          ],
        },
        yesNo('orthopnea', 'Needs more pillows to sleep, or wakes up short of breath'),
        {
          type: 'file',
          name: 'swellingPhoto',
          title: 'Photo of swelling (optional)',
          acceptedTypes: 'image/jpeg,image/png,application/pdf',
          allowMultiple: true,
          storeDataAsText: false,
        },
      ],
    },
  ],
};

const phqChoices = [
  { value: 0, text: 'Not at all' },
  { value: 1, text: 'Several days' },
  { value: 2, text: 'More than half the days' },
  { value: 3, text: 'Nearly every day' },
];

const phq2 = {
  title: 'PHQ-2',
  description: 'Over the last 2 weeks, how often have you been bothered by any of the following problems?',
  pages: [
    {
      elements: [
        {
          type: 'radiogroup',
          name: 'interest',
          title: 'Little interest or pleasure in doing things',
          isRequired: true,
          choices: phqChoices,
        },
        {
          type: 'radiogroup',
          name: 'depressed',
          title: 'Feeling down, depressed, or hopeless',
          isRequired: true,
          choices: phqChoices,
        },
        {
          type: 'expression',
          name: 'score',
          title: 'PHQ-2 score (3 or more: consider the PHQ-9)',
          expression: '{interest} + {depressed}',
        },
      ],
    },
  ],
};

interface DemoForm {
  id: string;
  folderId: string;
  title: string;
  definition: Record<string, unknown>;
  prefill: PrefillParam[];
}

const demoForms: DemoForm[] = [
  {
    id: demoFormIds.enrolment,
    folderId: demoFormIds.enrolmentFolder,
    title: 'RPM enrolment checklist',
    definition: enrolment,
    prefill: [
      { param: 'patientName', source: 'PATIENT_NAME' },
      { param: 'visitDate', source: 'TODAY' },
    ],
  },
  {
    id: demoFormIds.monthlyCheckIn,
    folderId: demoFormIds.enrolmentFolder,
    title: 'Monthly check-in call',
    definition: monthlyCheckIn,
    prefill: [],
  },
  {
    id: demoFormIds.bpEducation,
    folderId: demoFormIds.educationFolder,
    title: 'Blood pressure education checklist',
    definition: bpEducation,
    prefill: [],
  },
  {
    id: demoFormIds.heartFailure,
    folderId: demoFormIds.educationFolder,
    title: 'Heart failure symptom check',
    definition: heartFailure,
    prefill: [],
  },
  {
    id: demoFormIds.phq2,
    folderId: demoFormIds.educationFolder,
    title: 'PHQ-2',
    definition: phq2,
    prefill: [],
  },
];

const day = 86_400_000;

/**
 * The demo's forms (issue 13): two folders, five hosted forms written for remote monitoring, and a few
 * submissions by Sunrise staff (with their FORM notes), checked and put in words by the code real submissions
 * use. Patients 70-79 of Sunrise are left alone: the end-to-end tests own them.
 */
export async function seedDemoForms(tx: Tx, now: Date, staffUserId: string): Promise<void> {
  await tx.insert(formFolders).values([
    { id: demoFormIds.enrolmentFolder, name: 'Enrolment & Monthly', position: 1, createdAt: now },
    { id: demoFormIds.educationFolder, name: 'Education & Screening', position: 2, createdAt: now },
  ]);
  await tx.insert(forms).values(
    demoForms.map((f, i) => ({
      id: f.id,
      folderId: f.folderId,
      title: f.title,
      kind: 'HOSTED' as const,
      prefill: f.prefill,
      currentVersion: 1,
      position: i + 1,
      createdAt: now,
      updatedAt: now,
    })),
  );
  await tx
    .insert(formVersions)
    .values(demoForms.map((f) => ({ formId: f.id, version: 1, definition: f.definition, createdAt: now })));

  const submissions: Array<{
    patient: number;
    form: DemoForm;
    daysAgo: number;
    data: Record<string, unknown>;
  }> = [
    {
      patient: 2,
      form: demoForms[0]!,
      daysAgo: 40,
      data: {
        visitDate: isoDate(new Date(now.getTime() - 40 * day)),
        consentGiven: true,
        devicesExplained: true,
        firstReadingTaken: true,
        followUpAppointment: `${isoDate(new Date(now.getTime() - 10 * day))}T10:30`,
      },
    },
    { patient: 2, form: demoForms[4]!, daysAgo: 12, data: { interest: 1, depressed: 0, score: 1 } },
    {
      patient: 4,
      form: demoForms[1]!,
      daysAgo: 6,
      data: {
        readingsTaken: 'most',
        medications: 'missed',
        sideEffects: true,
        sideEffectDetails: 'Dizzy when standing up quickly in the morning.',
        concerns: 'Asked whether to take the evening dose with food.',
      },
    },
    {
      patient: 7,
      form: demoForms[3]!,
      daysAgo: 3,
      data: { weightGain: 'day', swelling: ['ankles', 'feet'], breathlessness: 1, orthopnea: false },
    },
  ];
  const repo = createFormsRepository(tx);
  for (const [i, s] of submissions.entries()) {
    const patientId = demoPatientId(1, s.patient);
    const patient = (await repo.findPatient(null, patientId))!;
    const { answers } = readHostedAnswers(s.form.definition, s.data, patientId);
    await repo.insertSubmissionWithNote({
      id: `00000000-0000-4000-b200-${String(i + 1).padStart(12, '0')}`,
      clinicId: patient.clinicId,
      patientId,
      formId: s.form.id,
      formVersion: 1,
      channel: 'STAFF',
      submittedBy: staffUserId,
      externalId: null,
      data: s.data,
      answers,
      noteText: formNoteText(s.form.title, answers),
      now: new Date(now.getTime() - s.daysAgo * day),
    });
  }
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);
