import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { apiAs, countRequests, demo, demoClinics, screenshot, signIn, toast } from '../support/vigil';

/**
 * Pairing on the patient's edit page (spec patients 2.1, 2.6, 4, 5) against the real server: the #deviceInfo
 * anchor, a BodyTrace device by IMEI, a Smart Meter device picked from the clinic's free ones, disconnect and
 * reconnect, a delete after the question, the history and the Active Devices dialog's Sync Readings.
 */

/** A demo patient of Sunrise (apps/server seed: clinic 1, the twelfth patient) that no other spec edits. */
const patientId = '00000000-0000-4000-a001-000000000012';

/** A 15-digit IMEI no other run uses. */
const randomImei = (prefix: string) =>
  `${prefix}${String(Date.now()).slice(-9)}${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}`.slice(
    0,
    15,
  );

/** The section whose heading (h2) is `title`. */
const section = (page: Page, title: string) => page.getByRole('region', { name: title, exact: true });

/** A new Sunrise patient, created by the API, who connects devices: answers the id. */
async function createPatient(staff: Awaited<ReturnType<typeof apiAs>>, firstName: string): Promise<string> {
  const created = await staff.post('/api/pacients', {
    clinic: demoClinics.sunrise.id,
    assignedPhysician: '00000000-0000-4000-8000-000000000103',
    careTeam: ['00000000-0000-4000-8000-000000000104'],
    firstName,
    lastName: 'Devices',
    email: '',
    language: 'EN',
    dateOfBirth: '05/06/1950',
    gender: 'FEMALE',
    diagnosis: 'Hypertension',
    heightFeet: '5',
    heightInches: '5',
    weight: '150',
    phones: [{ number: '5035550177', type: 'Landline', notes: '' }],
    consent: { status: 'Obtained via telephone' },
    connectDevices: 'Yes',
    enrolled: true,
  });
  expect(created.status(), await created.text()).toBe(201);
  return (await created.json()).data._id;
}

/** A new Sunrise patient with a BodyTrace scale paired by the API: the patient, the IMEI and the device. */
async function patientWithBodyTrace(staff: Awaited<ReturnType<typeof apiAs>>, firstName: string) {
  const id = await createPatient(staff, firstName);
  const imei = randomImei('35');
  const connected = await staff.post(`/api/bodytrace/connect-device/${id}`, { imei });
  expect(connected.status()).toBe(201);
  const deviceObjectId: string = (await connected.json()).device.device._id;
  return { id, imei, deviceObjectId };
}

/** The row of Connected Devices that shows the identifier. */
const connectedRow = (page: Page, identifier: string) =>
  page.getByRole('table', { name: 'Connected Devices' }).getByRole('row').filter({ hasText: identifier });

async function chooseOption(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('listbox').getByRole('option', { name: option }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

test.describe('patient devices', () => {
  test("the detail page's device count follows a device disconnected on the edit page", async ({
    page,
    request,
  }) => {
    const staff = await apiAs(request, demo.staff);
    const { id, imei } = await patientWithBodyTrace(staff, 'Dora');

    await signIn(page, demo.staff);
    await page.goto(`/patient/details/${id}`);
    const count = page.getByRole('button', { name: /^\d+ devices?$/ });
    await expect(count).toHaveText('1 device');
    await page.getByRole('link', { name: 'Edit patient settings' }).click();
    const row = connectedRow(page, imei);
    await row.getByRole('button', { name: 'Disconnect' }).click();
    await expect(toast(page, 'Device updated')).toBeVisible();
    await page.goBack();
    await expect(count).toHaveText('0 devices');
    await screenshot(page, 'patient-details-device-count', { viewport: true });
  });

  test('by keyboard alone, the focus stays in place through pairing, disconnecting and reconnecting', async ({
    page,
    request,
  }) => {
    const staff = await apiAs(request, demo.staff);
    const id = await createPatient(staff, 'Keya');
    const imei = randomImei('35');

    await signIn(page, demo.staff);
    await page.goto(`/patient/edit/${id}#deviceInfo`);
    await page.getByRole('combobox', { name: 'Brand' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('option', { name: 'BodyTrace' }).press('Enter');
    const imeiField = page.getByRole('textbox', { name: 'IMEI' });
    await page.keyboard.press('Tab');
    await expect(imeiField).toBeFocused();
    await page.keyboard.type(imei);
    await page.getByRole('button', { name: 'Pair', exact: true }).focus();
    await page.keyboard.press('Space');
    await expect(toast(page, 'Pair was successful')).toBeVisible();
    // Ready for the next device, on the brand it was paired with, not lost on the page.
    await expect(page.getByRole('combobox', { name: 'Brand' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(imeiField).toBeFocused();

    const row = connectedRow(page, imei);
    await row.getByRole('button', { name: 'Disconnect' }).focus();
    await page.keyboard.press('Enter');
    await expect(row.getByRole('button', { name: 'Reconnect' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(row.getByRole('button', { name: 'Disconnect' })).toBeFocused();
  });

  test('a device the operator deactivated shows as deactivated, with nothing to reconnect', async ({
    page,
    request,
  }) => {
    const staff = await apiAs(request, demo.staff);
    const admin = await apiAs(request, demo.admin);
    const { id, imei, deviceObjectId } = await patientWithBodyTrace(staff, 'Deactivated');
    const deactivated = await admin.post('/api/withings/Updatesimstatus', { deviceObjectId });
    expect(deactivated.status(), await deactivated.text()).toBe(200);

    await signIn(page, demo.staff);
    await page.goto(`/patient/edit/${id}#deviceInfo`);
    const row = connectedRow(page, imei);
    await expect(row).toContainText('deactivated');
    await expect(row.getByRole('button', { name: 'Reconnect' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Disconnect' })).toHaveCount(0);
    await expect(row.getByRole('button', { name: 'Delete' })).toBeVisible();
    await screenshot(page, 'patient-devices-deactivated', { of: section(page, 'Connected Devices') });
  });

  test('a device another user changed meanwhile: the failed action shows the devices as they are now', async ({
    page,
    request,
  }) => {
    const staff = await apiAs(request, demo.staff);
    const admin = await apiAs(request, demo.admin);
    const { id, imei, deviceObjectId } = await patientWithBodyTrace(staff, 'Stale');
    const other = await createPatient(staff, 'Other');

    await signIn(page, demo.staff);
    await page.goto(`/patient/edit/${id}#deviceInfo`);
    const row = connectedRow(page, imei);
    await expect(row).toContainText('active');
    // The operator unlinks it in the inventory; the nurse's page still shows it.
    const unlinked = await admin.put('/api/bodytrace/unlink-device', { deviceObjectId });
    expect(unlinked.status()).toBe(200);
    await row.getByRole('button', { name: 'Disconnect' }).click();
    await expect(row).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Active Devices (0)' })).toBeVisible();

    // A free Smart Meter device, picked, then paired with another patient before Pair is pressed.
    const deviceInfo = section(page, 'Device Info');
    await chooseOption(page, 'Brand', 'Smart Meter');
    const picker = page.getByRole('combobox', { name: 'IMEI' });
    await picker.click();
    const firstFree = page.getByRole('listbox').getByRole('option').first();
    const picked = (await firstFree.textContent())?.match(/\d{15}/)?.[0] ?? '';
    await firstFree.click();
    const free = await (await staff.get(`/api/smart-meter?patientId=${id}`)).json();
    const taken = free.devices.find((d: { imei: string }) => d.imei === picked);
    const paired = await staff.post('/api/smart-meter/connect-device', {
      patientId: other,
      deviceObjectId: taken._id,
      deviceName: 'Cuff',
    });
    expect(paired.status()).toBe(201);
    await deviceInfo.getByRole('button', { name: 'Pair', exact: true }).click();
    await expect(toast(page, 'This device is already paired with a patient.')).toBeVisible();
    await expect(picker).not.toContainText(picked);
    await screenshot(page, 'patient-devices-picked-then-taken', { of: deviceInfo });
    await picker.click();
    await expect(page.getByRole('listbox').getByRole('option', { name: new RegExp(picked) })).toHaveCount(0);
    await page.keyboard.press('Escape');
  });

  test('staff pair, disconnect, reconnect and delete devices, see the history and sync readings', async ({
    page,
    request,
  }) => {
    test.slow();
    await signIn(page, demo.staff);
    await page.goto(`/patient/edit/${patientId}#deviceInfo`);
    const deviceInfo = section(page, 'Device Info');
    await expect(deviceInfo).toBeInViewport();
    await screenshot(page, 'patient-devices-anchor', { viewport: true });
    // The device sections sit after the medical info and custom alerts, before Priority (spec patients 2.1).
    const headings = page.getByRole('heading', { level: 2 });
    const titles = await headings.allTextContents();
    const at = (t: string) => titles.indexOf(t);
    expect(at('Custom Alerts')).toBeLessThan(at('Device Info'));
    expect(at('Device Info')).toBeLessThan(at('Connected Devices'));
    expect(at('Connected Devices')).toBeLessThan(at('Device History'));
    expect(at('Device History')).toBeLessThan(at('Priority'));

    // BodyTrace: Pair waits for exactly 15 digits.
    const bodyTraceImei = randomImei('35');
    await chooseOption(page, 'Brand', 'BodyTrace');
    const pair = deviceInfo.getByRole('button', { name: 'Pair', exact: true });
    const imei = deviceInfo.getByRole('textbox', { name: 'IMEI' });
    await imei.fill(bodyTraceImei.slice(0, 14));
    await expect(pair).toBeDisabled();
    // Pasted as printed on a label, with its dashes: the digits stay, all fifteen.
    const printed = `${bodyTraceImei.slice(0, 2)}-${bodyTraceImei.slice(2, 8)}-${bodyTraceImei.slice(8, 14)}-${bodyTraceImei.slice(14)}`;
    await imei.fill(printed);
    await expect(imei).toHaveValue(bodyTraceImei);
    await expect(pair).toBeEnabled();
    await deviceInfo.getByRole('textbox', { name: 'Device Name' }).fill('Bathroom scale');
    await chooseOption(page, 'Device Type', 'Scale');
    await screenshot(page, 'patient-devices-bodytrace-form', { of: deviceInfo });
    await pair.click();
    await expect(toast(page, 'Pair was successful')).toBeVisible();
    await expect(imei).toHaveValue('');

    const table = page.getByRole('table', { name: 'Connected Devices' });
    const bodyTraceRow = table.getByRole('row').filter({ hasText: bodyTraceImei });
    await expect(bodyTraceRow).toContainText('BodyTrace');
    await expect(bodyTraceRow).toContainText('Bathroom scale');
    await expect(bodyTraceRow).toContainText('active');
    await expect(bodyTraceRow).toContainText('Never Connected');

    // Smart Meter: the IMEI is picked from the clinic's free devices (the demo seed gives Sunrise some).
    await chooseOption(page, 'Brand', 'Smart Meter');
    await page.getByRole('combobox', { name: 'IMEI' }).click();
    const firstFree = page.getByRole('listbox').getByRole('option').first();
    const smartMeterImei = (await firstFree.textContent())?.match(/\d{15}/)?.[0] ?? '';
    expect(smartMeterImei).toMatch(/^\d{15}$/);
    await firstFree.click();
    await deviceInfo.getByRole('textbox', { name: 'Device Name' }).fill('Cuff');
    await pair.click();
    await expect(toast(page, 'Pair was successful').last()).toBeVisible();
    const smartMeterRow = table.getByRole('row').filter({ hasText: smartMeterImei });
    await expect(smartMeterRow).toContainText('Smart Meter');

    // Smart Meter devices are only disconnected and reconnected; they are not deleted here.
    await expect(smartMeterRow.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await smartMeterRow.getByRole('button', { name: 'Disconnect' }).click();
    await expect(toast(page, 'Device updated')).toBeVisible();
    await expect(smartMeterRow).toContainText('disabled');
    await screenshot(page, 'patient-devices-connected-table', { of: section(page, 'Connected Devices') });
    // At 1024 px every column and action fits the card: nothing waits behind a sideways scroll.
    await page.setViewportSize({ width: 1024, height: 900 });
    await expect(bodyTraceRow.getByRole('button', { name: 'Delete' })).toBeVisible();
    const fits = await table.evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth);
    expect(fits).toBe(true);
    await screenshot(page, 'patient-devices-connected-table-1024', {
      of: section(page, 'Connected Devices'),
    });
    await page.setViewportSize({ width: 1280, height: 720 });
    await smartMeterRow.getByRole('button', { name: 'Reconnect' }).click();
    await expect(smartMeterRow).toContainText('active');
    await expect(smartMeterRow.getByRole('button', { name: 'Disconnect' })).toBeVisible();

    // BodyTrace: deleted after the question; Cancel keeps it.
    await bodyTraceRow.getByRole('button', { name: 'Delete' }).click();
    const question = page.getByRole('dialog', { name: 'Delete Device' });
    await expect(question).toContainText(
      'Deleting this device will disconnect it from the patient. Do you want to continue?',
    );
    await screenshot(page, 'patient-devices-delete-question', { viewport: true });
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(question).toBeHidden();
    await expect(bodyTraceRow).toHaveCount(1);
    await bodyTraceRow.getByRole('button', { name: 'Delete' }).click();
    // A double-click deletes once, and says so.
    const deletes = countRequests(page, 'DELETE', /\/api\//);
    await question.getByRole('button', { name: 'Yes, Continue' }).dblclick();
    await expect(toast(page, 'Device deleted')).toBeVisible();
    await expect(bodyTraceRow).toHaveCount(0);
    expect(deletes.count()).toBe(1);
    // Its Delete button went with the row: focus is on the table, not back at the top of the page.
    await expect(table).toBeFocused();

    // The history keeps every pairing, the deleted one included.
    const historySection = section(page, 'Device History');
    const history = page.getByRole('table', { name: 'Device History' });
    await expect(history).toHaveCount(0);
    await historySection.getByRole('button', { name: 'Show History' }).click();
    const deletedRow = history.getByRole('row').filter({ hasText: bodyTraceImei });
    await expect(deletedRow).toContainText('deleted');
    await expect(deletedRow.getByRole('cell').nth(6)).toHaveText(/^\d{2}\/\d{2}\/\d{4} /);
    await expect(history.getByRole('row').filter({ hasText: smartMeterImei })).toContainText('active');
    await screenshot(page, 'patient-devices-history', { of: historySection });
    await historySection.getByRole('button', { name: 'Hide History' }).click();
    await expect(history).toHaveCount(0);

    // Active Devices: the Smart Meter device, and Sync Readings.
    await section(page, 'Connected Devices')
      .getByRole('button', { name: /^Active Devices \(\d+\)$/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Active Devices' });
    await expect(dialog.getByRole('row').filter({ hasText: smartMeterImei })).toHaveCount(1);
    await expect(dialog.getByRole('row').filter({ hasText: bodyTraceImei })).toHaveCount(0);
    // The device took a reading out of range, which its vendor's API holds: the sync says it was refused.
    const outOfRange = await request.post('/api/dev/vendors/smart-meter/readings', {
      data: {
        readings: [
          {
            reading_id: `e2e-out-of-range-${smartMeterImei}`,
            imei: smartMeterImei,
            date_recorded: new Date(Date.now() - 3_600_000).toISOString(),
            reading_type: 'blood_pressure',
            systolic_mmhg: 320,
            diastolic_mmhg: 100,
          },
        ],
      },
    });
    expect(outOfRange.status()).toBe(200);
    // Pulled readings may open alerts and move the lists' figures: the patient is asked for again.
    const patientAgain = page.waitForRequest(
      (request) => request.method() === 'GET' && request.url().endsWith(`/api/pacients/${patientId}`),
      { timeout: 10_000 },
    );
    await dialog.getByRole('button', { name: 'Sync Readings' }).click();
    await patientAgain;
    // The open dialog hides the rest of the page, the toasts included, from the accessibility tree (MUI's
    // modal): the toast is found by its text, and the dialog says the count in its own status line.
    await expect(page.getByText('Readings Synced Successfully')).toBeVisible();
    await expect(dialog.getByRole('status')).toHaveText(/new readings? received\.|No new readings\./);
    await expect(dialog.getByRole('alert')).toHaveText(
      '1 reading from the devices could not be stored: out of range, in the future or unreadable.',
    );
    await screenshot(page, 'patient-devices-active-dialog', { viewport: true });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    // None of it was an unsaved change of the patient form: leaving asks nothing.
    await page.getByRole('link', { name: 'Patient Priority List' }).click();
    await expect(page).toHaveURL('/patient/priority-list');
  });

  test('the brands ask for their own fields, with the spec messages', async ({ page }) => {
    await signIn(page, demo.staff);
    await page.goto(`/patient/edit/${patientId}`);
    const deviceInfo = section(page, 'Device Info');
    const pair = deviceInfo.getByRole('button', { name: 'Pair', exact: true });

    await chooseOption(page, 'Brand', 'Withings');
    const mac = deviceInfo.getByRole('textbox', { name: 'MAC Address' });
    await mac.fill('00:24:E4:AB');
    await mac.blur();
    await expect(mac).toHaveAccessibleDescription('MAC Address - Must be 12 characters long');
    // Dashes separate its digits as colons do.
    await mac.fill('00-24-E4-AB-CD-EF');
    await mac.blur();
    await expect(mac).toHaveAccessibleDescription('Colons or dashes are optional.');
    // Twelve characters that are no hexadecimal digits are no MAC address either.
    await mac.fill('zz:zz:zz:zz:zz:zz');
    await mac.blur();
    await expect(mac).toHaveAccessibleDescription(
      'MAC Address - Must contain only the digits 0-9 and the letters A-F',
    );
    // Enter pairs (or checks) the device; it never submits the patient form around it.
    await mac.press('Enter');
    await expect(toast(page, 'Patient Updated')).toHaveCount(0);
    await expect(page).toHaveURL(`/patient/edit/${patientId}`);

    await chooseOption(page, 'Brand', 'eDevice');
    await pair.click();
    for (const name of ['Hub Serial Number', 'Bluetooth MA', 'Device Name', 'Model Name'])
      await expect(deviceInfo.getByRole('textbox', { name })).toHaveAccessibleDescription('Required');
    await screenshot(page, 'patient-devices-edevice-required', { of: deviceInfo });
    await page.setViewportSize({ width: 768, height: 900 });
    await screenshot(page, 'patient-devices-edevice-768', { of: deviceInfo });
    // A Bluetooth address is a MAC address: twelve hexadecimal digits, separators aside.
    const bluetooth = deviceInfo.getByRole('textbox', { name: 'Bluetooth MA' });
    await bluetooth.fill('A4:C1:38:00:00:ZZ');
    await pair.click();
    await expect(bluetooth).toHaveAccessibleDescription(
      'Bluetooth MA - Must contain only the digits 0-9 and the letters A-F',
    );
    await bluetooth.fill('A4:C1:38:00:00');
    await expect(bluetooth).toHaveAccessibleDescription('Bluetooth MA - Must be 12 characters long');
    await screenshot(page, 'patient-devices-edevice-bluetooth', { of: deviceInfo });

    await chooseOption(page, 'Brand', 'Tenovi');
    await expect(deviceInfo.getByRole('textbox', { name: 'Device ID' })).toBeVisible();
    // Nothing typed is kept once paired or the brand changes; leaving with nothing typed asks nothing.
    await page.getByRole('link', { name: 'Patient Priority List' }).click();
    await expect(page).toHaveURL('/patient/priority-list');
  });
});
