import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { demo, screenshot, signIn } from '../support/vigil';

async function openUserMenu(page: Page) {
  await page.locator('#user-menu-button').click();
  return page.getByRole('menu');
}

test.describe('navigation and layout', () => {
  test('an unknown path goes to /signin, and on to the priority list when signed in', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page).toHaveURL('/signin');
    await signIn(page, demo.staff);
    await page.goto('/no/such/page');
    await expect(page).toHaveURL('/patient/priority-list');
  });

  test('a signed-in user opening a signed-out route is redirected to the priority list', async ({ page }) => {
    await signIn(page, demo.admin);
    await expect(page).toHaveURL('/clinic/dashboard');
    for (const path of ['/signIn', '/signUp', '/auth/recover', '/auth/set-password?token=x&id=y']) {
      await page.goto(path);
      await expect(page).toHaveURL('/patient/priority-list');
    }
  });

  test('a restored session that the server has ended signs out on load', async ({ page }) => {
    const checked = page.waitForResponse((r) => r.url().endsWith('/api/auth/me'));
    await signIn(page, demo.staff);
    await checked;
    const token = await page.evaluate(() => sessionStorage.getItem('vigil.session.token'));
    const ended = await page.request.post('/api/auth/sign-out', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ended.status()).toBe(204);
    await page.reload();
    await expect(page).toHaveURL('/signin');
    await expect(page.getByText('Your session has ended. Please log in.')).toBeVisible();
  });

  test('signed-in routes need a session', async ({ page }) => {
    for (const path of ['/patient/priority-list', '/clinic/dashboard', '/security']) {
      await page.goto(path);
      await expect(page).toHaveURL('/signin');
    }
  });

  test('the operator portal sees the Clinics Dashboard link', async ({ page }) => {
    await signIn(page, demo.admin);
    const nav = page.getByRole('navigation', { name: 'main' });
    await expect(nav.getByRole('link', { name: 'Clinics Dashboard' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Clinician Patient List' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Patient Priority List' })).toBeVisible();
    await expect(page.locator('#user-menu-button')).toContainText('Circle Care Navigator');
    const menu = await openUserMenu(page);
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Device Management',
      'Manage Forms',
      'Account',
      'Security',
      'Logout',
    ]);
    await screenshot(page, 'layout-user-menu-navigator');
    await page.keyboard.press('Escape');
    await nav.getByRole('link', { name: 'Patient Priority List' }).click();
    await expect(page).toHaveURL('/patient/priority-list');
    await expect(page.getByRole('contentinfo')).toContainText('© 2026 Vigil');
  });

  test('a physician shows as Dr. and sees no clinic or device links', async ({ page }) => {
    await signIn(page, demo.sunrisePhysician);
    const nav = page.getByRole('navigation', { name: 'main' });
    await expect(nav.getByRole('link', { name: 'Clinics Dashboard' })).toHaveCount(0);
    await expect(page.locator('#user-menu-button')).toContainText(/Dr\. /);
    await expect(page.locator('#user-menu-button')).toContainText('Physician');
    const menu = await openUserMenu(page);
    await expect(menu.getByRole('menuitem')).toHaveText(['Account', 'Security', 'Logout']);
    await screenshot(page, 'layout-user-menu-physician');
  });

  test('Logout signs out and clears the session', async ({ page }) => {
    await signIn(page, demo.staff);
    const menu = await openUserMenu(page);
    await menu.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/signin');
    expect(await page.evaluate(() => sessionStorage.length)).toBe(0);
    await page.goto('/patient/priority-list');
    await expect(page).toHaveURL('/signin');
  });

  test('/signOut shows Signing out... and ends the server session', async ({ page }) => {
    await signIn(page, demo.staff);
    const token = await page.evaluate(() => sessionStorage.getItem('vigil.session.token'));
    let signOutCalled = false;
    await page.route('**/api/auth/sign-out', async (route) => {
      signOutCalled = true;
      // Hold the answer a moment so the text can be seen.
      await new Promise((resolve) => setTimeout(resolve, 500));
      await route.continue();
    });
    await page.goto('/signOut');
    await expect(page.getByText('Signing out...')).toBeVisible();
    await screenshot(page, 'signing-out');
    await expect(page).toHaveURL('/signin');
    expect(signOutCalled).toBe(true);
    const me = await page.request.get('/api/auth/me', { headers: { Authorization: `Bearer ${token}` } });
    expect(me.status()).toBe(401);
  });

  test('a 401 signs out with the server message', async ({ page }) => {
    // The layout checks the session once on load; let that finish before the session ends.
    const checked = page.waitForResponse((r) => r.url().endsWith('/api/auth/me'));
    await signIn(page, demo.staff);
    await checked;
    const token = await page.evaluate(() => sessionStorage.getItem('vigil.session.token'));
    // The session ends on the server (as after a sign-out elsewhere); the next call answers 401.
    await page.request.post('/api/auth/sign-out', { headers: { Authorization: `Bearer ${token}` } });
    // Within the app (no reload, which would find out at once): the next call is the one that fails.
    const menu = await openUserMenu(page);
    await menu.getByRole('menuitem', { name: 'Security' }).click();
    await page.getByLabel('Current Password').fill('Demo!Pass1');
    await page.getByLabel('New Password').fill('Other!Pass2');
    await page.getByLabel('Confirm Password').fill('Other!Pass2');
    await page.getByRole('button', { name: 'Update Password' }).click();
    await expect(page).toHaveURL('/signin');
    await expect(page.getByRole('alert').filter({ hasText: /session/i })).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('vigil.session.token'))).toBeNull();
  });

  test('the layout fits a 360px wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, demo.admin);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await page.getByRole('button', { name: 'open navigation' }).click();
    await expect(page.getByRole('menuitem', { name: 'Clinics Dashboard' })).toBeVisible();
    await screenshot(page, 'layout-360-navigation');
    await page.getByRole('menuitem', { name: 'Patient Priority List' }).click();
    await expect(page).toHaveURL('/patient/priority-list');
    await screenshot(page, 'layout-360');
  });

  test('the sign-up page explains who creates accounts', async ({ page }) => {
    await page.goto('/signUp');
    await expect(page.getByText(/created by your clinic's administrator/)).toBeVisible();
    await screenshot(page, 'sign-up');
    await page.getByRole('link', { name: 'Back to Login' }).click();
    await expect(page).toHaveURL('/signin');
  });
});
