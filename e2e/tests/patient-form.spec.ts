import type { Locator, Page } from '@playwright/test';
import { patientErrorMessages, patientFormNotices } from '@vigil/core';
import { expect, test } from '../support/fixtures';
import {
  apiAs,
  countRequests,
  demo,
  demoClinics,
  holdRequests,
  screenshot,
  signIn,
  toast,
  unique,
} from '../support/vigil';

/**
 * The patient add/edit form (spec patients 2.1, 4, 5) against the real server: a clinic user's add with every
 * section, the edit of the same patient, a CIRCLE user's add in another clinic, the unsaved-changes question,
 * the date input and the field messages.
 */

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const radios = (page: Page, name: string) => page.getByRole('radiogroup', { name, exact: true });
const checkboxes = (page: Page, name: string) => page.getByRole('group', { name, exact: true });
const toggle = (page: Page, name: string) => page.getByRole('switch', { name, exact: true });

/** Picks one option of an MUI select; with several, a multiple select's menu is closed afterwards. */
async function choose(page: Page, label: string, ...options: string[]): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  const listbox = page.getByRole('listbox');
  for (const option of options) await listbox.getByRole('option', { name: option, exact: true }).click();
  if (await listbox.isVisible()) await page.keyboard.press('Escape');
  await expect(listbox).toBeHidden();
}

/** A letters-only surname no other run uses, so the list search finds exactly this patient. */
const uniqueSurname = () =>
  `Tester${unique('')
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)] ?? 'x')
    .slice(-8)}`;

/** The fields every patient needs, for a CLINIC or a CIRCLE user (assignment left to the caller). */
async function fillRequired(page: Page, firstName: string, lastName: string): Promise<void> {
  await field(page, 'First Name').fill(firstName);
  await field(page, 'Last Name').fill(lastName);
  await field(page, 'Phone 1').fill('503-555-0188');
  await choose(page, 'Phone 1 type', 'Cell');
  await field(page, 'Date of Birth').pressSequentially('03021948');
  await radios(page, 'Gender').getByRole('radio', { name: 'Male', exact: true }).check();
  await field(page, 'Height (feet)').fill('5');
  await field(page, 'Height (inches)').fill('10');
  await field(page, 'Weight (lbs)').fill('182');
  await choose(page, 'Diagnosis', 'CHF');
  await choose(page, 'Language', 'English');
}

async function submitAndReadId(
  page: Page,
  button: Locator,
  how: 'click' | 'dblclick' = 'click',
): Promise<string> {
  const created = page.waitForResponse(
    (r) => r.url().endsWith('/api/pacients') && r.request().method() === 'POST',
  );
  await button[how]();
  const response = await created;
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { data: { _id: string } };
  return body.data._id;
}

test.describe('patient form', () => {
  test('clinic staff add a patient with every section, find them on the list, then edit them', async ({
    page,
    request,
  }) => {
    // The longest journey of the suite: every section, a list search, the edit and a second visit.
    test.slow();
    const lastName = uniqueSurname();
    await signIn(page, demo.staff);
    await page.goto('/patient/priority-list');
    await page.getByRole('link', { name: 'Add New Patient' }).click();
    await expect(page).toHaveURL('/patient/add');
    await expect(page.getByRole('heading', { name: 'New Patient' })).toBeVisible();

    // Clinic and user assignment comes first on add; a clinic user has their clinic and no navigator choice.
    const headings = page.getByRole('heading', { level: 2 });
    await expect(headings.first()).toHaveText('Clinic and User Assignment');
    await expect(field(page, 'Clinic')).toHaveValue(demoClinics.sunrise.name);
    await expect(page.getByRole('combobox', { name: 'Care Navigator' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await choose(page, 'Physician', 'Priya Raman');
    await choose(page, 'Staff', 'Sam Delgado', 'Lena Ortiz');

    // General info with three phones, the third removed again.
    await field(page, 'First Name').fill('Marisol');
    await field(page, 'Last Name').fill(lastName);
    await field(page, 'Email').fill(`${lastName.toLowerCase()}@example.com`);
    await field(page, 'Phone 1').fill('503-555-0142');
    await choose(page, 'Phone 1 type', 'Cell');
    await field(page, 'Phone 1 notes').fill('Mornings only');
    await page.getByRole('button', { name: 'Add Phone' }).click();
    await field(page, 'Phone 2').fill('1-503-555-0143');
    await choose(page, 'Phone 2 type', 'Landline');
    await page.getByRole('button', { name: 'Add Phone' }).click();
    await expect(field(page, 'Phone 3')).toBeVisible();
    await page.getByRole('button', { name: 'Remove phone 3' }).click();
    await expect(field(page, 'Phone 3')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Remove phone 1' })).toHaveCount(0);

    // Consent and preferences: texts and emails wait for a consent that allows them.
    await expect(radios(page, 'Text-message consent').getByRole('radio').first()).toBeDisabled();
    await radios(page, 'Consent').getByRole('radio', { name: 'Obtained by clinic staff' }).check();
    await checkboxes(page, 'Best days to contact').getByRole('checkbox', { name: 'Monday' }).check();
    await checkboxes(page, 'Best days to contact').getByRole('checkbox', { name: 'Thursday' }).check();
    await checkboxes(page, 'Best times to contact').getByRole('checkbox', { name: 'Evening' }).check();
    // Reminders without text consent would never be sent: the form says so until texts are allowed.
    await radios(page, 'SMS reading reminders').getByRole('radio', { name: 'Yes' }).check();
    const remindersWarning = page.getByText(patientFormNotices.remindersNeedTextConsent);
    await expect(remindersWarning).toBeVisible();
    await screenshot(page, 'patient-form-reminders-need-text-consent', {
      of: page
        .getByRole('radiogroup', { name: 'SMS reading reminders' })
        .locator('xpath=ancestor::div[contains(@class, "MuiGrid-container")][1]'),
    });
    await radios(page, 'Text-message consent').getByRole('radio', { name: 'Yes' }).check();
    await expect(remindersWarning).toBeHidden();
    // Only the Cell phone with a number is offered as the texting number.
    await page.getByRole('combobox', { name: 'Texting number' }).click();
    await expect(page.getByRole('option')).toHaveText(['(503) 555-0142']);
    await page.getByRole('option', { name: '(503) 555-0142' }).click();
    await radios(page, 'SMS reading reminders').getByRole('radio', { name: 'Yes' }).check();
    await choose(page, 'Number of daily reminders', '3');
    await expect(page.getByRole('combobox', { name: /^Reminder \d time/ })).toHaveCount(3);
    await choose(page, 'Number of daily reminders', '2');
    await expect(page.getByRole('combobox', { name: /^Reminder \d time/ })).toHaveCount(2);
    await choose(page, 'Reminder 1 time', '8:00 AM');
    await choose(page, 'Reminder 2 time', '7:30 PM');
    await radios(page, 'Every day?').getByRole('radio', { name: 'No' }).check();
    const reminderDays = checkboxes(page, 'Days to text reminders');
    await reminderDays.getByRole('checkbox', { name: 'Tuesday' }).check();
    await reminderDays.getByRole('checkbox', { name: 'Friday' }).check();
    await radios(page, 'Email consent').getByRole('radio', { name: 'Yes' }).check();
    await radios(page, 'monthly report emailed').getByRole('radio', { name: 'Yes' }).check();
    await field(page, 'Emergency contact first name').fill('Rosa');
    await field(page, 'Emergency contact last name').fill(lastName);
    await field(page, 'Emergency contact phone').fill('503-555-0150');
    await field(page, 'Notes').fill('Daughter, speaks English and Spanish.');

    // Medical info.
    await field(page, 'Date of Birth').pressSequentially('04121950');
    await expect(field(page, 'Date of Birth')).toHaveValue('04/12/1950');
    await field(page, 'MR').fill('MR-4471');
    await radios(page, 'Gender').getByRole('radio', { name: 'Female' }).check();
    await field(page, 'Height (feet)').fill('5');
    await field(page, 'Height (inches)').fill('4');
    await field(page, 'Weight (lbs)').fill('150.5');
    await choose(page, 'Diagnosis', 'Hypertension');
    await page.getByRole('combobox', { name: 'Language' }).click();
    // The seven languages of the clinics' patients come first.
    await expect(page.getByRole('option').nth(6)).toHaveText('Tagalog');
    await page.getByRole('option', { name: 'Spanish', exact: true }).click();

    // Device setup: No asks where to ship the device.
    await radios(page, 'Connect Devices').getByRole('radio', { name: 'No' }).check();
    await expect(
      page.getByText('Please provide best shipping address to send patient device.'),
    ).toBeVisible();
    await field(page, 'Shipping Address').fill('12 Harbor Way, Portland, OR 97201');

    await toggle(page, 'High priority').check();
    await toggle(page, 'Enrolled').check();
    // Add has no Active toggle, no custom alerts and no tracked time.
    await expect(toggle(page, 'Active')).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Custom Alerts' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Address' })).toHaveCount(0);
    await screenshot(page, 'patient-form-add');

    const id = await submitAndReadId(page, page.getByRole('button', { name: 'Create New Patient' }));
    await expect(toast(page, 'Patient Updated')).toBeVisible();
    // Back to the list the form was opened from, without the unsaved-changes question.
    await expect(page).toHaveURL('/patient/priority-list');
    await expect(page.getByRole('dialog', { name: 'Unsaved Changes' })).toHaveCount(0);
    await page.getByRole('searchbox', { name: 'Search patients' }).fill(lastName);
    // Enrolled and active, but no care navigator yet: a clinic's new patient waits for the provider.
    const row = page
      .getByRole('table', { name: 'Patient Priority List' })
      .getByRole('row')
      .filter({ hasText: `Marisol ${lastName}` });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Unassigned');

    // Edit: the saved values, the sections of edit in the spec's order.
    await page.goto(`/patient/edit/${id}`);
    await expect(page.getByRole('heading', { name: 'Patient Settings' })).toBeVisible();
    await expect(headings.first()).toHaveText('General Info');
    await expect(headings.nth(1)).toHaveText('Clinic and User Assignment');
    await expect(field(page, 'First Name')).toHaveValue('Marisol');
    await expect(field(page, 'Date of Birth')).toHaveValue('04/12/1950');
    await expect(page.getByRole('combobox', { name: 'Physician' })).toContainText('Priya Raman');
    await expect(page.getByRole('combobox', { name: 'Texting number' })).toContainText('(503) 555-0142');
    await expect(page.getByRole('combobox', { name: 'Reminder 2 time' })).toContainText('7:30 PM');
    await expect(page.getByRole('combobox', { name: 'Language' })).toContainText('Spanish');
    await expect(toggle(page, 'Active')).toBeChecked();
    await expect(page.getByRole('heading', { name: 'Device Setup' })).toHaveCount(0);
    // Custom alerts start from the clinic's thresholds.
    await expect(toggle(page, 'Low BP')).toBeChecked();
    await expect(page.getByRole('textbox', { name: 'Low BP: Systolic below (mmHg)' })).toHaveValue('90');

    // The address accordion, with the US states and territories.
    await page.getByRole('button', { name: 'Address' }).click();
    await field(page, 'Address').fill('12 Harbor Way');
    await field(page, 'City').fill('Portland');
    await choose(page, 'State', 'Oregon');
    await field(page, 'Zip').fill('97201');

    // Manually Add Time: nothing is added at 0; 1 hour 5 minutes shows as 01:05:00.
    await expect(page.getByTestId('tracked-time')).toHaveText('None');
    await page.getByRole('button', { name: 'Manually Add Time' }).click();
    const popover = page.getByRole('dialog', { name: 'Manually Add Time' });
    await expect(popover.getByRole('button', { name: 'Add Time' })).toBeDisabled();
    await popover.getByRole('textbox', { name: 'Hours' }).fill('1');
    await popover.getByRole('textbox', { name: 'Minutes' }).fill('5');
    // While it is being added (the request held here), the popover neither closes nor takes more input.
    const track = await holdRequests(page, `**/api/pacients/${id}/track`);
    await popover.getByRole('button', { name: 'Add Time' }).click();
    await expect(popover.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await expect(popover.getByRole('textbox', { name: 'Hours' })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(popover).toBeVisible();
    track.release();
    await expect(popover).toBeHidden();
    await expect(page.getByTestId('tracked-time')).toHaveText('01:05:00');
    // A double-click on Add Time adds the time once.
    const tracks = countRequests(page, 'POST', /\/track$/);
    await page.getByRole('button', { name: 'Manually Add Time' }).click();
    await popover.getByRole('textbox', { name: 'Minutes' }).fill('5');
    await popover.getByRole('button', { name: 'Add Time' }).dblclick();
    await expect(popover).toBeHidden();
    await expect(page.getByTestId('tracked-time')).toHaveText('01:10:00');
    expect(tracks.count()).toBe(1);

    // Unenrolling turns Active off with it; the edits are kept while the time was added.
    await toggle(page, 'Low BP').uncheck();
    await field(page, 'Weight (lbs)').fill('148');
    await expect(field(page, 'City')).toHaveValue('Portland');
    await screenshot(page, 'patient-form-edit');
    await page.getByRole('button', { name: 'Save & Update Info' }).click();
    await expect(toast(page, 'Patient Updated')).toBeVisible();
    await expect(page).toHaveURL('/patient/priority-list');

    // /patient/settings?id= is the same form, with the saves in place.
    await page.goto(`/patient/settings?id=${id}`);
    await expect(field(page, 'Weight (lbs)')).toHaveValue('148');
    await expect(toggle(page, 'Low BP')).not.toBeChecked();
    await page.getByRole('button', { name: 'Address' }).click();
    await expect(field(page, 'City')).toHaveValue('Portland');
    await toggle(page, 'Enrolled').uncheck();
    await expect(toggle(page, 'Active')).toHaveCount(0);
    await toggle(page, 'Enrolled').check();
    await expect(toggle(page, 'Active')).toBeChecked();

    // The MR of another patient of the clinic: said under the field, and nothing saved.
    const staff = await apiAs(request, demo.staff);
    const other = (await (await staff.get('/api/pacients/00000000-0000-4000-a001-000000000005')).json()) as {
      data: { medicalInfo: { mr: string } };
    };
    await field(page, 'MR').fill(other.data.medicalInfo.mr);
    await page.getByRole('button', { name: 'Save & Update Info' }).click();
    await expect(page.getByText('Another patient of this clinic has this MR.').first()).toBeVisible();
    await expect(page).toHaveURL(/\/patient\/settings/);
    await screenshot(page, 'patient-form-mr-taken', { viewport: true });
  });

  test('the CIRCLE admin adds a patient in Harbor, where navigator and staff are required', async ({
    page,
  }) => {
    const lastName = uniqueSurname();
    await signIn(page, demo.admin);
    await page.goto('/patient/add');
    await page.getByRole('button', { name: 'Create New Patient' }).click();
    await expect(page.getByText('Some required fields were not filled out!')).toBeVisible();
    await expect(
      page.getByText('Please scroll up and check that all required fields are completed.'),
    ).toBeVisible();
    for (const name of ['Clinic', 'Physician', 'Staff', 'Care Navigator', 'Language', 'Diagnosis'])
      await expect(page.getByRole('combobox', { name })).toHaveAttribute('aria-invalid', 'true');
    await expect(radios(page, 'Consent')).toHaveAccessibleDescription('Required');
    await expect(radios(page, 'Connect Devices')).toHaveAccessibleDescription('Required');
    // The required questions are marked, as the required text fields are.
    for (const question of ['Consent', 'Gender', 'Connect Devices'])
      await expect(
        page.locator('label').filter({ hasText: new RegExp(`^${question}\\s*\\*$`) }),
      ).toBeVisible();
    await expect(field(page, 'First Name')).toHaveAccessibleDescription('Required');
    await screenshot(page, 'patient-form-required');

    await choose(page, 'Clinic', demoClinics.harbor.name);
    // The candidates are the chosen clinic's users of each role.
    await page.getByRole('combobox', { name: 'Physician' }).click();
    await expect(page.getByRole('option')).toHaveText(['Henry Castellanos']);
    await page.getByRole('option', { name: 'Henry Castellanos' }).click();
    await choose(page, 'Staff', 'Grace Kim');
    await choose(page, 'Care Navigator', 'Noah Okafor');
    await fillRequired(page, 'Walter', lastName);
    await radios(page, 'Consent').getByRole('radio', { name: 'Not yet obtained' }).check();
    await radios(page, 'Connect Devices').getByRole('radio', { name: 'Yes' }).check();
    await expect(page.getByText('Some required fields were not filled out!')).toHaveCount(0);

    // A double-click adds the patient once.
    const creates = countRequests(page, 'POST', /\/api\/pacients$/);
    const id = await submitAndReadId(
      page,
      page.getByRole('button', { name: 'Create New Patient' }),
      'dblclick',
    );
    await expect(toast(page, 'Patient Updated')).toBeVisible();
    // Pairing chosen: on to the edit page at the device section.
    await expect(page).toHaveURL(`/patient/edit/${id}#deviceInfo`);
    expect(creates.count()).toBe(1);
    await expect(page.getByRole('combobox', { name: 'Clinic' })).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByRole('combobox', { name: 'Clinic' })).toContainText(demoClinics.harbor.name);
    await expect(page.getByRole('combobox', { name: 'Care Navigator' })).toContainText('Noah Okafor');
    await expect(page.getByRole('combobox', { name: 'Staff' })).toContainText('Grace Kim');
    // The form is behind: the browser's Back goes where the user came from, not to a blank form.
    await page.goBack();
    await expect(page).not.toHaveURL(/\/patient\/(add|edit)/);
  });

  test('leaving a form with unsaved changes asks first', async ({ page }) => {
    await signIn(page, demo.staff);
    await page.goto('/patient/priority-list');
    await page.getByRole('link', { name: 'Add New Patient' }).click();
    // Nothing typed yet: leaving is not questioned.
    await page.getByRole('link', { name: 'Patient Priority List' }).click();
    await expect(page).toHaveURL('/patient/priority-list');

    await page.getByRole('link', { name: 'Add New Patient' }).click();
    await field(page, 'First Name').fill('Unsaved');
    await page.getByRole('link', { name: 'Patient Priority List' }).click();
    const question = page.getByRole('dialog', { name: 'Unsaved Changes' });
    await expect(question).toContainText('You have unsaved changes. Are you sure you want to leave?');
    await screenshot(page, 'patient-form-unsaved-changes', { viewport: true });
    await question.getByRole('button', { name: 'No' }).click();
    await expect(page).toHaveURL('/patient/add');
    await expect(field(page, 'First Name')).toHaveValue('Unsaved');

    await page.getByRole('button', { name: 'Back' }).click();
    await question.getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL('/patient/priority-list');
  });

  test('a save over a colleague’s newer one is refused and says so, keeping what was typed', async ({
    page,
    browser,
    baseURL,
  }) => {
    const id = '00000000-0000-4000-a001-000000000041';
    await signIn(page, demo.staff);
    await page.goto(`/patient/settings?id=${id}`);
    await expect(field(page, 'First Name')).not.toHaveValue('');

    // A colleague saves the same patient meanwhile, in their own browser.
    const other = await browser.newContext({ baseURL });
    const colleague = await other.newPage();
    await signIn(colleague, demo.sunrisePhysician);
    await colleague.goto(`/patient/settings?id=${id}`);
    await field(colleague, 'Notes').fill('Daughter visits on Sundays.');
    await colleague.getByRole('button', { name: 'Save & Update Info' }).click();
    await expect(toast(colleague, 'Patient Updated')).toBeVisible();
    await other.close();

    await field(page, 'Notes').fill('Prefers mornings.');
    await page.getByRole('button', { name: 'Save & Update Info' }).click();
    await expect(toast(page, patientErrorMessages.patientChanged)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/patient/settings\\?id=${id}`));
    await expect(field(page, 'Notes')).toHaveValue('Prefers mornings.');
    await screenshot(page, 'patient-form-changed-meanwhile', { viewport: true });
  });

  test('the date input takes digits, inserts the slashes and stops at 10 characters', async ({ page }) => {
    await signIn(page, demo.staff);
    await page.goto('/patient/add');
    const date = field(page, 'Date of Birth');
    await expect(date).toHaveAttribute('placeholder', 'MM/DD/YYYY');
    await date.pressSequentially('04');
    await expect(date).toHaveValue('04/');
    await date.pressSequentially('1');
    await expect(date).toHaveValue('04/1');
    await date.pressSequentially('2');
    await expect(date).toHaveValue('04/12/');
    await date.pressSequentially('x19-5.0a99');
    await expect(date).toHaveValue('04/12/1950');
    // A backspace over a slash is not undone.
    await date.fill('');
    await date.pressSequentially('0412');
    await date.press('Backspace');
    await expect(date).toHaveValue('04/12');
    // Pasted text keeps its digits and slashes only.
    await date.fill('12/31/1999 extra');
    await expect(date).toHaveValue('12/31/1999');
  });

  test('field messages: phone and email, on a phone-sized screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await signIn(page, demo.staff);
    await page.goto('/patient/add');
    await field(page, 'Phone 1').fill('555-12');
    await field(page, 'Email').fill('not-an-email');
    await field(page, 'Emergency contact phone').fill('12345');
    await page.getByRole('button', { name: 'Create New Patient' }).click();
    await expect(field(page, 'Phone 1')).toHaveAccessibleDescription('Please provide valid number');
    await expect(field(page, 'Emergency contact phone')).toHaveAccessibleDescription(
      'Please provide valid number',
    );
    await expect(field(page, 'Email')).toHaveAccessibleDescription('Please provide valid email');
    await screenshot(page, 'patient-form-add-360');
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    // Corrected, the messages go as the user types.
    await field(page, 'Phone 1').fill('503-555-0101');
    await field(page, 'Email').fill('patient@example.com');
    await expect(page.getByText('Please provide valid email')).toHaveCount(0);
    await expect(field(page, 'Phone 1')).not.toHaveAccessibleDescription('Please provide valid number');
  });
});
