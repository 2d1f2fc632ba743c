import { expect, test } from '../support/fixtures';
import {
  apiToken,
  changePasswordByApi,
  countRequests,
  demo,
  demoPassword,
  latestOutboxMessage,
  screenshot,
  sessionToken,
  signIn,
  submitCredentials,
} from '../support/vigil';

test.describe('passwords', () => {
  test('recover, then set a new password through the emailed link', async ({ page, request }) => {
    const email = demo.harborPhysician;
    const newPassword = 'Harbor!Pass2';
    const since = new Date();

    await page.goto('/signin');
    await page.getByRole('link', { name: 'Forgot Username/Password' }).click();
    await expect(page).toHaveURL('/auth/recover');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Please provide a valid email format')).toBeVisible();
    await screenshot(page, 'recover');
    await page.getByLabel('Email').fill(email);
    // A double-click asks for one link.
    const recovers = countRequests(page, 'POST', /\/api\/auth\/recover$/);
    await page.getByRole('button', { name: 'Submit' }).dblclick();
    await expect(page.getByRole('heading', { name: 'Reset Password' })).toBeVisible();
    expect(recovers.count()).toBe(1);
    await screenshot(page, 'recover-sent');

    const mail = await latestOutboxMessage(request, email, since);
    const link = /http:\/\/localhost:\d+\/auth\/set-password\?\S+/.exec(mail.body)?.[0];
    expect(link).toBeDefined();
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await expect(page.getByText('Welcome to Vigil at Harbor Family Medicine.')).toBeVisible();

    await page.getByLabel('Set Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password').fill('different');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByText('Password should have min 8 characters')).toBeVisible();
    await expect(page.getByText('Password does not match')).toBeVisible();
    await screenshot(page, 'set-password-validation');

    await page.getByLabel('Set Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm Password').fill(newPassword);
    // A double-click sets the password once, and the success is what the user sees.
    const sets = countRequests(page, 'POST', /\/api\/auth\/set-password$/);
    await page.getByRole('button', { name: 'Set Password' }).dblclick();
    await expect(page).toHaveURL('/signin');
    await expect(page.getByText('Password successfully set! Please log in.')).toBeVisible();
    expect(sets.count()).toBe(1);
    await screenshot(page, 'set-password-done');

    // The link is single-use.
    await page.goto(new URL(link!).pathname + new URL(link!).search);
    await page.getByLabel('Set Password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm Password').fill(newPassword);
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(
      page.getByText('This link is invalid or has expired. Please request a new one.'),
    ).toBeVisible();

    await signIn(page, email, newPassword);
    await expect(page).toHaveURL('/patient/clinician-patient-list');

    // Put the demo account back as the other tests expect it.
    await changePasswordByApi(request, await sessionToken(page), newPassword, demoPassword);
  });

  test('the set-password link of a new account greets with New Account', async ({ page }) => {
    await page.goto('/auth/set-password/00000000-0000-4000-8000-000000000104?token=abc&type=new');
    await expect(page.getByRole('heading', { name: 'New Account' })).toBeVisible();
    await expect(page.getByText('Welcome to Vigil at Sunrise Cardiology.')).toBeVisible();
    await screenshot(page, 'set-password-new-account');
  });

  test('change password, sign out, sign in with the new one', async ({ page, request }) => {
    const email = demo.navigator;
    const newPassword = 'Navigator!Pass2';
    await signIn(page, email);
    await page.locator('#user-menu-button').click();
    await page.getByRole('menuitem', { name: 'Security' }).click();
    await expect(page).toHaveURL('/security');
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();

    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByText('Required')).toHaveCount(3);
    await page.getByLabel('New Password').fill('nouppercase1!');
    await page.getByLabel('Confirm Password').fill('other');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(
      page.getByText('Password should contain at least one upper case letter and a special character'),
    ).toBeVisible();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await screenshot(page, 'security-validation');

    // A wrong current password: the spec's failure toast.
    await page.getByLabel('Current Password').fill('Wrong!Pass9');
    await page.getByLabel('New Password').fill(newPassword);
    await page.getByLabel('Confirm Password').fill(newPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Could not update password' })).toBeVisible();
    await expect(page.getByText('Current password is incorrect')).toHaveCount(0);

    await page.getByLabel('Current Password').fill(demoPassword);
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Password Updated' })).toBeVisible();
    await expect(page.getByLabel('Current Password')).toHaveValue('');
    await screenshot(page, 'security-updated');

    await page.goto('/signOut');
    await expect(page).toHaveURL('/signin');
    await submitCredentials(page, email, demoPassword);
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await submitCredentials(page, email, newPassword);
    await expect(page).toHaveURL('/clinic/dashboard');

    await changePasswordByApi(
      request,
      await apiToken(request, email, newPassword),
      newPassword,
      demoPassword,
    );
  });
});
