import type { Page } from '@playwright/test';
import { expectAccessible } from '../support/accessibility';
import { expect, test } from '../support/fixtures';
import { demo, demoPassword, signIn } from '../support/vigil';

/**
 * Opens a route, waits for its title and for its data to arrive, so the check sees the screen drawn (the
 * users list, the table rows), not its loading state, and checks it.
 */
async function expectScreenAccessible(page: Page, path: string, title: string): Promise<void> {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: title, exact: true })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, path);
}

/** The main screens of both portals, as their users reach them (the patient's form: forms.spec.ts). */
test.describe('accessibility', () => {
  test('the signed-out screens', async ({ page }) => {
    await page.goto('/signin');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expectAccessible(page, 'sign-in');
    await page.goto('/auth/recover');
    await expect(page.getByLabel('Email')).toBeVisible();
    await expectAccessible(page, 'password recovery');
  });

  test("a clinic's staff: the lists, their dialogs, a patient's pages and their own account", async ({
    page,
  }) => {
    // A dozen screens, each scanned whole: about 50 s on a quiet machine, too near the default minute.
    test.slow();
    await signIn(page, demo.staff);
    await expect(page.getByRole('heading', { name: 'Patient Priority List' })).toBeVisible();
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expectAccessible(page, 'the priority list');

    await page.getByRole('button', { name: /Filter/ }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'the filter dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.getByRole('button', { name: 'Bulk Time' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, 'the bulk time dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    await page.getByRole('row').nth(1).click();
    await expect(page).toHaveURL(/\/patient\/details\//);
    const patientId = page.url().split('/').pop() ?? '';
    await expect(page.getByRole('heading', { name: 'General Patient Info' })).toBeVisible();
    await expectAccessible(page, 'the patient detail page');

    const patientName = await page.getByRole('heading', { level: 1 }).textContent();
    await expectScreenAccessible(page, `/patient/edit/${patientId}`, 'Patient Settings');
    await expectScreenAccessible(page, `/patient/audit-trail-logs/${patientId}`, patientName ?? '');

    for (const [path, heading] of [
      ['/patient/clinician-patient-list', 'Clinician Patient List'],
      ['/patient/add', 'New Patient'],
      ['/patient/settings', 'Patient Settings'],
      ['/account', 'Account'],
      ['/security', 'Change Password'],
      ['/device/dashboard', 'Device Management'],
    ] as const) {
      await expectScreenAccessible(page, path, heading);
    }
  });

  test('the keyboard alone signs in and opens a patient from the priority list, its place shown', async ({
    page,
  }) => {
    await page.goto('/signin');
    // The form starts in the email field.
    await expect(page.getByLabel('Email')).toBeFocused();
    await page.keyboard.type(demo.staff);
    await page.keyboard.press('Tab');
    await page.keyboard.type(demoPassword);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL('/patient/priority-list');

    const firstRow = page.getByRole('row').nth(1);
    await expect(firstRow).toBeVisible();
    const name = (await firstRow.getByRole('rowheader').textContent()) ?? '';
    // Through the top bar, the toolbar and the column headers (each sort header showing its focus) to the
    // first patient.
    const nameSort = page.getByRole('columnheader', { name: 'Name' }).getByRole('button');
    let passedNameSort = false;
    for (let presses = 0; presses < 40; presses++) {
      await page.keyboard.press('Tab');
      if (await nameSort.evaluate((header) => header === document.activeElement)) {
        await expect(nameSort).toHaveCSS('outline-style', 'solid');
        passedNameSort = true;
      }
      if (await firstRow.evaluate((row) => row === document.activeElement)) break;
    }
    expect(passedNameSort).toBe(true);
    await expect(firstRow).toBeFocused();
    await expect(firstRow).toHaveCSS('outline-style', 'solid');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/patient\/details\//);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  });

  test('the operator portal: clinics, users, devices and forms', async ({ page }) => {
    await signIn(page, demo.admin);
    for (const [path, heading] of [
      ['/clinic/dashboard', 'Clinics Dashboard'],
      ['/clinic/add', 'Add New Clinic'],
      ['/account', 'Account'],
      ['/account/new', 'Create New Account'],
      ['/device/dashboard', 'Device Management'],
      ['/device/add', 'Add Device'],
      ['/forms/manage', 'Manage Forms'],
    ] as const) {
      await expectScreenAccessible(page, path, heading);
    }
  });
});
