import { expect, test } from '../support/fixtures';
import { apiAs, demo, demoClinics, type OutboxMessage, screenshot, signIn, toast } from '../support/vigil';

/** The demo seed's Sunrise physician and staff member (apps/server/src/db/seed/demo.ts). */
const sunrisePhysician = '00000000-0000-4000-8000-000000000103';
const sunriseStaff = '00000000-0000-4000-8000-000000000104';

test.describe('reading reminders: the test tools on /account', () => {
  test('Send Reminders runs the round of the chosen Pacific time: Reminders Sent, and the reminder is in the outbox', async ({
    page,
    request,
  }) => {
    // A patient of Sunrise with a reminder at 5:30 AM every day and no reading yet.
    const cell = `503555${String(Date.now() % 10_000).padStart(4, '0')}`;
    const staff = await apiAs(request, demo.staff);
    const created = await staff.post('/api/pacients', {
      clinic: demoClinics.sunrise.id,
      assignedPhysician: sunrisePhysician,
      careTeam: [sunriseStaff],
      firstName: 'Remy',
      lastName: 'Reminder',
      email: '',
      language: 'EN',
      dateOfBirth: '04/12/1950',
      gender: 'FEMALE',
      diagnosis: 'Hypertension',
      heightFeet: '5',
      heightInches: '7',
      weight: '165',
      phones: [{ number: cell, type: 'Cell', notes: '' }],
      phone: cell,
      consent: { status: 'Obtained via telephone' },
      connectDevices: 'Yes',
      preferences: {
        textConsent: 'Yes',
        emailConsent: 'No',
        remindersConsent: 'Yes',
        numberDailyReminders: 1,
        reminderTimes: ['5:30 AM'],
        dailyRemindersConsent: 'Yes',
      },
      enrolled: true,
    });
    expect(created.status()).toBe(201);

    await signIn(page, demo.staff);
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Reminder test tools' })).toBeVisible();
    await page.getByLabel('Select Time').click();
    const options = page.getByRole('option');
    await expect(options.first()).toHaveText('0:00');
    await expect(options.last()).toHaveText('24:30');
    await page.getByRole('option', { name: '5:30', exact: true }).click();
    const answer = page.waitForResponse(
      (r) => r.url().endsWith('/api/manualCronJobs/smsReminders') && r.request().method() === 'POST',
    );
    await page.getByRole('button', { name: 'Send Reminders' }).click();
    const response = await answer;
    expect(response.request().postDataJSON()).toEqual({ time: '5:30' });
    expect((await response.json()).data.sent).toBeGreaterThanOrEqual(1);
    await expect(toast(page, 'Reminders Sent')).toBeVisible();
    await screenshot(page, 'reminders-account-tools', {
      of: page.getByRole('region', { name: 'Reminder test tools' }),
    });

    // The welcome went out on enrolment; the reminder now, both to the patient's number.
    let bodies: string[] = [];
    await expect
      .poll(
        async () => {
          const outbox = await request.get(`/api/dev/outbox?to=${encodeURIComponent(`+1${cell}`)}`);
          bodies = ((await outbox.json()) as { data: OutboxMessage[] }).data.map((m) => m.body);
          return bodies.some((b) => b.includes('reminding you to take your reading'));
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(bodies.some((b) => b.includes('Reply HELP for help or STOP'))).toBe(true);
  });
});
