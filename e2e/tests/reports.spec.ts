import { readFileSync } from 'node:fs';
import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { showAllPatients } from '../support/patient-lists';
import {
  apiAs,
  countRequests,
  demo,
  demoClinics,
  latestOutboxMessage,
  screenshot,
  signIn,
  toast,
} from '../support/vigil';

/**
 * Reports (issue 12; spec administration 2, 4, 7; patients 2.2, 2.6, 2.8, 8, 9) against the real server:
 * the billing CSV and the monitoring batch from /account, and the patient report from the clinician list
 * and from the detail page, opened in a new tab or emailed.
 *
 * Only the Sunrise demo patients 60 to 64 are used here (a report and an email change no patient, but the
 * email goes through the outbox). The batch is asked for Marcus Feld, the Sunrise physician with few
 * patients, so that the job is quick.
 */
const patientId = (n: number) => `00000000-0000-4000-a001-${String(n).padStart(12, '0')}`;
const mainPhysician = 'Priya Raman';
const smallPhysician = 'Marcus Feld';

interface SeededPatient {
  _id: string;
  fullName: string;
  email: string | null;
  dateOfBirth: string | null;
  preferences: { emailConsent?: string };
  medicalInfo: { mr?: string } | null;
}

async function patientOf(request: APIRequestContext, n: number): Promise<SeededPatient> {
  const admin = await apiAs(request, demo.admin);
  const response = await admin.get(`/api/pacients/${patientId(n)}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: SeededPatient }).data;
}

/** The first of our patients who may receive email (consent and an address), and the first who may not. */
async function emailPatients(request: APIRequestContext) {
  const patients = await Promise.all([60, 61, 62, 63, 64].map((n) => patientOf(request, n)));
  const mayEmail = (p: SeededPatient) => p.preferences.emailConsent === 'Yes' && Boolean(p.email);
  const withConsent = patients.find(mayEmail);
  const without = patients.find((p) => p.preferences.emailConsent !== 'Yes');
  if (!withConsent || !without) throw new Error('Patients 60-64 need one with email consent and one without');
  return { withConsent, without };
}

/** The current month on the clinics' calendar (Pacific), as the report months name it. */
function currentMonth() {
  const now = new Date();
  const part = (options: Intl.DateTimeFormatOptions) =>
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', ...options }).format(now);
  return {
    label: `${part({ month: 'long' })} ${part({ year: 'numeric' })}`,
    iso: `${part({ year: 'numeric' })}-${part({ month: '2-digit' })}`,
  };
}

/** The month of the first reading the user may see (`GET /reports/first-reading-date`), as the lists name it. */
async function firstReadingMonth(request: APIRequestContext, email: string): Promise<string> {
  const user = await apiAs(request, email);
  const response = await user.get('/api/reports/first-reading-date');
  expect(response.status()).toBe(200);
  const { date } = ((await response.json()) as { data: { date: string } }).data;
  return new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/Los_Angeles',
    month: 'long',
    year: 'numeric',
  }).format(new Date(date));
}

/** Answers the next call of a report route with a server failure, once. */
async function failOnce(page: Page, url: RegExp): Promise<void> {
  await page.route(
    url,
    (route) => route.fulfill({ status: 500, json: { message: 'Internal Server Error' } }),
    {
      times: 1,
    },
  );
}

const reportsSection = (page: Page) => page.getByRole('region', { name: 'Reports', exact: true });

/** Picks an option of a MUI select, by its label. */
async function choose(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

/** A report file as the page received it from the API. */
interface ReceivedFile {
  url: string;
  status: number;
  type: string;
  /** The first bytes: '%PDF-' for a PDF. */
  head: string;
}

/**
 * Watches the report files the page fetches (the PDFs of `/reports/patient` and `/reports/batch`), passing
 * each on unchanged; the patient report is held back a little, so that 'Generating...' and 'Sending...'
 * show.
 */
async function watchReportFiles(page: Page): Promise<ReceivedFile[]> {
  const files: ReceivedFile[] = [];
  await page.route(/\/api\/reports\/(patient|batch)\?/, async (route) => {
    if (route.request().url().includes('/reports/patient?')) await new Promise((r) => setTimeout(r, 600));
    const response = await route.fetch();
    const body = await response.body();
    files.push({
      url: route.request().url(),
      status: response.status(),
      type: response.headers()['content-type'] ?? '',
      head: body.subarray(0, 5).toString('latin1'),
    });
    await route.fulfill({ response, body });
  });
  return files;
}

/**
 * Clicks a button that opens a PDF in a new tab: the tab opens at the click, then shows the file's blob
 * URL once the bytes have come (decision 0013). Answers the new tab.
 */
async function opensPdfTab(
  context: BrowserContext,
  button: Locator,
  files: ReceivedFile[],
  call: string,
  shot?: string,
): Promise<Page> {
  const before = files.length;
  const tab = context.waitForEvent('page');
  await button.click();
  const newPage = await tab;
  await expect.poll(() => files.length).toBeGreaterThan(before);
  const file = files.at(-1)!;
  expect(file.url).toContain(call);
  expect(file.status).toBe(200);
  expect(file.type).toContain('application/pdf');
  expect(file.head).toBe('%PDF-');
  await expect.poll(() => newPage.url()).toMatch(/^blob:http:\/\/localhost:\d+\//);
  if (shot) {
    await newPage.waitForLoadState('load');
    await newPage.waitForTimeout(1_500);
    await screenshot(newPage, shot, { viewport: true });
  }
  return newPage;
}

test.describe('the Reports section of /account', () => {
  test('billing: month, clinic and physician required; Download saves the CSV under the server name', async ({
    page,
    request,
  }) => {
    const fatima = await patientOf(request, 60);
    const month = currentMonth();
    await signIn(page, demo.admin);
    await page.goto('/account');
    const section = reportsSection(page);
    await expect(section.getByRole('heading', { name: 'Billing' })).toBeVisible();
    const billing = section.getByRole('form', { name: 'Billing' });

    // The current month by default, and the months run from the first reading's to now, newest first.
    await expect(billing.getByRole('combobox', { name: 'Month' })).toHaveText(month.label);
    await billing.getByRole('combobox', { name: 'Month' }).click();
    const months = page.getByRole('listbox').getByRole('option');
    await expect(months.first()).toHaveText(month.label);
    await expect(months.last()).toHaveText(await firstReadingMonth(request, demo.admin));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();

    // The physician waits for a clinic; both are required.
    await expect(billing.getByRole('combobox', { name: 'Physician' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await billing.getByRole('button', { name: 'Download' }).click();
    await expect(billing.getByText('Required')).toHaveCount(2);

    await choose(page, billing, 'Clinic', demoClinics.sunrise.name);
    await expect(billing.getByRole('combobox', { name: 'Physician' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await choose(page, billing, 'Physician', mainPhysician);
    const downloading = page.waitForEvent('download');
    await billing.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(
      `Billing - ${demoClinics.sunrise.name} - ${mainPhysician} - ${month.iso}.csv`,
    );

    // Open the file: the header, then a row per patient of the physician, by name.
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split(/\r?\n/);
    expect(lines[0]).toBe(
      'Patient Name,DOB,MR,Physician,Enrollment Date,Device Days,Tracked Minutes,Completed Call,' +
        '99453,99454,99445,99457,99458,99470,Missing',
    );
    const [year, mm, dd] = fatima.dateOfBirth!.split('-');
    const row = lines.find((line) => line.startsWith(`${fatima.fullName},`));
    expect(row, `${fatima.fullName}'s row`).toBeDefined();
    expect(
      row!.startsWith(`${fatima.fullName},${mm}/${dd}/${year},${fatima.medicalInfo!.mr},${mainPhysician},`),
    ).toBe(true);
    expect(row!.split(',')).toHaveLength(15);
    await expect(toast(page, 'There was a problem')).toHaveCount(0);

    // The server fails: the spec's message, and no file.
    await failOnce(page, /\/api\/reports\/billing\?/);
    await billing.getByRole('button', { name: 'Download' }).click();
    await expect(
      toast(page, 'There was a problem downloading the billing report. Please try again later.'),
    ).toBeVisible();
  });

  test('monitoring: Generate adds a Pending report, which turns to Download and opens as a PDF', async ({
    page,
    context,
  }) => {
    test.slow();
    const files = await watchReportFiles(page);
    await signIn(page, demo.admin);
    await page.goto('/account');
    const section = reportsSection(page);
    const monitoring = section.getByRole('form', { name: 'Monitoring' });
    await choose(page, monitoring, 'Clinic', demoClinics.sunrise.name);
    await choose(page, monitoring, 'Physician', smallPhysician);
    await expect(monitoring.getByRole('combobox', { name: 'Version' })).toHaveText('Old Version');
    await choose(page, monitoring, 'Version', 'New Version');

    const generated = page.waitForResponse(
      (r) => r.url().endsWith('/api/reports/generate-batch') && r.request().method() === 'POST',
    );
    // A double-click asks for one report.
    const generates = countRequests(page, 'POST', /\/api\/reports\/generate-batch$/);
    await monitoring.getByRole('button', { name: 'Generate' }).dblclick();
    const answer = await generated;
    expect(answer.status()).toBe(200);
    const report = ((await answer.json()) as { data: { fileName: string; status: string } }).data;
    expect(report.status).toBe('pending');
    expect(report.fileName).toContain(smallPhysician);

    const list = section.getByRole('list', { name: 'Generated reports' });
    const item = list.getByRole('listitem', { name: report.fileName }).first();
    await expect(item).toBeVisible();
    await expect(list.getByRole('listitem').first()).toHaveAccessibleName(report.fileName);
    await expect(item.getByText('Pending')).toBeVisible();
    await expect(list.getByRole('listitem', { name: report.fileName })).toHaveCount(1);
    expect(generates.count()).toBe(1);
    await screenshot(page, 'reports-pending');

    // The list asks again every 10 seconds; the job builds the PDF meanwhile.
    const download = item.getByRole('button', { name: 'Download' });
    await expect(download).toBeVisible({ timeout: 90_000 });
    await expect(item.getByText('Pending')).toHaveCount(0);

    // The server fails: the spec's message, and the tab opened for the file goes away.
    await failOnce(page, /\/api\/reports\/batch\?/);
    const waitingTab = context.waitForEvent('page');
    await download.click();
    const emptyTab = await waitingTab;
    await expect(
      toast(page, 'There was a problem downloading the monthly report. Please try again later.'),
    ).toBeVisible();
    await expect.poll(() => emptyTab.isClosed()).toBe(true);

    await opensPdfTab(context, download, files, '/api/reports/batch?reportId=', 'reports-batch-tab');
  });

  test('a clinic user reports on their own clinic only; the section at 1280 and 390 px', async ({ page }) => {
    await signIn(page, demo.staff);
    await page.goto('/account');
    const section = reportsSection(page);
    for (const name of ['Billing', 'Monitoring']) {
      const form = section.getByRole('form', { name });
      await expect(form.getByLabel('Clinic')).toBeDisabled();
      await expect(form.getByLabel('Clinic')).toHaveValue(demoClinics.sunrise.name);
      await expect(form.getByRole('combobox', { name: 'Physician' })).not.toHaveAttribute(
        'aria-disabled',
        'true',
      );
    }
    await choose(page, section.getByRole('form', { name: 'Billing' }), 'Physician', mainPhysician);
    // The full page: a picture of the section alone would show the sticky top bar over it.
    await screenshot(page, 'reports-section-1280');

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(section.getByRole('heading', { name: 'Generated reports' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    // The section on screen, just under the sticky top bar.
    await section.evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().top + window.scrollY - 72));
    await screenshot(page, 'reports-section-390', { viewport: true });
  });
});

test.describe('the Export Data Report dialog', () => {
  test('from the clinician list: the Reports column, the last 12 months, Generate opens the PDF', async ({
    page,
    context,
    request,
  }) => {
    const { without } = await emailPatients(request);
    const month = currentMonth();
    const files = await watchReportFiles(page);
    await signIn(page, demo.sunrisePhysician);
    await page.goto('/patient/clinician-patient-list');
    await showAllPatients(page);
    const table = page.getByRole('table', { name: 'Clinician Patient List' });
    await expect(table.getByRole('columnheader', { name: 'Reports', exact: true })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search patients' }).fill(without.fullName);
    const open = table.getByRole('button', { name: `Export Data Report: ${without.fullName}` });
    await expect(open).toBeVisible();
    await screenshot(page, 'clinician-list-reports-column');
    await open.click();
    // The dialog opens over the list: the row's click (the patient's page) does not happen.
    const dialog = page.getByRole('dialog', { name: 'Export Data Report' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/\/patient\/clinician-patient-list/);
    await expect(dialog).toContainText(without.fullName);

    const generate = dialog.getByRole('button', { name: 'Generate' });
    const email = dialog.getByRole('button', { name: 'Email Report' });
    await expect(generate).toBeDisabled();
    await expect(email).toBeDisabled();

    await dialog.getByRole('combobox', { name: 'Month' }).click();
    const months = page.getByRole('listbox').getByRole('option');
    await expect(months).toHaveCount(12);
    await expect(months.first()).toHaveText(month.label);
    await months.first().click();
    await choose(page, dialog, 'Report type', 'Blood Pressure');
    await expect(generate).toBeDisabled();
    await choose(page, dialog, 'Version', 'Old Version');
    await expect(generate).toBeEnabled();
    await expect(email).toBeEnabled();
    await screenshot(page, 'export-data-report-list', { viewport: true });

    // A patient without email consent: the server's reason, as a toast. The dialog stays open, and MUI's
    // modal hides the rest of the page (the toasts too) from the accessibility tree: found by its text.
    await email.click();
    await expect(
      page.getByText('This patient has not agreed to receive email.', { exact: true }),
    ).toBeVisible();
    await expect(dialog).toBeVisible();

    const tab = opensPdfTab(context, generate, files, '/api/reports/patient?', 'patient-report-tab');
    await expect(dialog.getByRole('button', { name: 'Generating...' })).toBeVisible();
    await tab;
    await expect(dialog).toBeHidden();
  });

  test('from the detail page: the reports menu, January 2018 to now, Email Report and Generate', async ({
    page,
    context,
    request,
  }) => {
    const { withConsent } = await emailPatients(request);
    const month = currentMonth();
    const files = await watchReportFiles(page);
    await signIn(page, demo.sunrisePhysician);
    await page.goto(`/patient/details/${withConsent._id}`);
    await expect(page.getByRole('heading', { level: 1, name: withConsent.fullName })).toBeVisible();
    await page.getByRole('button', { name: 'Reports', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Export Data Report' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Data Report' });
    await expect(dialog).toBeVisible();

    await dialog.getByRole('combobox', { name: 'Month' }).click();
    const months = page.getByRole('listbox').getByRole('option');
    await expect(months.first()).toHaveText(month.label);
    await expect(months.last()).toHaveText('January 2018');
    await months.first().click();
    await choose(page, dialog, 'Report type', 'Weight');
    await choose(page, dialog, 'Version', 'New Version');
    await screenshot(page, 'export-data-report-details', { viewport: true });
    await expect(dialog.getByRole('button')).toHaveText(['Cancel', 'Generate', 'Email Report']);

    // The server fails: the spec's message for each, and the dialog stays open with its choices.
    await failOnce(page, /\/api\/reports\/patient\?.*sendMail=true/);
    await dialog.getByRole('button', { name: 'Email Report' }).click();
    await expect(
      page.getByText('There was a problem hitting the API. Please try again later.', { exact: true }),
    ).toBeVisible();
    await failOnce(page, /\/api\/reports\/patient\?/);
    const waitingTab = context.waitForEvent('page');
    await dialog.getByRole('button', { name: 'Generate' }).click();
    const emptyTab = await waitingTab;
    await expect(
      page.getByText('There was a problem downloading the data report. Please try again later.', {
        exact: true,
      }),
    ).toBeVisible();
    await expect.poll(() => emptyTab.isClosed()).toBe(true);
    await expect(dialog.getByRole('combobox', { name: 'Version' })).toHaveText('New Version');

    // Email consent and an address: sent, with the PDF attached, through the outbox.
    // A double-click sends one email.
    const since = new Date();
    const emails = countRequests(page, 'GET', /\/api\/reports\/patient\?.*sendMail=true/);
    await dialog.getByRole('button', { name: 'Email Report' }).dblclick();
    await expect(dialog.getByRole('button', { name: 'Sending...' })).toBeVisible();
    await expect(toast(page, 'Report Sent Successfully!')).toBeVisible();
    expect(emails.count()).toBe(1);
    const sent = await latestOutboxMessage(request, withConsent.email!, since);
    expect(sent.attachments).toEqual([
      { fileName: expect.stringMatching(/\.pdf$/), contentType: 'application/pdf', size: expect.any(Number) },
    ]);
    expect(sent.attachments[0]!.size).toBeGreaterThan(1_000);
    await expect(dialog).toBeHidden();

    // Generate, from a fresh opening: the choices start empty again.
    await page.getByRole('button', { name: 'Reports', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Export Data Report' }).click();
    await expect(dialog.getByRole('button', { name: 'Generate' })).toBeDisabled();
    await choose(page, dialog, 'Report type', 'Blood Pressure');
    await choose(page, dialog, 'Month', month.label);
    await choose(page, dialog, 'Version', 'New Version');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'export-data-report-390', { viewport: true });
    await opensPdfTab(
      context,
      dialog.getByRole('button', { name: 'Generate' }),
      files,
      '/api/reports/patient?',
    );
  });
});
