import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import {
  applyFilters,
  clearAllFilters,
  openFilters,
  showAllPatients,
  toggleOptions,
} from '../support/patient-lists';
import { countRequests, demo, demoClinics, demoMore, screenshot, signIn, toast } from '../support/vigil';

/**
 * The two patient lists against the seeded demo data. The seed's size may change, so the tests read counts
 * from the screen instead of expecting fixed numbers.
 */

const priorityTable = (page: Page) => page.getByRole('table', { name: 'Patient Priority List' });
const clinicianTable = (page: Page) => page.getByRole('table', { name: 'Clinician Patient List' });
const dataRows = (table: Locator) => table.locator('tbody tr').filter({ has: table.page().locator('th') });

/** The patient count beside the search box, e.g. '42 patients'. */
async function patientCount(page: Page): Promise<number> {
  const count = page.getByText(/^\d+ patients?$/);
  await expect(count).toBeVisible();
  return Number(((await count.textContent()) ?? '').split(' ')[0]);
}

const plain = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

test.describe('patient priority list', () => {
  test('rows with badges, the footer, paging and sorting', async ({ page }) => {
    await signIn(page, demo.admin);
    await page.goto('/patient/priority-list');
    await expect(page.getByRole('heading', { name: 'Patient Priority List' })).toBeVisible();
    await showAllPatients(page);
    const total = await patientCount(page);
    expect(total).toBeGreaterThan(0);
    const table = priorityTable(page);
    await expect(dataRows(table).first()).toBeVisible();
    const shown = Math.min(total, 25);
    await expect(dataRows(table)).toHaveCount(shown);
    await expect(page.getByText(`Showing 1-${shown} of ${total} patients`)).toBeVisible();
    for (const column of [
      'Name',
      'DOB',
      'Date of Enrollment',
      'Last Completed Call',
      'Last Attempted Call',
      '# of Calls Attempted',
      'Tracked',
      '# Days',
      'Last Reading',
      'Last BP Reading',
      'Alerts',
    ]) {
      await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    // Tracked time is hh:mm:ss on every row.
    for (const cell of await table.locator('tbody tr td:nth-child(7)').allInnerTexts()) {
      expect(cell).toMatch(/^\d{2,}:\d{2}:\d{2}/);
    }
    await screenshot(page, 'priority-list');

    // The demo clinics hold more than one page of patients.
    expect(total).toBeGreaterThan(25);
    await page.getByRole('button', { name: 'Go to next page' }).click();
    await expect(page.getByText(`Showing 26-${Math.min(total, 50)} of ${total} patients`)).toBeVisible();

    // A newly chosen column sorts descending, the same column toggles; either resets to the first page.
    const sorted = page.waitForRequest((r) => r.url().includes('sort=fullName&sortDir=desc'));
    await table.getByRole('button', { name: 'Name', exact: true }).click();
    await sorted;
    await expect(table.getByRole('columnheader', { name: 'Name', exact: true })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    await expect(page.getByText(`Showing 1-${shown} of ${total} patients`)).toBeVisible();
    await table.getByRole('button', { name: 'Name', exact: true }).click();
    await expect(table.getByRole('columnheader', { name: 'Name', exact: true })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    // Never-enrolled patients carry that badge and no other.
    const dialog = await openFilters(page);
    await toggleOptions(page, dialog, "Patient's Enrollment Status", ['Never Enrolled']);
    await applyFilters(page, dialog, 'No');
    await expect(page.getByRole('button', { name: 'Filter, 1 selected' })).toBeVisible();
    // The count is the filtered one once it differs from the whole list's; the demo has some never enrolled.
    await expect(page.getByText(/^\d+ patients?$/)).not.toHaveText(`${total} patients`);
    const neverEnrolled = await patientCount(page);
    expect(neverEnrolled).toBeGreaterThan(0);
    await expect(dataRows(table)).toHaveCount(Math.min(neverEnrolled, 25));
    for (const name of await table.locator('tbody th').all()) {
      await expect(name).toContainText('Never Enrolled');
      await expect(name.locator('.MuiChip-root')).toHaveCount(1);
    }
    for (const enrolled of await table.locator('tbody tr td:nth-child(3)').allInnerTexts()) {
      expect(enrolled).toBe('Never');
    }
  });

  test('the phone layout scrolls the table sideways', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, demo.sunrisePhysician);
    await page.goto('/patient/priority-list');
    await expect(page.getByText(/^Showing \d+-\d+ of \d+ patients$/)).toBeVisible();
    // The page itself does not scroll sideways; the table's own box does.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    const scrolled = await priorityTable(page)
      .locator('xpath=..')
      .evaluate((box) => {
        box.scrollLeft = 200;
        return box.scrollLeft;
      });
    expect(scrolled).toBeGreaterThan(0);
    await screenshot(page, 'priority-list-phone', { viewport: true });
  });

  test('search narrows the list', async ({ page }) => {
    await signIn(page, demo.admin);
    await page.goto('/patient/priority-list');
    await showAllPatients(page);
    const before = await patientCount(page);
    const table = priorityTable(page);
    const name = ((await table.locator('tbody th p').first().textContent()) ?? '').trim();
    const lastName = name.split(' ').at(-1)!;
    await page.getByRole('searchbox', { name: 'Search patients' }).fill(lastName);
    await expect(page.getByText(/^Showing 1-\d+ of \d+ patients$/)).toBeVisible();
    await expect.poll(() => patientCount(page)).toBeLessThan(before);
    // One page: the page selector still shows it, with previous and next off.
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await expect(pages.getByRole('button', { name: 'page 1' })).toHaveAttribute('aria-current', 'page');
    await expect(pages.getByRole('button', { name: 'Go to previous page' })).toBeDisabled();
    await expect(pages.getByRole('button', { name: 'Go to next page' })).toBeDisabled();
    for (const row of await table.locator('tbody th p').allInnerTexts()) {
      expect(plain(row)).toContain(plain(lastName));
    }

    await page.getByRole('searchbox', { name: 'Search patients' }).fill('zz-no-such-patient-zz');
    await expect(page.getByText('No results found. Please try again.')).toBeVisible();
    await expect(page.getByText('Showing 0-0 of 0 patients')).toBeVisible();
    // No pages: no bulk time, with the reason on hover.
    const bulk = page.getByRole('button', { name: 'Bulk Time' });
    await expect(bulk).toBeDisabled();
    await bulk.locator('..').hover();
    await expect(page.getByRole('tooltip')).toHaveText('Cannot add bulk time when no patients are available');

    // The search is kept for the session.
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search patients' })).toHaveValue(
      'zz-no-such-patient-zz',
    );
  });

  test('bulk time on a filtered list, then again the same day', async ({ page }) => {
    await signIn(page, demo.sunrisePhysician);
    await page.goto('/patient/priority-list');
    await showAllPatients(page);
    const dialog = await openFilters(page);
    await toggleOptions(page, dialog, 'Diagnosis', ['Hypotension']);
    await applyFilters(page, dialog, 'No');
    const patients = await patientCount(page);
    // The demo seed gives Sunrise every diagnosis: a filtered list of none would prove nothing here.
    expect(patients).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Bulk Time' }).click();
    const bulk = page.getByRole('dialog', { name: 'Add Bulk Time' });
    const seconds = bulk.getByLabel('Seconds');
    await expect(seconds).toHaveValue('30');
    await expect(bulk.getByRole('radio', { name: 'Data Reviewed for out range readings.' })).toBeChecked();
    await screenshot(page, 'bulk-time-dialog', { viewport: true });
    await seconds.fill('');
    await seconds.pressSequentially('4x5');
    await expect(seconds).toHaveValue('45');
    await seconds.fill('');
    await bulk.getByRole('button', { name: 'Add Time' }).click();
    await expect(bulk.getByText('Input cannot be empty')).toBeVisible();
    await seconds.fill('30');

    // A double-click adds the time once.
    const adds = countRequests(page, 'POST', /\/bulkTimeTrack\//);
    const posted = page.waitForRequest((r) => r.method() === 'POST' && r.url().includes('/bulkTimeTrack/'));
    await bulk.getByRole('button', { name: 'Add Time' }).dblclick();
    const request = await posted;
    expect(new URL(request.url()).searchParams.get('selectedDiagnoses')).toBe('Hypotension');
    expect(request.postDataJSON()).toEqual({
      time: 30,
      isbulktimetracking: true,
      text: 'Data Reviewed for out range readings.',
    });
    await expect(toast(page, 'Bulk Time Tracked')).toBeVisible();
    await expect(bulk).toBeHidden();
    expect(adds.count()).toBe(1);

    await page.getByRole('button', { name: 'Bulk Time' }).click();
    await page
      .getByRole('dialog', { name: 'Add Bulk Time' })
      .getByRole('button', { name: 'Add Time' })
      .click();
    await expect(
      toast(page, "Some of the filtered patients' bulk time for today has already been added."),
    ).toBeVisible();
  });

  test('filters saved with Yes come back after signing out and in', async ({ page }) => {
    // An account no other test lists patients with, so the saved filter disturbs nothing else.
    await signIn(page, demoMore.nurse);
    await page.goto('/patient/priority-list');
    // A staff member starts on their own patients as a care team member, the active ones (spec patients 3).
    await expect(page.getByRole('button', { name: 'Filter, 2 selected' })).toBeVisible();
    const dialog = await openFilters(page);
    await expect(dialog.getByRole('combobox', { name: "Patient's Active Status" })).toHaveText('Active');
    await expect(dialog.getByRole('combobox', { name: 'Clinics' })).toHaveCount(0);
    await expect(dialog.getByRole('combobox', { name: 'Monthly data report requested' })).toBeVisible();
    await dialog.getByRole('button', { name: 'How the filters combine' }).hover();
    await expect(page.getByRole('tooltip')).toHaveText(
      'Choices within one dropdown are combined with OR; choices in different dropdowns are combined with AND.',
    );
    await toggleOptions(page, dialog, 'Diagnosis', ['CHF', 'Hypertension']);
    await screenshot(page, 'filter-dialog', { viewport: true });
    await dialog.getByRole('button', { name: 'Apply' }).click();
    await screenshot(page, 'filter-save-question', { viewport: true });
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().includes('/api/users/updateFilters/'),
    );
    await page
      .getByRole('dialog', { name: 'Save filter preferences' })
      .getByRole('button', { name: 'Yes' })
      .click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByRole('button', { name: 'Filter, 4 selected' })).toBeVisible();

    await page.locator('#user-menu-button').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/signin/);
    await signIn(page, demoMore.nurse);
    await page.goto('/patient/priority-list');
    await expect(page.getByRole('button', { name: 'Filter, 4 selected' })).toBeVisible();
    const again = await openFilters(page);
    await expect(again.getByRole('combobox', { name: 'Diagnosis' })).toHaveText(
      /CHF, Hypertension|Hypertension, CHF/,
    );
    await again.getByRole('button', { name: 'Cancel' }).click();

    // The clinician list keeps its own saved filters: still the role default there.
    await page.goto('/patient/clinician-patient-list');
    await expect(page.getByRole('button', { name: 'Filter, 1 selected' })).toBeVisible();
  });

  test('a clinic opened from the clinics dashboard filters the list by that clinic', async ({ page }) => {
    await signIn(page, demo.admin);
    await page.getByRole('row').filter({ hasText: demoClinics.harbor.name }).click();
    await expect(page).toHaveURL(`/patient/priority-list?clinicId=${demoClinics.harbor.id}`);
    await expect(page.getByRole('button', { name: 'Filter, 1 selected' })).toBeVisible();
    const dialog = await openFilters(page);
    await expect(dialog.getByRole('combobox', { name: 'Clinics' })).toHaveText(demoClinics.harbor.name);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  });
});

test.describe('clinician patient list', () => {
  test('loads more rows at the bottom, and marks a patient reviewed', async ({ page }) => {
    await signIn(page, demo.admin);
    await page.goto('/patient/clinician-patient-list');
    await expect(page.getByRole('heading', { name: 'Clinician Patient List' })).toBeVisible();
    const dialog = await openFilters(page);
    // CIRCLE users filter by clinic; the report filter belongs to the priority list only.
    await expect(dialog.getByRole('combobox', { name: 'Clinics' })).toBeVisible();
    await expect(dialog.getByRole('combobox', { name: 'Monthly data report requested' })).toHaveCount(0);
    await clearAllFilters(page, dialog);
    await applyFilters(page, dialog, 'No');

    const total = await patientCount(page);
    const table = clinicianTable(page);
    await expect(dataRows(table)).toHaveCount(Math.min(total, 25));
    for (const column of [
      'Mark Reviewed',
      'Reviewed',
      'Name',
      'DOB',
      '% BP at Goal',
      'Mean BP',
      '% Compliance',
      'Weight',
    ]) {
      await expect(table.getByRole('columnheader', { name: column, exact: true })).toBeVisible();
    }
    await screenshot(page, 'clinician-list');
    expect(total, 'the demo seed has more than one page of patients').toBeGreaterThan(25);
    await dataRows(table).last().scrollIntoViewIfNeeded();
    await expect(dataRows(table)).toHaveCount(Math.min(total, 50));

    // The tooltip of a coloured column (spec patients 9).
    await table.getByRole('button', { name: 'Mean BP' }).hover();
    await expect(page.getByRole('tooltip')).toHaveText('Mean BP over the most recent 7 days.');

    const button = table.getByRole('button', { name: /^Mark Reviewed: / }).first();
    const label = (await button.getAttribute('aria-label'))!;
    const name = label.replace('Mark Reviewed: ', '');
    const posted = page.waitForResponse((r) => r.url().includes('/mark-monthly-reviewed'));
    await button.click();
    expect((await posted).status()).toBe(200);
    const reviewed = table.getByRole('button', { name: `Reviewed: ${name}`, exact: true });
    await expect(reviewed).toBeDisabled();
    await expect(reviewed).toHaveText('Reviewed');
    await expect(dataRows(table)).toHaveCount(Math.min(total, 50));
    await screenshot(page, 'clinician-list-reviewed', { viewport: true });
  });
});
