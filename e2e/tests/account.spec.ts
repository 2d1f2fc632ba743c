import { avatarMaxBytes, errorMessages } from '@vigil/core';
import { expect, test } from '../support/fixtures';
import {
  apiAs,
  countRequests,
  demo,
  demoClinics,
  screenshot,
  signIn,
  tinyPng,
  toast,
} from '../support/vigil';

test.describe('account and clinic settings (clinic admin)', () => {
  test('edit the own account: User Updated, and the value stays after a reload', async ({
    page,
    request,
  }) => {
    await signIn(page, demo.sunrisePhysician);
    await page.locator('#user-menu-button').click();
    await page.getByRole('menuitem', { name: 'Account' }).click();
    await expect(page).toHaveURL('/account');
    await expect(page.getByRole('heading', { name: 'General Info' })).toBeVisible();
    const phone = page.getByLabel('Phone', { exact: true });
    const original = await phone.inputValue();

    // Admin is shown, never editable for oneself; Two Factor is shown to admins.
    await expect(
      page.getByRole('radiogroup', { name: 'Admin' }).getByRole('radio', { name: 'Yes' }),
    ).toBeChecked();
    await expect(
      page.getByRole('radiogroup', { name: 'Admin' }).getByRole('radio', { name: 'Yes' }),
    ).toBeDisabled();
    await expect(page.getByRole('radiogroup', { name: 'Two Factor Authentication' })).toBeVisible();
    await expect(page.getByLabel('Emergency Protocol')).toBeVisible();

    // Errors disable the button.
    const save = page.getByRole('button', { name: 'Update & Save Changes' });
    await phone.fill('12');
    await page.getByLabel('Email', { exact: true }).fill('not-an-email');
    await page.getByLabel('First Name').fill('');
    await expect(page.getByText('Invalid phone number')).toBeVisible();
    await expect(page.getByText('Invalid email address')).toBeVisible();
    await expect(page.getByText('Required')).toBeVisible();
    await expect(save).toBeDisabled();
    await page.reload();

    await phone.fill('(503) 555-0199');
    // A double-click saves once.
    const saves = countRequests(page, 'PUT', /\/api\/users\/[^/]+$/);
    await save.dblclick();
    await expect(toast(page, 'User Updated')).toBeVisible();
    expect(saves.count()).toBe(1);
    await page.reload();
    await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('(503) 555-0199');

    const admin = await apiAs(request, demo.sunrisePhysician);
    const me = (await (await admin.get('/api/auth/me')).json()) as { data: { userId: string } };
    expect((await admin.put(`/api/users/${me.data.userId}`, { phone: original })).status()).toBe(200);
  });

  test('the account with its clinic: Clinic Info, users, alerts settings', async ({ page }) => {
    await signIn(page, demo.sunrisePhysician);
    await page.goto('/account');
    await expect(page.getByLabel('Clinic Name')).toHaveValue(demoClinics.sunrise.name);
    await expect(page.getByLabel('Clinic URL')).toHaveValue(/\/signin\?clinic=sunrise/);
    await expect(page.getByRole('switch', { name: 'Active' })).toBeChecked();
    await expect(page.getByRole('list', { name: 'Users' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create new account' })).toHaveAttribute(
      'href',
      `/account/new/${demoClinics.sunrise.id}`,
    );
    await screenshot(page, 'account-clinic-admin');
    await page.getByRole('heading', { name: 'Users' }).evaluate((h) => h.scrollIntoView());
    await screenshot(page, 'users-list', { viewport: true });
    await page.getByRole('heading', { name: 'Alerts Settings' }).evaluate((h) => h.scrollIntoView());
    await screenshot(page, 'alerts-settings', { viewport: true });
  });

  test('change the clinic name through the confirmation, and back', async ({ page }) => {
    await signIn(page, demo.sunrisePhysician);
    await page.goto('/account');
    const name = page.getByLabel('Clinic Name');
    await expect(name).toHaveValue(demoClinics.sunrise.name);
    await name.fill('');
    await expect(page.getByText('Required')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Clinic Info' })).toBeDisabled();

    // A threshold changed and not saved yet is still there after Clinic Info is saved.
    const lowHr = page.getByLabel('Low heart rate: Below (bpm)');
    await lowHr.fill('45');

    await name.fill('Sunrise Heart Center');
    await page.getByRole('button', { name: 'Save Clinic Info' }).click();
    const dialog = page.getByRole('dialog', { name: 'Confirm Clinic Name Change' });
    await expect(dialog).toBeVisible();
    await screenshot(page, 'clinic-name-change-dialog', { viewport: true });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    await page.getByRole('button', { name: 'Save Clinic Info' }).click();
    await dialog.getByRole('button', { name: 'Yes, Submit' }).click();
    await expect(toast(page, 'Clinic Updated')).toBeVisible();
    await expect(lowHr).toHaveValue('45');
    await lowHr.fill('40');
    await page.reload();
    await expect(page.getByLabel('Clinic Name')).toHaveValue('Sunrise Heart Center');

    await page.getByLabel('Clinic Name').fill(demoClinics.sunrise.name);
    await page.getByRole('button', { name: 'Save Clinic Info' }).click();
    await dialog.getByRole('button', { name: 'Yes, Submit' }).click();
    await expect(dialog).toBeHidden();
    await page.reload();
    await expect(page.getByLabel('Clinic Name')).toHaveValue(demoClinics.sunrise.name);
  });

  test('turning the clinic off asks first (Deactivate Clinic); Cancel keeps it active', async ({ page }) => {
    await signIn(page, demo.sunrisePhysician);
    await page.goto('/account');
    const active = page.getByRole('switch', { name: 'Active' });
    await active.click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate Clinic' });
    await expect(dialog).toContainText('no longer be able to log in');
    await expect(dialog).toContainText('data collection');
    await expect(dialog.getByRole('button', { name: 'Yes, Continue' })).toBeVisible();
    await screenshot(page, 'deactivate-clinic-dialog', { viewport: true });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(active).toBeChecked();
  });

  test('alert thresholds: turn one off, change a value, kept after a reload', async ({ page, request }) => {
    await signIn(page, demo.sunrisePhysician);
    await page.goto('/account');
    const highHr = page.getByRole('switch', { name: 'High heart rate' });
    const lowHr = page.getByLabel('Low heart rate: Below (bpm)');
    await expect(highHr).toBeChecked();
    await expect(lowHr).toHaveValue('40');

    // Digits only, at most 3.
    await lowHr.fill('');
    await lowHr.pressSequentially('4a5-67');
    await expect(lowHr).toHaveValue('456');
    await lowHr.fill('');
    await expect(page.getByText('Digits only, at most 3')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save Alerts Settings' })).toBeDisabled();

    await lowHr.fill('45');
    await highHr.click();
    await expect(highHr).not.toBeChecked();
    await page.getByRole('button', { name: 'Save Alerts Settings' }).click();
    await expect(toast(page, 'Clinic Updated')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'High heart rate' })).not.toBeChecked();
    await expect(page.getByLabel('Low heart rate: Below (bpm)')).toHaveValue('45');

    // Put the demo clinic's thresholds back.
    const admin = await apiAs(request, demo.sunrisePhysician);
    const clinic = (await (await admin.get(`/api/clinics/${demoClinics.sunrise.id}`)).json()) as {
      data: { customAlerts: { key: string; status: string; values: Record<string, string> }[] };
    };
    const restored = clinic.data.customAlerts.map((a) =>
      a.key === 'highHR' ? { ...a, status: 'on' } : a.key === 'lowHR' ? { ...a, values: { lowHR: '40' } } : a,
    );
    expect(
      (await admin.put(`/api/clinics/${demoClinics.sunrise.id}`, { customAlerts: restored })).status(),
    ).toBe(200);
  });

  test('upload a profile image; a wrong type is refused', async ({ page }) => {
    await signIn(page, demo.sunrisePhysician);
    await page.goto('/account');
    const input = page.getByLabel('Profile Image', { exact: true }).and(page.locator('input[type=file]'));

    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expect(page.getByText('The selected image is not a valid type')).toBeVisible();

    // Too large: said at once, and nothing is sent.
    const uploads = countRequests(page, 'POST', /\/api\/users\/account\/avatar$/);
    await input.setInputFiles({
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.alloc(avatarMaxBytes + 1),
    });
    await expect(page.getByText(errorMessages.avatarTooLarge)).toBeVisible();
    expect(uploads.count()).toBe(0);

    // Named like an image, but not one: the server checks the bytes (415).
    await input.setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: Buffer.from('not a png') });
    await expect(toast(page, 'The selected image is not a valid type')).toBeVisible();

    const upload = page.waitForResponse((r) => r.url().endsWith('/api/users/account/avatar'));
    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: tinyPng });
    expect((await upload).status()).toBe(200);
    const headerAvatar = page.locator('#user-menu-button img');
    await expect(headerAvatar).toHaveAttribute('src', /\/api\/uploads\/avatars\/.+\.png$/);
    await expect(page.getByRole('button', { name: 'Update', exact: true })).toBeVisible();
    await screenshot(page, 'account-avatar');
    await page.reload();
    await expect(page.locator('#user-menu-button img')).toHaveAttribute('src', /\/api\/uploads\/avatars\//);
  });
});

test.describe('account (clinic staff)', () => {
  test('no users list; clinic fields and thresholds disabled', async ({ page }) => {
    await signIn(page, demo.staff);
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Clinic Info' })).toBeVisible();
    await expect(page.getByLabel('Clinic Name')).toBeDisabled();
    await expect(page.getByLabel('Clinic Address')).toBeDisabled();
    await expect(page.getByRole('switch', { name: 'Active' })).toBeDisabled();
    await expect(page.getByRole('heading', { name: 'Users' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Create new account' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Alerts Settings' })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Low BP' })).toBeDisabled();
    await expect(page.getByLabel('Low BP: Systolic below (mmHg)')).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Save Alerts Settings' })).toHaveCount(0);
    // Not an admin: no Two Factor choice, no emergency protocol (not a physician).
    await expect(page.getByRole('radiogroup', { name: 'Two Factor Authentication' })).toHaveCount(0);
    await expect(page.getByLabel('Emergency Protocol')).toHaveCount(0);
    await screenshot(page, 'account-staff');
  });

  test('the clinic screens are for the operator portal', async ({ page }) => {
    await signIn(page, demo.staff);
    for (const path of ['/clinic/dashboard', '/clinic/add']) {
      await page.goto(path);
      await expect(page).toHaveURL('/patient/priority-list');
    }
  });

  test('the account fits a 360px wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, demo.sunrisePhysician);
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Alerts Settings' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await screenshot(page, 'account-360');
    for (const section of ['Users', 'Alerts Settings']) {
      await page.getByRole('heading', { name: section }).evaluate((h) => h.scrollIntoView());
      await screenshot(page, `account-360-${section.toLowerCase().replace(' ', '-')}`, { viewport: true });
    }
  });
});
