import type { FormFolderView, FormSubmissionsView } from '@vigil/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { definitionQuestions } from '../../features/forms/form-answers.js';
import { asUser, createTestApp, signIn, type TestApp } from '../../test/test-app.js';
import { formSubmissions, formVersions } from '../schema/index.js';
import { demoPatientId } from './demo-patients.js';

let t: TestApp;
let staff: ReturnType<typeof asUser>;

beforeAll(async () => {
  t = await createTestApp();
  staff = asUser(t.app, await signIn(t.app, 'staff@sunrise.demo'));
});
afterAll(() => t.close());

describe('the demo forms', () => {
  it('are five hosted forms in two folders, the enrolment checklist prefilled with the name and today', async () => {
    const folders: FormFolderView[] = (await staff.get('/api/forms')).json().data;
    expect(folders.map((f) => f.name)).toEqual(['Enrolment & Monthly', 'Education & Screening']);
    expect(folders.flatMap((f) => f.forms.map((form) => form.title))).toEqual([
      'RPM enrolment checklist',
      'Monthly check-in call',
      'Blood pressure education checklist',
      'Heart failure symptom check',
      'PHQ-2',
    ]);
    expect(folders[0]!.forms[0]!.prefill).toEqual([
      { param: 'patientName', source: 'PATIENT_NAME' },
      { param: 'visitDate', source: 'TODAY' },
    ]);
    for (const version of await t.app.vigil.database.db.select().from(formVersions)) {
      expect(definitionQuestions(version.definition).length).toBeGreaterThan(1);
    }
  });

  it('have submissions with their FORM notes on a few Sunrise patients, none on the end-to-end tests’ patients', async () => {
    const list: FormSubmissionsView = (await staff.get(`/api/forms/${demoPatientId(1, 2)}`)).json().data;
    expect(list.count).toBe(2);
    expect(list.submissions.map((s) => s.formTitle)).toEqual(['PHQ-2', 'RPM enrolment checklist']);
    expect(list.submissions[0]!.answers.map((a) => a.prettyFormat)).toEqual([
      'Several days',
      'Not at all',
      '1',
    ]);
    const notes = (await staff.get(`/api/pacients/${demoPatientId(1, 2)}/notes`)).json().data.notes;
    expect(notes.filter((n: { type: string }) => n.type === 'FORM')).toHaveLength(2);
    const rows = await t.app.vigil.database.db.select().from(formSubmissions);
    const e2e = Array.from({ length: 10 }, (_, i) => demoPatientId(1, 69 + i));
    expect(rows.filter((r) => e2e.includes(r.patientId))).toEqual([]);
  });
});
