import { describe, expect, it } from 'vitest';
import {
  duplicableData,
  ExternalFormSubmission,
  FormInput,
  formFrameUrl,
  formNoteText,
  formViewUrl,
} from './forms.schema.js';

const patient = {
  firstName: 'Ana',
  lastName: 'Núñez',
  dob: '1950-02-03',
  phone: '(415) 555-0100',
  physicianName: 'Dr. Lee',
};

describe('formFrameUrl', () => {
  it('puts patientId, userId, the prefill and duplicated answers of a hosted form after #', () => {
    const url = formFrameUrl({
      form: {
        kind: 'HOSTED',
        url: '/forms/fill/f1',
        prefill: [
          { param: 'patientName', source: 'PATIENT_NAME' },
          { param: 'visitDate', source: 'TODAY' },
        ],
      },
      patientId: 'p1',
      userId: 'u1',
      patient,
      today: '2026-11-23',
      duplicate: { consent: true, symptoms: ['cough', 'edema'], skipped: null },
    });
    expect(url.startsWith('/forms/fill/f1#')).toBe(true);
    const params = new URLSearchParams(url.split('#')[1]);
    expect(Object.fromEntries(params)).toEqual({
      patientId: 'p1',
      userId: 'u1',
      patientName: 'Ana Núñez',
      visitDate: '2026-11-23',
      consent: 'true',
      symptoms: '["cough","edema"]',
    });
  });

  it('appends to an external URL’s own query string', () => {
    const url = formFrameUrl({
      form: {
        kind: 'EXTERNAL',
        url: 'https://forms.example.org/f?theme=1',
        prefill: [{ param: 'dob', source: 'DOB' }],
      },
      patientId: 'p1',
      userId: 'u1',
      patient: { ...patient, dob: null },
      today: '2026-11-23',
    });
    expect(url).toBe('https://forms.example.org/f?theme=1&patientId=p1&userId=u1&dob=');
  });

  it('opens View with the submission and no patient data', () =>
    expect(formViewUrl({ url: '/forms/fill/f1' }, 'p1', 's1')).toBe(
      '/forms/fill/f1#patientId=p1&submissionId=s1&mode=display',
    ));
});

describe('formNoteText', () => {
  it('names the form, then each answered question with its words', () =>
    expect(
      formNoteText('PHQ-2', [
        {
          name: 'q1',
          text: 'Little interest?',
          type: 'radiogroup',
          kind: 'choice',
          answer: 1,
          prettyFormat: 'Several days',
        },
        { name: 'q2', text: '', type: 'comment', kind: 'text', answer: '', prettyFormat: '' },
        { name: 'q3', text: '', type: 'text', kind: 'text', answer: 'ok', prettyFormat: 'ok' },
      ]),
    ).toBe('Form: PHQ-2\nLittle interest?: Several days\nq3: ok'));
});

describe('FormInput', () => {
  it('needs an https URL for an external form', () => {
    const result = FormInput.safeParse({
      kind: 'EXTERNAL',
      title: 'Intake',
      folderId: '00000000-0000-4000-8000-000000000001',
      url: 'http://forms.example.org/f',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('The URL must use https');
  });
});

describe('ExternalFormSubmission', () => {
  it('needs the host’s submission id and a patient', () =>
    expect(ExternalFormSubmission.safeParse({ patientId: 'x', answers: [] }).success).toBe(false));
});

describe('duplicableData', () => {
  it('keeps every answer but the files, which belong to the submission that took them', () =>
    expect(
      duplicableData({
        data: { weightGain: 'none', swellingPhoto: [{ name: 'a.png', content: '/api/forms/p/files/f' }] },
        answers: [
          {
            name: 'weightGain',
            text: 'Weight gain',
            type: 'radiogroup',
            kind: 'choice',
            answer: 'none',
            prettyFormat: 'None',
          },
          {
            name: 'swellingPhoto',
            text: 'Photo',
            type: 'file',
            kind: 'file',
            answer: [],
            prettyFormat: 'a.png',
          },
        ],
      }),
    ).toEqual({ weightGain: 'none' }));
});
