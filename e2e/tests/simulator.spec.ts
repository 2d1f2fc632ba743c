import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { APIRequestContext } from '@playwright/test';
import type { ConnectedDevice, PatientListPage, PriorityListRow } from '@vigil/core';
import { expect, test } from '../support/fixtures';
import { showAllPatients } from '../support/patient-lists';
import { demo, demoPassword, screenshot, serverUrl, signIn } from '../support/vigil';

/**
 * `npm run simulate` against the running server, as the README shows it: a device reading for one named
 * patient arrives through its vendor's webhook and, within that request, raises its alert, which the
 * priority list shows at once.
 */

const root = path.resolve(import.meta.dirname, '..', '..');
const run = promisify(execFile);

async function signInApi(request: APIRequestContext): Promise<Record<string, string>> {
  const res = await request.post('/api/auth', { data: { email: demo.admin, password: demoPassword } });
  return { authorization: `Bearer ${(await res.json()).token}` };
}

async function priorityList(request: APIRequestContext, headers: Record<string, string>) {
  const res = await request.get('/api/pacients/patient-priority-list?pageSize=100', { headers });
  return (await res.json()) as PatientListPage<PriorityListRow>;
}

/** A monitored patient with no open alert, reading through a push vendor's blood pressure monitor. */
async function quietPatientWithMonitor(request: APIRequestContext, headers: Record<string, string>) {
  const list = await priorityList(request, headers);
  for (const row of list.patients) {
    if (row.numActiveAlerts > 0 || row.inactive || row.unenrolled || row.neverEnrolled) continue;
    const res = await request.get(`/api/devices?inputVal=&patientId=${row._id}`, { headers });
    const { devices } = (await res.json()) as { devices: ConnectedDevice[] };
    const monitor = devices.find(
      (d) =>
        d.status === 'active' &&
        !d.deletedAt &&
        d.type === 'Blood Pressure Monitor' &&
        d.brand !== 'Withings',
    );
    if (monitor) return { row, monitor, rank: list.patientIds.indexOf(row._id) };
  }
  throw new Error('The demo seed has no quiet patient with a blood pressure monitor');
}

test('a simulated reading raises its alert and moves the patient up the priority list', async ({
  page,
  request,
}) => {
  const headers = await signInApi(request);
  const { row, rank } = await quietPatientWithMonitor(request, headers);

  // The list is open on the nurse's screen before the reading arrives.
  await signIn(page, demo.admin);
  await page.goto('/patient/priority-list');
  await showAllPatients(page);
  await page.getByRole('searchbox', { name: 'Search patients' }).fill(row.lastName);
  const line = page.getByRole('table', { name: 'Patient Priority List' }).locator('tbody tr', {
    hasText: row.fullName,
  });
  await expect(line).toBeVisible();
  await expect(line.getByRole('img', { name: /most urgent Clinical/ })).toHaveCount(0);
  // And, in a second tab, the patient's detail page, with no active alert.
  const detailPage = await page.context().newPage();
  await signIn(detailPage, demo.admin);
  await detailPage.goto(`/patient/details/${row._id}`);
  const activeAlerts = detailPage
    .getByRole('region', { name: 'Alerts', exact: true })
    .getByRole('region', { name: 'Active' });
  await expect(activeAlerts).toBeVisible();
  await expect(activeAlerts.getByRole('listitem')).toHaveCount(0);

  const { stdout } = await run(
    path.join(root, 'node_modules', '.bin', 'tsx'),
    ['apps/server/src/simulator/simulate.ts', '--url', serverUrl, '--patient', row._id, '--high'],
    { cwd: root },
  );
  expect(stdout).toContain(row.fullName);
  expect(stdout).toMatch(/BP 2\d\d\/\d+ HR \d+ +→ 200 stored/);

  const after = await priorityList(request, headers);
  const moved = after.patients.find((p) => p._id === row._id)!;
  expect(moved.highestPriorityAlertCategory).toBe('Clinical');
  expect(moved.lastBpReading?.systolic).toBeGreaterThanOrEqual(205);
  expect(after.patientIds.indexOf(row._id)).toBeLessThan(rank);

  // The open list shows it without a reload: when the tab comes back into view (or within the minute).
  await page.bringToFront();
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await expect(line.getByRole('img', { name: /1 active, most urgent Clinical/ })).toBeVisible();
  await expect(line).toContainText(`${moved.lastBpReading!.systolic}/${moved.lastBpReading!.diastolic}`);
  await screenshot(page, 'simulator-alert-on-priority-list');
  // So does the open detail page: its alerts panel shows the new alert.
  await detailPage.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await expect(activeAlerts.getByRole('listitem')).toHaveCount(1);
  await screenshot(detailPage, 'simulator-alert-on-detail-page');
});
