import { TZDate } from '@date-fns/tz';
import type { Locator, Page } from '@playwright/test';
import { detailPageErrors, monthlyNoteTexts } from '@vigil/core';
import { format, subDays, subMonths } from 'date-fns';
import { expect, test } from '../support/fixtures';
import { apiAs, countRequests, demo, holdRequests, screenshot, signIn } from '../support/vigil';

/**
 * The detail page's readings, medications and monthly reports panels (spec patients 2.6, 2.9, 4, 5, 9)
 * against the real server. Only the demo patients ...030 to ...034 are changed here; no other spec touches
 * them.
 */
const readingsPatient = '00000000-0000-4000-a001-000000000030';
const medicationsPatient = '00000000-0000-4000-a001-000000000031';
const notesPatient = '00000000-0000-4000-a001-000000000032';
const weightPatient = '00000000-0000-4000-a001-000000000033';

const chartsPanel = (page: Page) => page.getByRole('region', { name: 'Readings and Medications' });
const monthlyPanel = (page: Page) => page.getByRole('region', { name: 'Monthly Reports' });

/** The staff user's readings choices back to the defaults, so the other specs find the panel as new. */
async function resetGraphFilter(page: Page) {
  const api = await apiAs(page.request, demo.staff);
  const me = (await (await api.get('/api/auth/me')).json()) as { data: { _id: string } };
  const userId = me.data._id;
  await api.put(`/api/users/updateGraphFilterData/${userId}`, {
    activeTab: 'readings',
    dateRange: 14,
    startDate: null,
    endDate: null,
    toggle: 'table',
    infoToggle: 'all',
  });
}

/** Scrolls so that `target` starts just below the sticky top bar. */
async function scrollBelowTopBar(target: Locator) {
  await target.evaluate((element) => window.scrollBy(0, element.getBoundingClientRect().top - 72));
}

async function openPatient(page: Page, id: string) {
  await page.goto(`/patient/details/${id}`);
  await expect(chartsPanel(page)).toBeVisible();
}

test.describe('patient detail: readings, medications and monthly notes', () => {
  test.afterEach(async ({ page }) => resetGraphFilter(page));

  test('staff add manual readings, see them in the table and chart, filter, reload and remove one', async ({
    page,
  }) => {
    test.slow();
    await signIn(page, demo.staff);
    await openPatient(page, readingsPatient);
    const panel = chartsPanel(page);
    await expect(panel.getByRole('tab', { name: 'Readings' })).toHaveAttribute('aria-selected', 'true');
    await expect(panel.getByText(/\d+ days transmitted \(out of 14 in range\)/)).toBeVisible();

    // An invalid entry shows the spec's messages and saves nothing.
    const posted: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/bp-readings')) posted.push(request.url());
    });
    await panel.getByRole('button', { name: 'Add Reading' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Manual Reading' });
    await dialog.getByLabel('Systolic').fill('12a');
    await dialog.getByLabel('Heart Rate (bpm)').fill('   ');
    const tomorrow = format(new TZDate(Date.now() + 86_400_000, 'America/Los_Angeles'), 'yyyy-MM-dd');
    await dialog.getByLabel('Date').fill(tomorrow);
    await dialog.getByRole('button', { name: 'Save & Close' }).click();
    await expect(dialog.getByText('Must be a number')).toBeVisible();
    await expect(dialog.getByText('Diastolic is required')).toBeVisible();
    await expect(dialog.getByText('Heart Rate is required')).toBeVisible();
    await expect(dialog.getByText('Reading cannot be in the future')).toBeVisible();
    await screenshot(page, 'details-readings-dialog-errors', { viewport: true });
    expect(posted).toEqual([]);
    // The two blood pressure numbers swapped: said under Diastolic, and nothing saved.
    await dialog.getByLabel('Systolic').fill('80');
    await dialog.getByLabel('Diastolic').fill('120');
    await dialog.getByRole('button', { name: 'Save & Close' }).click();
    await expect(dialog.getByText('Diastolic must be lower than systolic')).toBeVisible();
    await screenshot(page, 'details-readings-dialog-swapped-bp', { viewport: true });
    expect(posted).toEqual([]);

    // Two readings in one dialog: blood pressure and weight, yesterday morning in the Pacific zone.
    const yesterday = subDays(new TZDate(Date.now(), 'America/Los_Angeles'), 1);
    await dialog.getByLabel('Date').fill(format(yesterday, 'yyyy-MM-dd'));
    await dialog.getByLabel(/^Time\s*\*?$/).fill('09:15');
    await expect(dialog.getByRole('combobox', { name: 'Time zone' })).toHaveText('Pacific');
    await dialog.getByLabel('Systolic').fill('123');
    await dialog.getByLabel('Diastolic').fill('77');
    await dialog.getByLabel('Heart Rate (bpm)').fill('');
    await dialog.getByLabel('Weight (lbs)').fill('187.3');
    // While they are saved (held here), the fields take nothing more: it would be cleared unsaved.
    // Pressed twice before the page could answer the first, it saves them once (counted in `posted`).
    const saving = await holdRequests(page, `**/api/pacients/${readingsPatient}/bp-readings`);
    await dialog.getByRole('button', { name: 'Save & Add More' }).evaluate((button: HTMLElement) => {
      button.click();
      button.click();
    });
    await expect(dialog.getByLabel('Weight (lbs)')).toBeDisabled();
    saving.release();
    // The dialog stays open, and MUI hides the rest of the page (the toast too) from the accessibility tree.
    await expect(page.getByText('Two readings added.')).toBeVisible();
    // 'Save & Add More' starts again and stays open.
    await expect(dialog.getByLabel('Systolic')).toHaveValue('');
    await expect(dialog.getByLabel('Weight (lbs)')).toHaveValue('');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect(posted).toHaveLength(1);

    const day = format(yesterday, 'MM/dd/yyyy');
    const table = panel.getByRole('table', { name: 'Readings' });
    await expect(table.getByRole('columnheader')).toHaveText([
      'Date',
      'Time',
      'BP',
      'HR',
      'Weight',
      'Type',
      'Action',
    ]);
    const bpRow = table.getByRole('row').filter({ hasText: day }).filter({ hasText: '123/77' });
    const weightRow = table.getByRole('row').filter({ hasText: day }).filter({ hasText: '187.3 lbs' });
    await expect(bpRow).toContainText('9:15 AM');
    await expect(bpRow).toContainText('Manual');
    await expect(weightRow).toContainText('Manual');
    await screenshot(page, 'details-readings-table-1280');

    // The chart, loaded on its own.
    await panel.getByRole('button', { name: 'Chart', exact: true }).click();
    await expect(panel.getByRole('img', { name: 'Blood pressure and heart rate chart' })).toBeVisible();
    await expect(panel.getByRole('img', { name: 'Weight chart' })).toBeVisible();
    await expect(panel.locator('svg').first()).toBeVisible();
    await screenshot(page, 'details-readings-chart-1280', { of: panel });

    // Presets and the type filter persist across a reload.
    await panel.getByRole('combobox', { name: 'Date range' }).click();
    await page.getByRole('option', { name: '30 Days' }).click();
    await expect(panel.getByText(/out of 30 in range/)).toBeVisible();
    await panel.getByRole('button', { name: 'Weight', exact: true }).click();
    await expect(panel.getByRole('img', { name: 'Blood pressure and heart rate chart' })).toBeHidden();
    await expect(panel.getByRole('img', { name: 'Weight chart' })).toBeVisible();
    await page.reload();
    await expect(chartsPanel(page).getByRole('combobox', { name: 'Date range' })).toHaveText('30 Days');
    await expect(chartsPanel(page).getByRole('button', { name: 'Weight', exact: true })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(chartsPanel(page).getByRole('img', { name: 'Weight chart' })).toBeVisible();

    // A custom range applies only once both of its dates are chosen.
    await panel.getByRole('combobox', { name: 'Date range' }).click();
    await page.getByRole('option', { name: 'Custom' }).click();
    await panel.getByLabel('Start date').fill(format(subDays(yesterday, 500), 'yyyy-MM-dd'));
    await expect(panel.getByText(/out of 30 in range/)).toBeVisible();
    // Longer than the readings call answers: said, and not applied.
    await panel.getByLabel('End date').fill(format(yesterday, 'yyyy-MM-dd'));
    await expect(
      panel.getByRole('alert').filter({ hasText: 'The range can span at most 400 days' }),
    ).toBeVisible();
    await screenshot(page, 'details-readings-range-too-long', { viewport: true });
    await expect(panel.getByText(/out of 30 in range/)).toBeVisible();
    await panel.getByLabel('Start date').fill(format(subDays(yesterday, 2), 'yyyy-MM-dd'));
    await expect(panel.getByText(/out of 3 in range/)).toBeVisible();

    // Back to the table of everything over 14 days, then remove the weight reading after the question.
    await panel.getByRole('combobox', { name: 'Date range' }).click();
    await page.getByRole('option', { name: '14 Days' }).click();
    await panel.getByRole('button', { name: 'All', exact: true }).click();
    await panel.getByRole('button', { name: 'Table', exact: true }).click();
    await expect(weightRow).toBeVisible();
    await weightRow.getByRole('button', { name: /Remove reading of/ }).click();
    const question = page.getByRole('dialog', { name: 'Remove Reading' });
    await question.getByRole('button', { name: 'Remove' }).click();
    await expect(question).toBeHidden();
    await expect(weightRow).toHaveCount(0);
    await expect(bpRow).toBeVisible();

    // A phone.
    await page.setViewportSize({ width: 390, height: 844 });
    await scrollBelowTopBar(panel);
    await screenshot(page, 'details-readings-table-390', { viewport: true });
    await panel.getByRole('button', { name: 'Chart', exact: true }).click();
    await expect(panel.getByRole('img', { name: 'Blood pressure and heart rate chart' })).toBeVisible();
    await scrollBelowTopBar(panel.getByText(/days transmitted/));
    await screenshot(page, 'details-readings-chart-390', { viewport: true });
  });

  test("the weight's change from 7 days before shows on the '7 Days' range, whose first day is after it", async ({
    page,
  }) => {
    // Today's weight, and the last weight of the day 7 days before it (Pacific days), by the API.
    const today = new TZDate(Date.now() - 60_000, 'America/Los_Angeles');
    const weekBefore = subDays(today, 7);
    weekBefore.setHours(23, 59, 0, 0);
    const api = await apiAs(page.request, demo.staff);
    for (const [date, weight] of [
      [weekBefore, 184.5],
      [today, 190],
    ] as const) {
      const answer = await api.post(`/api/pacients/${weightPatient}/bp-readings`, {
        readings: [{ date: date.toISOString(), timezone: 'America/Los_Angeles', weight }],
      });
      expect(answer.status()).toBe(201);
    }

    await signIn(page, demo.staff);
    await openPatient(page, weightPatient);
    const panel = chartsPanel(page);
    await panel.getByRole('combobox', { name: 'Date range' }).click();
    await page.getByRole('option', { name: '7 Days' }).click();
    await expect(panel.getByText(/out of 7 in range/)).toBeVisible();
    const weight = panel.getByRole('region', { name: 'Weight' });
    await expect(weight).toContainText('190 lbs');
    await expect(weight).toContainText(/vs\. 7 days\s*\+5\.5/);
    // 'Today' looks back across its start the same way. While the week before it is still on its way (held
    // here), the range's own readings have arrived but the progress bar stays.
    const endsBeforeNow = (url: string) => new Date(new URL(url).searchParams.get('end') ?? '') < new Date();
    const lookBack = await holdRequests(page, /\/api\/pacients\/[^/]+\/readings\?/, (request) =>
      endsBeforeNow(request.url()),
    );
    const rangeAnswer = page.waitForResponse(
      (r) => /\/readings\?/.test(r.url()) && !endsBeforeNow(r.url()) && r.ok(),
    );
    await panel.getByRole('combobox', { name: 'Date range' }).click();
    await page.getByRole('option', { name: 'Today' }).click();
    await rangeAnswer;
    // A moment for the page to render the range's readings: the bar must still be there after that.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    const progress = panel.getByRole('progressbar', { name: 'Readings' });
    await expect(progress).toBeVisible();
    lookBack.release();
    await expect(progress).toBeHidden();
    await expect(panel.getByText(/out of 1 in range/)).toBeVisible();
    await expect(weight).toContainText(/vs\. 7 days\s*\+5\.5/);
    await screenshot(page, 'details-readings-weight-today', { of: weight });
  });

  test('staff add, edit and remove a medication, with every message at once', async ({ page }) => {
    await signIn(page, demo.staff);
    await openPatient(page, medicationsPatient);
    const panel = chartsPanel(page);
    await panel.getByRole('tab', { name: 'Medications' }).click();
    await expect(panel.getByRole('table', { name: 'Medications' })).toBeVisible();

    await panel.getByRole('button', { name: 'Add Medication' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Medication' });
    await dialog.getByRole('button', { name: 'Save & Close' }).click();
    for (const message of ['Name is required', 'Dose is required', 'Select unit', 'Select frequency'])
      await expect(dialog.getByText(message)).toBeVisible();
    await dialog.getByLabel('Dose').fill('a lot');
    await dialog.getByRole('button', { name: 'Save & Close' }).click();
    await expect(dialog.getByText('Enter a number')).toBeVisible();
    await screenshot(page, 'details-medication-dialog-errors', { viewport: true });

    await dialog.getByLabel('Name').fill('Testolol');
    await dialog.getByLabel('Dose').fill('25');
    await dialog.getByRole('combobox', { name: 'Unit' }).click();
    await page.getByRole('option', { name: 'mg', exact: true }).click();
    await dialog.getByRole('combobox', { name: 'Frequency' }).click();
    await page.getByRole('option', { name: 'BID', exact: true }).click();
    // While the save runs, the fields and buttons wait, and a second click sends nothing more.
    const patches = countRequests(page, 'PATCH', new RegExp(`/api/pacients/${medicationsPatient}$`));
    const saving = await holdRequests(
      page,
      `**/api/pacients/${medicationsPatient}`,
      (request) => request.method() === 'PATCH',
    );
    await dialog.getByRole('button', { name: 'Save & Add Another' }).click();
    await expect(dialog.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    await expect(dialog.getByLabel('Name')).toBeDisabled();
    await expect(dialog.getByLabel('Dose')).toBeDisabled();
    await dialog.getByRole('button', { name: 'Save & Close' }).click({ force: true });
    saving.release();
    await expect(dialog.getByLabel('Name')).toHaveValue('');
    await expect(dialog.getByLabel('Name')).toBeEnabled();
    expect(patches.count()).toBe(1);
    await page.unroute(`**/api/pacients/${medicationsPatient}`);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    const row = panel.getByRole('row').filter({ hasText: 'Testolol' });
    await expect(row).toContainText('25 mg');
    await expect(row).toContainText('BID');

    await row.getByRole('button', { name: 'Edit Testolol' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Medication' });
    await expect(edit.getByLabel('Name')).toHaveValue('Testolol');
    await edit.getByLabel('Dose').fill('50');
    await edit.getByRole('button', { name: 'Save & Close' }).click();
    await expect(edit).toBeHidden();
    await expect(row).toContainText('50 mg');
    await screenshot(page, 'details-medications-1280', { of: panel });

    await page.reload();
    await chartsPanel(page).getByRole('tab', { name: 'Medications' }).click();
    await expect(row).toContainText('50 mg');
    await row.getByRole('button', { name: 'Remove Testolol' }).click();
    await expect(row).toHaveCount(0);
  });

  test('staff write a monthly note at the limits, approve it and unlock it', async ({ page, request }) => {
    // Notes of two older months, so that there are more months than the two shown at first.
    const staff = await apiAs(request, demo.staff);
    for (const back of [5, 6]) {
      const then = subMonths(new TZDate(Date.now(), 'America/Los_Angeles'), back);
      const saved = await staff.post(`/api/monthlyNotes/${notesPatient}`, {
        month: then.getMonth() + 1,
        year: then.getFullYear(),
        noteContent: 'Stable.',
        approved: true,
      });
      expect(saved.ok()).toBe(true);
    }
    await signIn(page, demo.staff);
    await openPatient(page, notesPatient);
    const panel = monthlyPanel(page);
    const month = format(new TZDate(Date.now(), 'America/Los_Angeles'), 'MMMM yyyy');
    const note = panel.getByRole('article', { name: month });
    await expect(note).toBeVisible();
    if (await note.getByRole('button', { name: 'Unlock' }).isVisible()) {
      await note.getByRole('button', { name: 'Unlock' }).click();
      await expect(note.getByRole('button', { name: 'Edit' })).toBeVisible();
    }

    await note.getByRole('button', { name: 'Edit' }).click();
    const text = note.getByRole('textbox', { name: `Monthly note of ${month}` });
    const save = note.getByRole('button', { name: 'Save' });
    await expect(note.getByRole('button', { name: 'Reviewed' })).toBeDisabled();
    await text.fill('x'.repeat(240));
    await expect(note.getByText('Character limit: 240 / 240')).toBeVisible();
    await expect(save).toBeEnabled();
    await text.fill('x'.repeat(241));
    await expect(note.getByText('Character limit: 241 / 240')).toBeVisible();
    await expect(save).toBeDisabled();
    await text.fill('Line one\nLine two\nLine three\nLine four');
    await expect(note.getByText('Line limit: 4 / 3')).toBeVisible();
    await expect(save).toBeDisabled();
    await screenshot(page, 'details-monthly-note-limits', { of: panel });

    // Cancel restores the text; then a note of exactly 3 lines saves.
    await note.getByRole('button', { name: 'Cancel' }).click();
    await expect(text).toBeHidden();
    await expect(note).not.toContainText('Line four');
    await note.getByRole('button', { name: 'Edit' }).click();
    await text.fill('BP steady.\nWeight stable.\nContinue plan.');
    await expect(note.getByText('Line limit: 3 / 3')).toBeVisible();
    await save.click();
    await expect(text).toBeHidden();
    await expect(note).toContainText('Continue plan.');
    await expect(note.getByText(/Last approved\/edited on \d\d\/\d\d\/\d{4} by /)).toBeVisible();

    await note.getByRole('button', { name: 'Reviewed' }).click();
    await expect(note.getByRole('button', { name: 'Unlock' })).toBeVisible();
    await expect(note.getByRole('button', { name: 'Edit' })).toHaveCount(0);
    await screenshot(page, 'details-monthly-notes-1280', { of: panel });
    await note.getByRole('button', { name: 'Unlock' }).click();
    await expect(note.getByRole('button', { name: 'Edit' })).toBeVisible();

    // A colleague changes the note meanwhile: Reviewed on this page, which shows the text from before, is
    // refused, and the page then shows theirs.
    const physician = await apiAs(request, demo.sunrisePhysician);
    const now = new TZDate(Date.now(), 'America/Los_Angeles');
    const changed = await physician.post(`/api/monthlyNotes/${notesPatient}`, {
      month: now.getMonth() + 1,
      year: now.getFullYear(),
      noteContent: 'Changed by Dr. Raman.',
      approved: false,
    });
    expect(changed.ok()).toBe(true);
    await note.getByRole('button', { name: 'Reviewed' }).click();
    await expect(page.getByText(detailPageErrors.monthlyNoteChanged)).toBeVisible();
    await expect(note).toContainText('Changed by Dr. Raman.');
    await expect(note.getByRole('button', { name: 'Edit' })).toBeVisible();
    await screenshot(page, 'details-monthly-note-changed', { of: panel });

    // Editing while the colleague saves again: Save is refused and shows their text above the draft, which
    // stays; the next Save, their text seen, replaces it.
    await note.getByRole('button', { name: 'Edit' }).click();
    await text.fill('Nurse: BP steady.');
    const meanwhile = await physician.post(`/api/monthlyNotes/${notesPatient}`, {
      month: now.getMonth() + 1,
      year: now.getFullYear(),
      noteContent: 'Dr. Raman: recheck in a week.',
      approved: false,
    });
    expect(meanwhile.ok()).toBe(true);
    await save.click();
    const theirs = note.getByRole('alert');
    await expect(theirs).toContainText(monthlyNoteTexts.changedMeanwhile('Priya Raman'));
    await expect(theirs).toContainText('Dr. Raman: recheck in a week.');
    await expect(text).toHaveValue('Nurse: BP steady.');
    await screenshot(page, 'details-monthly-note-conflict', { of: panel });
    await save.click();
    await expect(text).toBeHidden();
    await expect(note).toContainText('Nurse: BP steady.');

    // Two months at first, this one and the one before (its note can be written in the first days of this
    // one, though none exists yet), four more with 'More'.
    await expect(panel.getByRole('article')).toHaveCount(2);
    const lastMonth = panel.getByRole('article', { name: format(subMonths(now, 1), 'MMMM yyyy') });
    await expect(lastMonth.getByRole('button', { name: /^(Edit|Unlock)$/ })).toBeVisible();
    await panel.getByRole('button', { name: 'More' }).click();
    await expect.poll(() => panel.getByRole('article').count()).toBeGreaterThan(2);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'details-monthly-notes-390', { of: panel });
  });
});
