import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { showAllPatients } from '../support/patient-lists';
import { apiAs, demo, screenshot, signIn } from '../support/vigil';

/**
 * Time tracking and the audit trail (spec patients 2.6, 2.7, 4, 9; decision 0012) against the real server:
 * the timer starts by itself for a user with time tracking on, saves on a switch of patient, an unload and
 * the inactivity sign-out, stays stopped once stopped by hand; the audit trail shows the saved time and the
 * event, and filters by a range.
 *
 * Only the Sunrise demo patients 50 to 57 are used here; no other spec touches them. The user is mostly the
 * operator's admin (a care navigator with time tracking on, who sees every clinic); Sunrise's staff member,
 * who has it off, starts the timer by hand.
 */
const patientId = (n: number) => `00000000-0000-4000-a001-${String(n).padStart(12, '0')}`;
/** Patients 50, 51 and 52: the only ones whose MR holds '42018' (the seed's MRs are 4200000 + 37 x index). */
const listed = [50, 51, 52].map(patientId);
const listSearch = '42018';
const reloaded = patientId(53);
const timedOut = patientId(54);
const signedOut = patientId(55);
/** Patients 56 and 57: the timer of a user with time tracking off. */
const startedByHand = patientId(56);
const notTracked = patientId(57);

const pacificDay = (date: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(date);
/** Today as the trail's fields take it (YYYY-MM-DD) and as its day headings show it (MM/DD/YYYY). */
const todayIso = () => pacificDay(new Date());
const dayHeading = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;
const seconds = (hhmmss: string) => {
  const [h, m, s] = hhmmss.trim().split(':').map(Number) as [number, number, number];
  return h * 3600 + m * 60 + s;
};

interface Trail {
  trackedTimeByDay: Record<string, number>;
  totalTrackedTime: number;
}

async function trailToday(request: APIRequestContext, id: string): Promise<Trail> {
  const admin = await apiAs(request, demo.admin);
  const today = todayIso();
  const response = await admin.get(`/api/auditTrailLogs/${id}?fromDate=${today}&endDate=${today}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Trail;
}

async function trackedThisMonth(request: APIRequestContext, id: string): Promise<number> {
  const admin = await apiAs(request, demo.admin);
  const response = await admin.get(`/api/pacients/${id}/details`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { trackedTimeThisMonth: number } }).data.trackedTimeThisMonth;
}

async function fullName(request: APIRequestContext, id: string): Promise<string> {
  const admin = await apiAs(request, demo.admin);
  const response = await admin.get(`/api/pacients/${id}/details`);
  return ((await response.json()) as { data: { fullName: string } }).data.fullName;
}

const timerGroup = (page: Page) => page.getByRole('group', { name: 'Time tracking' });
const runningTime = (page: Page) => timerGroup(page).getByRole('timer');
const monthTotal = (page: Page) => page.getByTestId('tracked-this-month');

test.describe('time tracking', () => {
  test('the timer saves on a switch of patient, and the audit trail shows the time and the event', async ({
    page,
    request,
  }) => {
    test.slow();
    const names = await Promise.all(listed.map((id) => fullName(request, id)));
    await signIn(page, demo.admin);

    // A list of exactly our three patients, so Previous and Next stay among them.
    await page.goto('/patient/priority-list');
    await showAllPatients(page);
    await page.getByRole('searchbox', { name: 'Search patients' }).fill(listSearch);
    await expect(page.getByText('Showing 1-3 of 3 patients')).toBeVisible();
    for (const name of names) await expect(page.getByRole('row').filter({ hasText: name })).toHaveCount(1);
    await page.locator('table tbody tr').first().click();
    await expect(page.getByText('Patient 1 of 3')).toBeVisible();
    const first = page.url().split('/').pop()!;
    expect(listed).toContain(first);
    const firstName = names[listed.indexOf(first)]!;
    const before = await trailToday(request, first);

    // Time tracking is on for this user: the timer runs by itself and ticks each second.
    await expect(timerGroup(page).getByRole('button', { name: 'Stop timer' })).toBeVisible();
    const monthBefore = seconds((await monthTotal(page).textContent()) ?? '');
    await expect(runningTime(page)).toHaveText(/^00:00:0[5-9]$/, { timeout: 15_000 });
    await screenshot(page, 'time-tracking-details-1280', { viewport: true });

    // Next: the first patient's time is saved as its page goes.
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/pacients/${first}/track`) && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Next patient' }).click();
    await expect(page.getByText('Patient 2 of 3')).toBeVisible();
    const answer = (await (await saved).json()) as {
      data: { seconds: number; trackedTimeThisMonth: number };
    };
    expect(answer.data.seconds).toBeGreaterThanOrEqual(5);
    expect(answer.data.trackedTimeThisMonth).toBe(monthBefore + answer.data.seconds);

    // Back on the first patient, the header shows the month's new total; then its Audit Trail.
    await page.getByRole('button', { name: 'Previous patient' }).click();
    await expect(page.getByRole('heading', { level: 1, name: firstName })).toBeVisible();
    await expect(monthTotal(page)).toHaveText(/^\d{2}:\d{2}:\d{2}$/);
    expect(seconds((await monthTotal(page).textContent()) ?? '')).toBeGreaterThanOrEqual(
      answer.data.trackedTimeThisMonth,
    );
    await page.getByRole('link', { name: 'Audit Trail' }).click();
    await expect(page).toHaveURL(`/patient/audit-trail-logs/${first}`);
    await expect(page.getByRole('heading', { level: 1, name: firstName })).toBeVisible();

    // The default range is yesterday to today; today's heading has the saved time and the event.
    const today = todayIso();
    const todaySection = page.getByRole('region', { name: dayHeading(today) });
    await expect(todaySection).toBeVisible();
    await expect(todaySection.getByText(/^Tracked \d{2}:\d{2}:\d{2} with the timer/).first()).toBeVisible();
    await expect(todaySection.getByText('Avery Lindqvist').first()).toBeVisible();
    // A care navigator's role is shown without the clinic (spec patients 6).
    await expect(todaySection.getByText('Care Navigator', { exact: true }).first()).toBeVisible();
    const dayTime = seconds(
      (await todaySection.getByText(/^Time tracked/).textContent())!.replace('Time tracked', ''),
    );
    const todayBefore = before.trackedTimeByDay[dayHeading(today)] ?? 0;
    expect(dayTime).toBeGreaterThanOrEqual(todayBefore + answer.data.seconds);
    const total = seconds((await page.getByTestId('audit-total').textContent())!.replace(/^\D+/, ''));
    expect(total).toBeGreaterThanOrEqual(dayTime);
    await screenshot(page, 'audit-trail-1280');

    // A range long before any data: no events, no time.
    await page.getByLabel('From', { exact: true }).fill('2000-01-01');
    await page.getByLabel('To', { exact: true }).fill('2000-01-31');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page.getByText('No events in this period.')).toBeVisible();
    await expect(page.getByTestId('audit-total')).toHaveText('Total time tracked 00:00:00');
    await expect(page.getByText('01/01 - 01/31')).toBeVisible();

    // A reversed range is refused by the fields, and the trail keeps the range it had.
    await page.getByLabel('From', { exact: true }).fill('2000-02-10');
    await page.getByLabel('To', { exact: true }).fill('2000-02-01');
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page.getByText('The start date must not be after the end date')).toBeVisible();
    await expect(page.getByText('01/01 - 01/31')).toBeVisible();

    // A range that holds today shows it again.
    const threeDaysAgo = pacificDay(new Date(Date.now() - 3 * 86_400_000));
    await page.getByLabel('From', { exact: true }).fill(threeDaysAgo);
    await page.getByLabel('To', { exact: true }).fill(today);
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(todaySection.getByText(/^Tracked \d{2}:\d{2}:\d{2} with the timer/).first()).toBeVisible();
    expect(
      seconds((await page.getByTestId('audit-total').textContent())!.replace(/^\D+/, '')),
    ).toBeGreaterThan(0);

    // Back to the patient.
    await page.getByRole('link', { name: 'Back to patient' }).click();
    await expect(page).toHaveURL(`/patient/details/${first}`);
  });

  test('the timer resumes after a reload, and stays stopped once stopped by hand', async ({
    page,
    request,
  }) => {
    test.slow();
    const monthBefore = await trackedThisMonth(request, reloaded);
    await signIn(page, demo.admin);
    await page.goto(`/patient/details/${reloaded}`);
    await expect(timerGroup(page).getByRole('button', { name: 'Stop timer' })).toBeVisible();
    await expect(runningTime(page)).toHaveText(/^00:00:0[4-9]$/, { timeout: 15_000 });

    // The reload saves the count on its way out (a kept-alive request) and the timer starts again.
    await page.reload();
    await expect(timerGroup(page).getByRole('button', { name: 'Stop timer' })).toBeVisible();
    await expect(runningTime(page)).toHaveText(/^00:00:0[1-9]$/, { timeout: 5_000 });
    await expect.poll(() => trackedThisMonth(request, reloaded)).toBeGreaterThanOrEqual(monthBefore + 4);

    // Stop saves what ran since, and the timer shows None.
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/pacients/${reloaded}/track`) && r.request().method() === 'POST',
    );
    await timerGroup(page).getByRole('button', { name: 'Stop timer' }).click();
    expect((await saved).status()).toBe(200);
    await expect(runningTime(page)).toHaveText('None');
    await expect(timerGroup(page).getByRole('button', { name: 'Start timer' })).toBeVisible();

    // Stopped by hand: it does not start by itself again in this session.
    await page.reload();
    await expect(timerGroup(page).getByRole('button', { name: 'Start timer' })).toBeVisible();
    await page.waitForTimeout(2_000);
    await expect(runningTime(page)).toHaveText('None');

    // Start by hand counts again, and is remembered: a reload resumes.
    await timerGroup(page).getByRole('button', { name: 'Start timer' }).click();
    await expect(runningTime(page)).toHaveText(/^00:00:0[1-9]$/, { timeout: 5_000 });
    await page.reload();
    await expect(timerGroup(page).getByRole('button', { name: 'Stop timer' })).toBeVisible();
  });

  test('with time tracking off, a timer started by hand resumes after a reload; Stop shows Saving...', async ({
    page,
    request,
  }) => {
    const monthBefore = await trackedThisMonth(request, startedByHand);
    await signIn(page, demo.staff);
    await page.goto(`/patient/details/${startedByHand}`);
    await expect(timerGroup(page).getByRole('button', { name: 'Start timer' })).toBeVisible();
    await page.waitForTimeout(1_500);
    await expect(runningTime(page)).toHaveText('None');

    // Started by hand, it is the tracked patient of this tab: a reload saves the count and resumes.
    await timerGroup(page).getByRole('button', { name: 'Start timer' }).click();
    await expect(runningTime(page)).toHaveText(/^00:00:0[4-9]$/, { timeout: 10_000 });
    await page.reload();
    await expect(timerGroup(page).getByRole('button', { name: 'Stop timer' })).toBeVisible();
    await expect(runningTime(page)).toHaveText(/^00:00:0[1-9]$/, { timeout: 5_000 });
    await expect.poll(() => trackedThisMonth(request, startedByHand)).toBeGreaterThanOrEqual(monthBefore + 4);

    // Stop shows 'Saving...' while the save is on its way (held back a moment here), then None.
    await page.route(`**/api/pacients/${startedByHand}/track`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
    });
    await timerGroup(page).getByRole('button', { name: 'Stop timer' }).click();
    await expect(runningTime(page)).toHaveText('Saving...');
    await expect(runningTime(page)).toHaveText('None');

    // Another patient's page does not start: only the patient tracked in this tab resumes.
    await page.goto(`/patient/details/${notTracked}`);
    await expect(timerGroup(page).getByRole('button', { name: 'Start timer' })).toBeVisible();
    await page.waitForTimeout(1_500);
    await expect(runningTime(page)).toHaveText('None');
  });

  test('the inactivity sign-out saves the running time first, up to the last activity', async ({
    page,
    request,
  }) => {
    test.slow();
    await page.addInitScript(() => {
      localStorage.setItem('vigil.test.inactivity', JSON.stringify({ warnMs: 4_000, timeoutMs: 9_000 }));
    });
    const monthBefore = await trackedThisMonth(request, timedOut);
    await signIn(page, demo.admin);
    await page.goto(`/patient/details/${timedOut}`);
    await expect(timerGroup(page).getByRole('button', { name: 'Stop timer' })).toBeVisible();
    const started = Date.now();
    // Six seconds of work (the mouse moving), then nothing until the sign-out, 9 seconds later.
    for (let i = 0; i < 6; i++) {
      await page.mouse.move(100 + i * 10, 200);
      await page.waitForTimeout(1_000);
    }
    const worked = (Date.now() - started) / 1000;
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/pacients/${timedOut}/track`) && r.request().method() === 'POST',
    );
    await expect(page).toHaveURL('/signin?sessionTimedOut=true', { timeout: 20_000 });
    const answer = await saved;
    expect(answer.status()).toBe(200);
    const kept = ((await answer.json()) as { data: { seconds: number } }).data.seconds;
    // The work, not the 9 idle seconds after it.
    expect(kept).toBeGreaterThan(3);
    expect(kept).toBeLessThanOrEqual(Math.ceil(worked) + 1);
    expect(await trackedThisMonth(request, timedOut)).toBe(monthBefore + kept);
  });

  test('Logout from the user menu saves the running time before the session ends', async ({
    page,
    request,
  }) => {
    const monthBefore = await trackedThisMonth(request, signedOut);
    await signIn(page, demo.admin);
    await page.goto(`/patient/details/${signedOut}`);
    await expect(timerGroup(page).getByRole('button', { name: 'Stop timer' })).toBeVisible();
    await expect(runningTime(page)).toHaveText('00:00:04', { timeout: 10_000 });
    const saved = page.waitForResponse(
      (r) => r.url().endsWith(`/api/pacients/${signedOut}/track`) && r.request().method() === 'POST',
    );
    await page.locator('#user-menu-button').click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await expect(page).toHaveURL('/signin');
    const answer = await saved;
    expect(answer.status()).toBe(200);
    const kept = ((await answer.json()) as { data: { seconds: number } }).data.seconds;
    expect(kept).toBeGreaterThan(3);
    expect(await trackedThisMonth(request, signedOut)).toBe(monthBefore + kept);
  });

  test('the timer and the audit trail fit a phone', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, demo.admin);
    await page.goto(`/patient/details/${timedOut}`);
    await expect(runningTime(page)).toHaveText(/^00:00:0[2-9]$/, { timeout: 10_000 });
    await expect(monthTotal(page)).toBeVisible();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'time-tracking-details-390', { viewport: true });

    await page.getByRole('link', { name: 'Audit Trail' }).click();
    await expect(page.getByRole('region', { name: dayHeading(todayIso()) })).toBeVisible();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await screenshot(page, 'audit-trail-390');
  });
});
