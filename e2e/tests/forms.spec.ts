import type { APIRequestContext, FrameLocator, Locator, Page } from '@playwright/test';
import { formTexts, messages } from '@vigil/core';
import { expectAccessible } from '../support/accessibility';
import { expect, test } from '../support/fixtures';
import {
  apiAs,
  countRequests,
  demo,
  latestOutboxMessage,
  screenshot,
  signIn,
  tinyPng,
  toast,
} from '../support/vigil';

/**
 * Forms (issue 13; spec patients 2.6, 3, 4) against the real server: a demo form opened from the detail
 * page's Forms panel, filled in its frame and submitted (a toast, a view-only FORM note, the submission in
 * 'Form Submissions'), then duplicated with its answers and viewed read-only; and a form texted to the
 * patient, filled signed out on a phone through the link, which then works no more.
 *
 * Only the Sunrise demo patients 45 to 49 are changed here; no other spec touches them.
 */
const ownPatients = [45, 46, 47, 48, 49].map((n) => `00000000-0000-4000-a001-${String(n).padStart(12, '0')}`);
const enrolment = 'RPM enrolment checklist';
const phq2 = 'PHQ-2';

interface SeededPatient {
  _id: string;
  firstName: string;
  lastName: string;
  fullName: string;
  phone: string | null;
  preferences: { textConsent?: string };
}

/** Our patients as the staff member sees them: the first for the frame, the first who may be texted for the link. */
async function ourPatients(request: APIRequestContext) {
  const staff = await apiAs(request, demo.staff);
  const patients: SeededPatient[] = [];
  for (const id of ownPatients) {
    const response = await staff.get(`/api/pacients/${id}/details`);
    if (response.status() === 200) patients.push(((await response.json()) as { data: SeededPatient }).data);
  }
  const texted = patients.find((p) => p.preferences.textConsent === 'Yes' && p.phone);
  const framed = patients.find((p) => p !== texted);
  const uploading = patients.find((p) => p !== texted && p !== framed);
  if (!texted || !framed || !uploading)
    throw new Error('Patients 45-49 need three Sunrise patients, one who may be texted');
  return { framed, texted, uploading };
}

const e164 = (phone: string) => `+1${phone.replace(/\D/g, '').slice(-10)}`;

const formsPanel = (page: Page) => page.getByRole('region', { name: formTexts.panelTitle, exact: true });
const notesPanel = (page: Page) => page.getByRole('region', { name: 'Staff Notes', exact: true });
const formDialog = (page: Page, title: string) => page.getByRole('dialog', { name: title });
const formFrame = (page: Page, title: string): FrameLocator => page.frameLocator(`iframe[title="${title}"]`);

async function openDetails(page: Page, patient: SeededPatient): Promise<Locator> {
  await page.goto(`/patient/details/${patient._id}`);
  await expect(page.getByRole('heading', { level: 1, name: patient.fullName })).toBeVisible();
  const panel = formsPanel(page);
  await expect(panel.getByRole('button', { name: enrolment, exact: true })).toBeVisible();
  return panel;
}

/** A SurveyJS Yes/No question, answered Yes. */
async function answerYes(frame: FrameLocator, question: string): Promise<void> {
  const answer = frame.getByRole('switch', { name: question });
  await frame
    .locator('.sd-question')
    .filter({ has: answer })
    .getByText('Yes', { exact: true })
    .first()
    .click();
  await expect(answer).toBeChecked();
}

const appointment = '2026-12-01T10:30';

test.describe('forms', () => {
  test('a demo form filled in the frame, then duplicated and viewed read-only', async ({ page, request }) => {
    const { framed: patient } = await ourPatients(request);
    await signIn(page, demo.staff);
    const panel = await openDetails(page, patient);
    await screenshot(page, 'forms-panel', { of: panel });

    await panel.getByRole('button', { name: enrolment, exact: true }).click();
    const dialog = formDialog(page, enrolment);
    await expect(dialog).toBeVisible();
    const frame = formFrame(page, enrolment);
    await expect(frame.getByRole('textbox', { name: 'Patient name' })).toHaveValue(
      `${patient.firstName} ${patient.lastName}`,
    );
    await answerYes(frame, 'The patient gave consent to remote monitoring');
    await answerYes(frame, 'The devices and how to take a reading were explained');
    await frame.getByLabel('Follow-up appointment').fill(appointment);
    await screenshot(page, 'forms-frame', { viewport: true });
    // A click beside the form, on the backdrop, keeps it and its answers.
    await page.mouse.click(5, 5);
    await expect(dialog).toBeVisible();
    await expect(frame.getByLabel('Follow-up appointment')).toHaveValue(appointment);
    // Closing it with answers given asks first; No keeps them.
    await dialog.getByRole('button', { name: formTexts.close }).click();
    const question = page.getByRole('dialog', { name: 'Unsaved Changes' });
    await expect(question).toContainText('You have unsaved changes. Are you sure you want to leave?');
    await question.getByRole('button', { name: 'No' }).click();
    await expect(question).toBeHidden();
    await expect(dialog).toBeVisible();
    await expect(frame.getByLabel('Follow-up appointment')).toHaveValue(appointment);
    await frame.getByRole('button', { name: 'Complete' }).click();

    await expect(toast(page, formTexts.submitted)).toBeVisible();
    await expect(dialog).toBeHidden();
    const note = notesPanel(page)
      .getByRole('listitem')
      .filter({ hasText: `Form: ${enrolment}` });
    await expect(note).toBeVisible();
    await expect(note).toContainText('Tue, Dec 1, 2026, 10:30 AM');
    await expect(note.getByRole('button', { name: 'Edit' })).toHaveCount(0);

    await panel.getByRole('tab', { name: formTexts.formSubmissions }).click();
    const row = panel.getByRole('listitem').filter({ hasText: enrolment });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Sam Delgado');
    await screenshot(page, 'forms-submissions', { of: panel });

    await row.getByRole('button', { name: `${formTexts.duplicate}: ${enrolment}` }).click();
    await expect(dialog).toBeVisible();
    await expect(frame.getByLabel('Follow-up appointment')).toHaveValue(appointment);
    await expect(
      frame.getByRole('switch', { name: 'The patient gave consent to remote monitoring' }),
    ).toBeChecked();
    await expect(
      frame.getByRole('switch', { name: 'The first reading was taken with the patient' }),
    ).not.toBeChecked();
    await dialog.getByRole('button', { name: formTexts.close }).click();
    await expect(dialog).toBeHidden();

    await row.getByRole('button', { name: `${formTexts.view}: ${enrolment}` }).click();
    await expect(dialog).toBeVisible();
    await expect(frame.getByLabel('Follow-up appointment')).toHaveValue(appointment);
    await expect(frame.getByLabel('Follow-up appointment')).not.toBeEditable();
    await expect(frame.getByRole('button', { name: 'Complete' })).toHaveCount(0);
    await screenshot(page, 'forms-view', { viewport: true });
    await dialog.getByRole('button', { name: formTexts.close }).click();
    // Closing the View made nothing new.
    await expect(row).toHaveCount(1);

    // On a phone the panel takes the full width, its folders one under the other.
    await page.setViewportSize({ width: 390, height: 844 });
    await panel.getByRole('tab', { name: formTexts.sessionForms }).click();
    await expect(panel.getByRole('button', { name: `${formTexts.sendToPatient}: ${phq2}` })).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    await screenshot(page, 'forms-panel-390', { of: panel });
  });

  test('a form texted to the patient and filled on a phone, once', async ({ page, request, browser }) => {
    const { texted: patient } = await ourPatients(request);
    await signIn(page, demo.staff);
    const panel = await openDetails(page, patient);

    const since = new Date();
    // A double-click texts one link.
    const sends = countRequests(page, 'POST', /\/api\/forms\/[^/]+\/links$/);
    await panel.getByRole('button', { name: `${formTexts.sendToPatient}: ${phq2}` }).dblclick();
    await expect(toast(page, formTexts.linkSent)).toBeVisible();
    expect(sends.count()).toBe(1);
    const sms = await latestOutboxMessage(request, e164(patient.phone!), since);
    const link = /\/f\/[A-Za-z0-9_-]+/.exec(sms.body)?.[0];
    expect(link, sms.body).toBeTruthy();

    const phone = await browser.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    try {
      const patientPage = await phone.newPage();
      await patientPage.goto(link!);
      await expect(patientPage.getByText(formTexts.greeting(patient.firstName))).toBeVisible();
      await expect(patientPage.getByRole('heading', { name: phq2 })).toBeVisible();
      const interest = patientPage.getByRole('radiogroup', { name: /Little interest or pleasure/ });
      await interest.getByText('Several days', { exact: true }).click();
      await expect(interest.getByRole('radio', { name: 'Several days' })).toBeChecked();
      const depressed = patientPage.getByRole('radiogroup', { name: /Feeling down, depressed/ });
      await depressed.getByText('Not at all', { exact: true }).click();
      await expectAccessible(patientPage, "the patient's form on a phone");
      await screenshot(patientPage, 'forms-link-phone');
      await patientPage.getByRole('button', { name: 'Complete' }).click();
      await expect(patientPage.getByText(formTexts.thankYou)).toBeVisible();
      await screenshot(patientPage, 'forms-link-thanks', { viewport: true });

      await patientPage.goto(link!);
      await expect(patientPage.getByText(formTexts.linkUsed)).toBeVisible();
    } finally {
      await phone.close();
    }

    await page.reload();
    await panel.getByRole('tab', { name: formTexts.formSubmissions }).click();
    const row = panel.getByRole('listitem').filter({ hasText: phq2 });
    await expect(row).toContainText(formTexts.byPatient);
    await expect(
      notesPanel(page)
        .getByRole('listitem')
        .filter({ hasText: `Form: ${phq2}` }),
    ).toBeVisible();
  });

  test('a photo answer uploads with the form, is named in the note and opens in View', async ({
    page,
    request,
  }) => {
    const { uploading: patient } = await ourPatients(request);
    const symptoms = 'Heart failure symptom check';
    await signIn(page, demo.staff);
    const panel = await openDetails(page, patient);
    await panel.getByRole('button', { name: symptoms, exact: true }).click();
    const frame = formFrame(page, symptoms);
    const weightGain = frame.getByRole('radiogroup', { name: /Weight gain since the last check/ });
    await weightGain.getByText('None', { exact: true }).click();
    // As a person picks a file: SurveyJS opens the chooser from its own button, not from the input in the page.
    const chooser = page.waitForEvent('filechooser');
    await frame.locator('.sd-action__title', { hasText: 'Select File' }).click();
    await (await chooser).setFiles({ name: 'ankle-swelling.png', mimeType: 'image/png', buffer: tinyPng });
    await expect(frame.getByText('ankle-swelling.png').first()).toBeVisible();
    await frame.getByRole('button', { name: 'Complete' }).click();

    await expect(toast(page, formTexts.submitted)).toBeVisible();
    const note = notesPanel(page)
      .getByRole('listitem')
      .filter({ hasText: `Form: ${symptoms}` });
    await expect(note).toContainText('Photo of swelling (optional): ankle-swelling.png');

    await panel.getByRole('tab', { name: formTexts.formSubmissions }).click();
    const row = panel.getByRole('listitem').filter({ hasText: symptoms });
    await row.getByRole('button', { name: `${formTexts.view}: ${symptoms}` }).click();
    // The photo is served only with the session's token: the preview loads it through the hosted page.
    const preview = frame.locator('img[src^="blob:"], img[src^="data:"]').first();
    await expect(preview).toBeVisible();
    expect(await preview.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
    await preview.scrollIntoViewIfNeeded();
    await screenshot(page, 'forms-view-photo', { viewport: true });
    const dialog = formDialog(page, symptoms);
    await dialog.getByRole('button', { name: formTexts.close }).click();

    // Duplicate brings the answers back but not the photo, which stays with the submission that took it.
    await row.getByRole('button', { name: `${formTexts.duplicate}: ${symptoms}` }).click();
    await expect(weightGain.getByRole('radio', { name: 'None' })).toBeChecked();
    await expect(frame.getByText('ankle-swelling.png')).toHaveCount(0);
    await dialog.getByRole('button', { name: formTexts.close }).click();

    // A stored photo that cannot be fetched says so, as every failed download does (spec patients 8).
    await page.route('**/api/forms/*/files/*', (route) =>
      route.fulfill({ status: 500, json: { message: 'Server error' } }),
    );
    await row.getByRole('button', { name: `${formTexts.view}: ${symptoms}` }).click();
    await expect(frame.getByRole('alert').filter({ hasText: messages.downloadFailed })).toBeVisible();
  });
});
