import { expect, test } from '../support/fixtures';
import { demo, screenshot, signIn } from '../support/vigil';

test.describe('inactivity', () => {
  test.beforeEach(async ({ page }) => {
    // Test-only shortening of the 25/30 minute timer and the one-minute check-in (only values below the
    // defaults are taken).
    await page.addInitScript(() => {
      localStorage.setItem(
        'vigil.test.inactivity',
        JSON.stringify({ warnMs: 3_000, timeoutMs: 8_000, checkInMs: 500 }),
      );
    });
  });

  test("'Are you still there?' appears, I'm still here keeps the session, then it times out", async ({
    page,
  }) => {
    await signIn(page, demo.staff);
    await expect(page).toHaveURL('/patient/priority-list');

    const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
    await expect(dialog).toBeVisible({ timeout: 10_000 });
    await screenshot(page, 'inactivity-dialog');

    const touch = page.waitForRequest((r) => r.url().endsWith('/api/auth/me') && r.method() === 'GET');
    await dialog.getByRole('button', { name: "I'm still here" }).click();
    await touch;
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL('/patient/priority-list');

    // No more activity: the warning comes back, then the sign-out.
    await expect(dialog).toBeVisible({ timeout: 10_000 });
    await expect(page).toHaveURL('/signin?sessionTimedOut=true', { timeout: 15_000 });
    await expect(page.getByText('Your session has timed out. Please log in.')).toBeVisible();
    expect(await page.evaluate(() => sessionStorage.getItem('vigil.session.token'))).toBeNull();
    await screenshot(page, 'inactivity-timed-out');
  });

  test('activity resets the timer', async ({ page }) => {
    await signIn(page, demo.staff);
    const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
    await expect(page).toHaveURL('/patient/priority-list');
    // Five seconds of moving the mouse, past the 3-second warning: without the resets the dialog would be open
    // by now (and the sign-out, at 8 seconds, not yet due), so it is looked for once, not waited away.
    for (let i = 0; i < 5; i += 1) {
      await page.waitForTimeout(1_000);
      await page.mouse.move(100 + i * 10, 200);
    }
    expect(await dialog.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/patient/priority-list');
  });

  test('activity checks in with the server, throttled; idleness and the dialog do not', async ({ page }) => {
    await signIn(page, demo.staff);
    await expect(page).toHaveURL('/patient/priority-list');
    await page.waitForLoadState('networkidle');
    // When each check-in started, by the page's own clock: timed where the throttle runs, not where the test
    // hears of it (a loaded machine delays those events unevenly).
    const startedAt = () =>
      page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .filter((entry) => new URL(entry.name).pathname === '/api/auth/me')
          .map((entry) => entry.startTime),
      );
    const earlier = (await startedAt()).length;
    let checkIns: number[] = [];
    const count = async () => {
      checkIns = (await startedAt()).slice(earlier);
      return checkIns.length;
    };
    const gaps = () => checkIns.slice(1).map((time, i) => time - (checkIns[i] ?? 0));

    // A mouse move every 100 ms for 1.5 seconds: a check-in every 500 ms, not one per move.
    for (let i = 0; i < 15; i += 1) {
      await page.mouse.move(100 + i * 10, 200);
      await page.waitForTimeout(100);
    }
    // The last move's trailing check-in comes within 500 ms; then more than an interval of quiet.
    await page.waitForTimeout(1_200);
    expect(await count()).toBeGreaterThanOrEqual(3);
    expect(Math.min(...gaps())).toBeGreaterThanOrEqual(400);

    // Two moves at once: the first is reported at once, the second at the end of the interval.
    const before = await count();
    await page.mouse.move(300, 200);
    await page.mouse.move(310, 200);
    await expect.poll(count).toBe(before + 2);
    expect(gaps().at(-1)).toBeGreaterThanOrEqual(400);

    // Idle until the warning, then moving towards its button: no check-in.
    const dialog = page.getByRole('dialog', { name: 'Are you still there?' });
    await expect(dialog).toBeVisible({ timeout: 10_000 });
    await page.mouse.move(300, 300);
    await page.waitForTimeout(600);
    expect(await count()).toBe(before + 2);
  });
});
