import { expect, test } from '../support/fixtures';
import {
  demo,
  demoPassword,
  latestOutboxMessage,
  screenshot,
  signIn,
  submitCredentials,
} from '../support/vigil';

test.describe('sign-in', () => {
  test('the login screen has its fields, link and button', async ({ page }) => {
    await page.goto('/signIn');
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'toggle password visibility' }).click();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
    await expect(page.getByRole('link', { name: 'Forgot Username/Password' })).toHaveAttribute(
      'href',
      '/auth/recover',
    );
    await expect(page.getByText('Your session has timed out. Please log in.')).toHaveCount(0);
    await screenshot(page, 'sign-in');
  });

  test('empty and invalid fields show the spec messages', async ({ page }) => {
    await page.goto('/signin');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Required')).toHaveCount(2);
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Email must be a valid email')).toBeVisible();
    await screenshot(page, 'sign-in-validation');
  });

  const landings = [
    { email: demo.admin, path: '/clinic/dashboard', title: 'Clinics Dashboard' },
    { email: demo.navigator, path: '/clinic/dashboard', title: 'Clinics Dashboard' },
    {
      email: demo.sunrisePhysician,
      path: '/patient/clinician-patient-list',
      title: 'Clinician Patient List',
    },
    { email: demo.harborPhysician, path: '/patient/clinician-patient-list', title: 'Clinician Patient List' },
    { email: demo.staff, path: '/patient/priority-list', title: 'Patient Priority List' },
  ];
  for (const { email, path, title } of landings) {
    test(`${email} lands on ${path}`, async ({ page }) => {
      await signIn(page, email);
      await expect(page).toHaveURL(path);
      await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
      await screenshot(page, `landing-${email.replace(/[@.]/g, '-')}`);
    });
  }

  test('two-factor sign-in asks for the code sent by SMS', async ({ page, request }) => {
    const since = new Date();
    await page.goto('/signin');
    await submitCredentials(page, demo.twoFactor);
    await expect(page.getByLabel('Verification Code')).toBeVisible();
    await expect(page.getByText('A verification code was sent to your phone.')).toBeVisible();
    await screenshot(page, 'sign-in-verification-code');

    // Go Back returns to step one; signing in again sends a new code.
    await page.getByRole('button', { name: 'Go Back' }).click();
    await expect(page.getByLabel('Verification Code')).toHaveCount(0);
    await expect(page.getByLabel('Email')).toHaveValue(demo.twoFactor);
    await page.getByLabel('Password', { exact: true }).fill(demoPassword);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByLabel('Verification Code')).toBeVisible();

    const sms = await latestOutboxMessage(request, demo.twoFactorPhone, since);
    expect(sms.channel).toBe('sms');
    const code = /\b(\d{6})\b/.exec(sms.body)?.[1];
    expect(code).toBeDefined();
    await page.getByLabel('Verification Code').fill(code!);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL('/patient/priority-list');
  });

  test('a wrong verification code shows the server message', async ({ page }) => {
    await page.goto('/signin');
    await submitCredentials(page, demo.twoFactor);
    await page.getByLabel('Verification Code').fill('000000');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Invalid or expired verification code')).toBeVisible();
    await expect(page).toHaveURL(/\/signin/);
  });

  test('a wrong password shows the error toast', async ({ page }) => {
    await page.goto('/signin');
    await submitCredentials(page, demo.staff, 'Wrong!Pass1');
    await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();
    await expect(page).toHaveURL(/\/signin/);
    await screenshot(page, 'sign-in-wrong-password');
  });

  test('a temporary password goes to set-password without a session', async ({ page }) => {
    // No demo account is on a temporary password, so the answer of the server is stood in for here.
    await page.route('**/api/auth', async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      body.user.isTemporaryPassword = true;
      body.token = 'single-use-set-password-token';
      await route.fulfill({ response, json: body });
    });
    await page.goto('/signin');
    await submitCredentials(page, demo.staff);
    await expect(page).toHaveURL(
      /\/auth\/set-password\?token=single-use-set-password-token&id=[0-9a-f-]{36}&type=new$/,
    );
    await expect(page.getByRole('heading', { name: 'New Account' })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('vigil.session.token'))).toBeNull();
  });

  test('the saved redirect URL is used after sign-in', async ({ page }) => {
    await page.goto('/security');
    await expect(page).toHaveURL('/signin');
    await submitCredentials(page, demo.admin);
    await expect(page).toHaveURL('/security');
    await expect(page.getByRole('heading', { name: 'Change Password' })).toBeVisible();
  });

  test('the timed-out notice shows with ?sessionTimedOut=true', async ({ page }) => {
    await page.goto('/signin?sessionTimedOut=true');
    await expect(page.getByText('Your session has timed out. Please log in.')).toBeVisible();
    await screenshot(page, 'sign-in-timed-out');
  });
});
