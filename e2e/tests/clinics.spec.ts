import { authMessages, notices } from '@vigil/core';
import { expect, test } from '../support/fixtures';
import {
  apiAs,
  countRequests,
  demo,
  demoClinics,
  latestOutboxMessage,
  screenshot,
  signIn,
  submitCredentials,
  toast,
  unique,
} from '../support/vigil';

test.describe('clinics (operator admin)', () => {
  test('the dashboard lists the clinics by name and sorts by a column', async ({ page, request }) => {
    // A clinic whose name sorts last and whose admin's email sorts first, so the two orders differ (the
    // demo clinics' admins are physician@<clinic>, in the order of the clinics' names).
    const slug = unique('zephyr-').toLowerCase();
    const created = await (await apiAs(request, demo.admin)).post('/api/clinics', {
      clinic_name: `Zephyr ${slug}`,
      clinic_slug: slug,
      clinic_area_code: '503',
      clinic_address: '1 Main St, Portland, OR 97201',
      clinic_admin_first_name: 'Ada',
      clinic_admin_last_name: 'Zephyr',
      clinic_admin_role: 'STAFF',
      clinic_admin_phone: '5035550177',
      clinic_admin_email: `a.${slug}@zephyr.demo`,
    });
    expect(created.status()).toBe(201);
    await signIn(page, demo.admin);
    await expect(page).toHaveURL('/clinic/dashboard');
    await expect(page.getByRole('heading', { name: 'Clinics Dashboard' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Clinics Dashboard' });
    const names = table.locator('tbody th');
    await expect(names.first()).toBeVisible();
    const byName = await names.allInnerTexts();
    expect(byName.map((n) => n.toLowerCase())).toEqual([...byName.map((n) => n.toLowerCase())].sort());
    await expect(table.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    await screenshot(page, 'clinic-dashboard');

    await table.getByRole('button', { name: 'Admin Email' }).click();
    await expect(table.getByRole('columnheader', { name: 'Admin Email' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    const emails = await table.locator('tbody tr td:nth-child(3)').allInnerTexts();
    expect(emails).toEqual(
      [...emails].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' })),
    );
    await table.getByRole('button', { name: 'Admin Email' }).click();
    await expect(table.getByRole('columnheader', { name: 'Admin Email' })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const reversed = await table.locator('tbody tr td:nth-child(3)').allInnerTexts();
    expect(reversed).toEqual([...emails].reverse());

    await table.getByRole('button', { name: 'Active', exact: true }).click();
    const counts = (await table.locator('tbody tr td:nth-child(4)').allInnerTexts()).map(Number);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
  });

  test('a row opens the priority list of the clinic and resets the saved filter', async ({ page }) => {
    await signIn(page, demo.admin);
    await page.evaluate(() => sessionStorage.setItem('vigil.priorityList.filters', '{"status":"x"}'));
    await page.getByRole('row').filter({ hasText: demoClinics.harbor.name }).click();
    await expect(page).toHaveURL(`/patient/priority-list?clinicId=${demoClinics.harbor.id}`);
    expect(await page.evaluate(() => sessionStorage.getItem('vigil.priorityList.filters'))).toBeNull();
  });

  test('Clinic Settings from the row menu; activate and deactivate a clinic', async ({ page }) => {
    await signIn(page, demo.admin);
    await page.getByRole('button', { name: `clinic actions: ${demoClinics.lakeside.name}` }).click();
    await page.getByRole('menuitem', { name: 'Clinic Settings' }).click();
    await expect(page).toHaveURL(`/account/clinic/${demoClinics.lakeside.id}`);
    await expect(page.getByLabel('Clinic Name')).toHaveValue(demoClinics.lakeside.name);
    const active = page.getByRole('switch', { name: 'Active' });
    await expect(active).not.toBeChecked();

    // Activating is immediate.
    const put = page.waitForRequest((r) => r.method() === 'PUT' && r.url().includes('/api/clinics/'));
    await active.click();
    expect((await put).postDataJSON()).toEqual({ active: true });
    await expect(toast(page, 'Clinic Updated')).toBeVisible();
    await expect(active).toBeChecked();

    // Deactivating asks first.
    await active.click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate Clinic' });
    await dialog.getByRole('button', { name: 'Yes, Continue' }).click();
    await expect(dialog).toBeHidden();
    await expect(active).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Active' })).not.toBeChecked();
  });

  test('create a clinic; its admin sets a password from the email and signs in', async ({
    page,
    request,
  }) => {
    const name = `Bay ${unique('Clinic ')}`;
    const email = `${unique('admin.')}@bay.demo`;
    await signIn(page, demo.admin);
    await page.getByRole('link', { name: 'Add New Clinic' }).click();
    await expect(page).toHaveURL('/clinic/add');

    await page.getByRole('button', { name: 'Create Clinic' }).click();
    await expect(page.getByText('Required').first()).toBeVisible();
    await screenshot(page, 'new-clinic-validation');

    await page.getByLabel('Clinic Name').fill('St. Mary’s Heart & Vascular');
    await expect(page.getByLabel('Clinic URL (slug)')).toHaveValue('st-marys-heart-vascular');
    await page.getByLabel('Clinic Name').fill(name);
    const slug = name.toLowerCase().replace(/\s+/g, '-');
    await expect(page.getByLabel('Clinic URL (slug)')).toHaveValue(slug);
    await page.getByLabel('Area Code').pressSequentially('5a03x9');
    await expect(page.getByLabel('Area Code')).toHaveValue('503');
    await page.getByLabel('Clinic Address').fill('1 Bay Road, Portland, OR 97201');
    await page.getByLabel('Admin First Name').fill('Alex');
    await page.getByLabel('Admin Last Name').fill('Bay');
    const role = page.getByRole('radiogroup', { name: 'Admin Role' });
    await expect(role.getByRole('radio', { name: 'Physician' })).toBeChecked();
    await expect(page.getByLabel('Emergency Protocol')).toBeVisible();
    await role.getByRole('radio', { name: 'Staff' }).check();
    await expect(page.getByLabel('Emergency Protocol')).toHaveCount(0);
    await role.getByRole('radio', { name: 'Physician' }).check();
    await page.getByLabel('Emergency Protocol').fill('Call 911, then the on-call cardiologist.');
    await page.getByLabel('Admin Phone').fill('bad');
    await page.getByLabel('Admin Email').fill('bad');
    await page.getByLabel('Admin Email').blur();
    await expect(page.getByText('Invalid phone number')).toBeVisible();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await page.getByLabel('Admin Phone').fill('(503) 555-0188');

    // A taken admin email: the server's message under the field.
    await page.getByLabel('Admin Email').fill(demo.sunrisePhysician);
    await page.getByRole('button', { name: 'Create Clinic' }).click();
    await expect(page.getByText('A user with this email already exists.').first()).toBeVisible();
    await expect(page.getByLabel('Admin Email')).toHaveAttribute('aria-invalid', 'true');

    // Editing the slug by hand stops it following the name.
    await page.getByLabel('Clinic URL (slug)').fill(`${slug}-pdx`);
    await page.getByLabel('Clinic Name').fill(`${name} PDX`);
    await expect(page.getByLabel('Clinic URL (slug)')).toHaveValue(`${slug}-pdx`);
    await page.getByLabel('Admin Email').fill(email);
    await screenshot(page, 'new-clinic-form');

    const since = new Date();
    // A double-click creates one clinic, with no error after the success.
    const creates = countRequests(page, 'POST', /\/api\/clinics$/);
    await page.getByRole('button', { name: 'Create Clinic' }).dblclick();
    await expect(toast(page, 'Clinic Created')).toBeVisible();
    await expect(page).toHaveURL('/clinic/dashboard');
    expect(creates.count()).toBe(1);
    await expect(toast(page, 'This clinic URL is already taken. Please choose another.')).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: `${name} PDX` })).toContainText(email);

    const mail = await latestOutboxMessage(request, email, since);
    const link = /http:\/\/localhost:\d+\/auth\/set-password\S+/.exec(mail.body)?.[0];
    expect(link).toBeDefined();
    await page.goto('/signOut');
    await expect(page).toHaveURL('/signin');
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await expect(page.getByRole('heading', { name: 'New Account' })).toBeVisible();
    await expect(page.getByText(`Welcome to Vigil at ${name} PDX.`)).toBeVisible();
    const password = 'Bay!Pass123';
    await page.getByLabel('Set Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm Password').fill(password);
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page).toHaveURL('/signin');
    await submitCredentials(page, email, password);
    await expect(page).toHaveURL('/patient/clinician-patient-list');

    // Its admin deactivates it: told first that this signs them out for good, then signed out.
    await page.goto('/account');
    await page.getByRole('switch', { name: 'Active' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate Clinic' });
    await expect(dialog).toContainText(notices.deactivateOwnClinic);
    await screenshot(page, 'deactivate-own-clinic-dialog', { viewport: true });
    await dialog.getByRole('button', { name: 'Yes, Continue' }).click();
    await expect(page).toHaveURL('/signin');
    await submitCredentials(page, email, password);
    await expect(page.getByText(authMessages.clinicInactive)).toBeVisible();
  });

  test('the dashboard and the new clinic form fit a 360px wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, demo.admin);
    await expect(page.getByRole('table', { name: 'Clinics Dashboard' })).toBeVisible();
    let overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await screenshot(page, 'clinic-dashboard-360');
    await page.goto('/clinic/add');
    await expect(page.getByLabel('Clinic Name')).toBeVisible();
    overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await screenshot(page, 'new-clinic-360');
  });
});
