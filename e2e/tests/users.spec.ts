import { notices } from '@vigil/core';
import { expect, test } from '../support/fixtures';
import {
  countRequests,
  demo,
  demoClinics,
  screenshot,
  signIn,
  submitCredentials,
  toast,
  unique,
} from '../support/vigil';

test.describe('users (clinic admin)', () => {
  test('deactivate and activate a user through the confirmation', async ({ page }) => {
    await signIn(page, demo.sunrisePhysician);
    await page.goto('/account');
    const users = page.getByRole('list', { name: 'Users' });
    await expect(users).toContainText('Physician');
    await expect(users).toContainText('Staff');
    // The signed-in user is not listed.
    await expect(users).not.toContainText('Priya Raman');
    const target = users.getByRole('listitem').filter({ hasText: 'Marcus Feld' });
    await expect(target).toContainText('Physician');
    const deactivate = page.getByRole('button', { name: 'Deactivate Marcus Feld' });
    const activate = page.getByRole('button', { name: 'Activate Marcus Feld' });

    await deactivate.click();
    const dialog = page.getByRole('dialog', { name: 'Deactivate user' });
    await expect(dialog).toContainText('Are you sure you want to deactivate user?');
    await screenshot(page, 'user-deactivate-dialog', { viewport: true });
    // A double-click asks the server once.
    const changes = countRequests(page, 'PATCH', /change-active-status/);
    await dialog.getByRole('button', { name: 'Deactivate' }).dblclick();
    await expect(dialog).toBeHidden();
    expect(changes.count()).toBe(1);
    await expect(activate).toBeVisible();
    await expect(target).toContainText('Deactivated');

    await activate.click();
    const activateDialog = page.getByRole('dialog', { name: 'Activate user' });
    await expect(activateDialog).toContainText('Are you sure you want to activate user?');
    await activateDialog.getByRole('button', { name: 'Activate' }).click();
    await expect(activateDialog).toBeHidden();
    await expect(deactivate).toBeVisible();
  });

  test('create a user with an automatic temporary password; they must set their own at sign-in', async ({
    page,
  }) => {
    const email = `${unique('new.staff.')}@sunrise.demo`;
    await signIn(page, demo.sunrisePhysician);
    await page.goto('/account');
    await page.getByRole('link', { name: 'Create new account' }).click();
    await expect(page).toHaveURL(`/account/new/${demoClinics.sunrise.id}`);
    await expect(page.getByRole('heading', { name: 'Create New Account' })).toBeVisible();

    await page.getByRole('button', { name: 'Create New Account' }).click();
    await expect(page.getByText('Required').first()).toBeVisible();
    await expect(page.getByRole('radiogroup', { name: 'Clinical Role' })).toHaveAccessibleDescription(
      'Required',
    );
    await screenshot(page, 'user-form-validation');

    await page.getByLabel('First Name').fill('Robin');
    await page.getByLabel('Last Name').fill('Tester');
    await page.getByLabel('Phone', { exact: true }).fill('503-555-0177');
    await page.getByLabel('Email', { exact: true }).fill(email);
    const role = page.getByRole('radiogroup', { name: 'Clinical Role' });
    await role.getByRole('radio', { name: 'Physician' }).check();
    await expect(page.getByLabel('Emergency Protocol')).toBeVisible();
    await role.getByRole('radio', { name: 'Staff' }).check();
    await expect(page.getByLabel('Emergency Protocol')).toHaveCount(0);
    await page.getByLabel('Time Tracking').check();
    await screenshot(page, 'user-form-new');

    await page.getByRole('button', { name: 'Create temporary password *' }).click();
    const dialog = page.getByRole('dialog', { name: 'Temporary Password' });
    const confirm = dialog.getByRole('button', { name: 'Confirm' });
    await expect(confirm).toBeDisabled();

    // Manual: the rule, at most 20 characters, show/hide.
    await dialog.getByRole('radio', { name: 'Create temporary password' }).check();
    const manual = dialog.getByLabel('Temporary Password', { exact: true });
    await manual.fill('short');
    await expect(confirm).toBeDisabled();
    await expect(
      dialog.getByText(
        'Password should contain at least 8 characters, one upper case letter and a special character',
      ),
    ).toBeVisible();
    await manual.fill('Abcdefgh!123456789012345');
    await expect(manual).toHaveValue('Abcdefgh!12345678901');
    await expect(confirm).toBeEnabled();
    await dialog.getByRole('button', { name: 'toggle password visibility' }).click();
    await expect(manual).toHaveAttribute('type', 'text');
    await screenshot(page, 'temporary-password-manual', { viewport: true });

    // Automatic: the server's password, shown so the admin can pass it on.
    const generated = page.waitForResponse((r) => r.url().endsWith('/api/users/autoPasswordGeneration'));
    await dialog.getByRole('radio', { name: 'Generate Automatic temporary password' }).check();
    const { password } = (await (await generated).json()) as { password: string };
    await expect(dialog.getByLabel('Temporary Password', { exact: true })).toHaveValue(password);
    await expect(confirm).toBeEnabled();
    await screenshot(page, 'temporary-password-dialog', { viewport: true });
    await confirm.click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('A temporary password is set.')).toBeVisible();

    // A double-click creates the account once.
    const creates = countRequests(page, 'POST', /\/api\/users$/);
    const created = page.waitForRequest((r) => r.url().endsWith('/api/users') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Create New Account' }).dblclick();
    const body = (await created).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({
      email,
      password,
      clinicalRole: 'STAFF',
      timeTrackingEnabled: true,
      admin: false,
      role: { portal: 'CLINIC' },
      clinicId: demoClinics.sunrise.id,
    });
    await expect(toast(page, 'Account Created')).toBeVisible();
    await expect(page).toHaveURL('/account');
    await expect(page.getByRole('list', { name: 'Users' })).toContainText('Robin Tester');
    expect(creates.count()).toBe(1);

    // The new user signs in with the temporary password and must choose their own.
    await page.goto('/signOut');
    await expect(page).toHaveURL('/signin');
    await submitCredentials(page, email, password);
    await expect(page).toHaveURL(/\/auth\/set-password\?/);
    const own = 'Robin!Pass22';
    await page.getByLabel('Set Password', { exact: true }).fill(own);
    await page.getByLabel('Confirm Password').fill(own);
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page).toHaveURL('/signin');
    await submitCredentials(page, email, own);
    await expect(page).toHaveURL('/patient/priority-list');
  });

  test('edit a user: Update & Save Change, User Updated, back to the list', async ({ page }) => {
    await signIn(page, demo.sunrisePhysician);
    await page.goto('/account');
    await page.getByRole('link', { name: 'Edit Lena Ortiz' }).click();
    await expect(page).toHaveURL(/\/account\/edit\//);
    await expect(page.getByRole('heading', { name: 'Edit Account' })).toBeVisible();
    await expect(page.getByRole('radiogroup', { name: 'Clinical Role' })).toBeVisible();
    await expect(
      page.getByRole('radiogroup', { name: 'Administrator' }).getByRole('radio', { name: 'No' }),
    ).toBeEnabled();
    // No email goes to an existing user: the form says their password stays.
    await expect(page.getByRole('status').filter({ hasText: notices.passwordUnchanged })).toBeVisible();
    const timeTracking = page.getByLabel('Time Tracking');
    const was = await timeTracking.isChecked();
    await timeTracking.setChecked(!was);
    await screenshot(page, 'user-form-edit');
    await page.getByRole('button', { name: 'Update & Save Change' }).click();
    await expect(toast(page, 'User Updated')).toBeVisible();
    await expect(page).toHaveURL('/account');

    await page.goForward();
    await expect(page.getByLabel('Time Tracking')).toBeChecked({ checked: !was });
    await page.getByLabel('Time Tracking').setChecked(was);
    await page.getByRole('button', { name: 'Update & Save Change' }).click();
    await expect(page).toHaveURL('/account');
  });
  test('a temporary password chosen but not saved: leaving asks first', async ({ page }) => {
    await signIn(page, demo.sunrisePhysician);
    await page.goto('/account');
    await page.getByRole('link', { name: 'Edit Lena Ortiz' }).click();
    await page.getByRole('button', { name: 'Create temporary password *' }).click();
    const dialog = page.getByRole('dialog', { name: 'Temporary Password' });
    await dialog.getByRole('radio', { name: 'Create temporary password' }).check();
    await dialog.getByLabel('Temporary Password', { exact: true }).fill('Abcdefg!1');
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(page.getByText('A temporary password is set.')).toBeVisible();

    await page.getByRole('button', { name: 'Cancel' }).click();
    const question = page.getByRole('dialog', { name: 'Unsaved Changes' });
    await expect(question).toContainText('You have unsaved changes. Are you sure you want to leave?');
    await question.getByRole('button', { name: 'No' }).click();
    await expect(page).toHaveURL(/\/account\/edit\//);
    await page.getByRole('button', { name: 'Cancel' }).click();
    await question.getByRole('button', { name: 'Yes' }).click();
    await expect(page).toHaveURL('/account');
  });
});

test.describe('users (operator portal)', () => {
  test('the operator admin sees the portal users and creates a care navigator without a clinic', async ({
    page,
  }) => {
    const email = `${unique('navigator.')}@circle.demo`;
    await signIn(page, demo.admin);
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Clinic Info' })).toHaveCount(0);
    const users = page.getByRole('list', { name: 'Users' });
    await expect(users).toContainText('Care Navigator');
    await page.getByRole('link', { name: 'Create new account' }).click();
    await expect(page).toHaveURL('/account/new');
    await expect(page.getByRole('radiogroup', { name: 'Clinical Role' })).toHaveCount(0);
    await page.getByLabel('First Name').fill('Casey');
    await page.getByLabel('Last Name').fill('Navigator');
    await page.getByLabel('Phone', { exact: true }).fill('(503) 555-0166');
    await page.getByLabel('Email', { exact: true }).fill(email);
    const created = page.waitForRequest((r) => r.url().endsWith('/api/users') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Create New Account' }).click();
    expect((await created).postDataJSON()).toMatchObject({
      clinicalRole: 'CARE_NAVIGATOR',
      role: { portal: 'CIRCLE' },
      clinicId: null,
    });
    await expect(toast(page, 'Account Created')).toBeVisible();
    await expect(page).toHaveURL('/account');
    await expect(users).toContainText('Casey Navigator');
  });

  test('a navigator (not admin) sees the users list without Edit or Create', async ({ page }) => {
    await signIn(page, 'navigator2@circle.demo');
    await page.goto('/account');
    const list = page.getByRole('list', { name: 'Users' });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create new account' })).toHaveCount(0);
    // Edit is a link and Activate/Deactivate a button: neither is there.
    await expect(list.getByRole('link', { name: /^Edit / })).toHaveCount(0);
    await expect(list.getByRole('button')).toHaveCount(0);
  });
});
