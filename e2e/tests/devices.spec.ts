import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { apiAs, countRequests, demo, demoClinics, screenshot, signIn, toast } from '../support/vigil';

/**
 * Device Management (spec administration 2, 4, 5, 6; decision 0009) against the real server: the add form
 * with 'Save and New', its field messages and a duplicate; search, sort and paging; edit with 'Update
 * Device'; deactivate, delete and unlink from the row menu; who sees the menu entry and the operator controls.
 */

/** A demo patient of Sunrise (apps/server seed: clinic 1, the fourteenth patient) that no other spec edits. */
const patientId = '00000000-0000-4000-a001-000000000014';

const randomDigits = (n: number) => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
const randomHex = (n: number) =>
  Array.from({ length: n }, () => '0123456789ABCDEF'[Math.floor(Math.random() * 16)]).join('');
/** A Withings MAC address as printed on the box, with colons; stored without them. */
const randomMac = () => (randomHex(12).match(/.{2}/g) ?? []).join(':');
const randomImei = () => `35${randomDigits(13)}`;

async function chooseOption(page: Page, label: string, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page
    .getByRole('listbox')
    .getByRole('option', { name: option, exact: typeof option === 'string' })
    .click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

async function openUserMenu(page: Page): Promise<Locator> {
  await page.locator('#user-menu-button').click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

const inventory = (page: Page) => page.getByRole('table', { name: 'Device Management' });
const rowOf = (page: Page, text: string) => inventory(page).locator('tbody tr').filter({ hasText: text });

/** Types into the search box and waits for the list to answer with that search. */
async function search(page: Page, text: string): Promise<void> {
  const answered = page.waitForResponse(
    (r) =>
      r.url().includes('/api/devices/search') && r.url().includes(`inputValue=${encodeURIComponent(text)}`),
  );
  await page.getByRole('searchbox', { name: 'Search devices' }).fill(text);
  await answered;
}

/** Opens a row's menu and returns its entries. */
async function openRowMenu(page: Page, name: string): Promise<Locator> {
  await page.getByRole('button', { name: `device actions: ${name}` }).click();
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  return menu;
}

test.describe('device management (operator portal)', () => {
  test('add devices with Save and New: the banner, the field messages and a duplicate', async ({ page }) => {
    await signIn(page, demo.admin);
    const menu = await openUserMenu(page);
    await expect(menu.getByRole('menuitem')).toHaveText([
      'Device Management',
      'Manage Forms',
      'Account',
      'Security',
      'Logout',
    ]);
    await menu.getByRole('menuitem', { name: 'Device Management' }).click();
    await expect(page).toHaveURL('/device/dashboard');
    await expect(page.getByRole('heading', { name: 'Device Management' })).toBeVisible();
    await page.getByRole('link', { name: 'Add Device' }).first().click();
    await expect(page).toHaveURL('/device/add');

    const save = page.getByRole('button', { name: 'Save and New' });
    await save.click();
    await expect(page.getByText('Required')).toHaveCount(3);

    // The identifier's label and rule follow the brand; its message shows before a type is chosen.
    await chooseOption(page, 'Device Brand', 'Withings');
    const mac = page.getByRole('textbox', { name: 'MAC Address' });
    await mac.fill('00:24:E4');
    await mac.blur();
    await expect(page.getByText('MAC Address must be 12 characters long')).toBeVisible();
    // Twelve characters that are no MAC address are told what is wrong with them, not their length.
    await mac.fill('GG:HH:II:JJ:KK:LL');
    await expect(
      page.getByText('MAC Address may contain only the digits 0-9 and the letters A-F'),
    ).toBeVisible();
    await chooseOption(page, 'Device Type', 'Scale');
    await chooseOption(page, 'Device Brand', 'Smart Meter');
    const imei = page.getByRole('textbox', { name: 'IMEI' });
    await imei.fill('35000000');
    await imei.blur();
    await expect(page.getByText('IMEI must be 15 characters long')).toBeVisible();
    await chooseOption(page, 'Device Brand', 'eDevice');
    // A Bluetooth address is a MAC address: the IMEI typed for the last brand is none.
    const bluetooth = page.getByRole('textbox', { name: 'Bluetooth Address' });
    await expect(bluetooth).toHaveAccessibleDescription('Bluetooth Address must be 12 characters long');
    await expect(save).toBeDisabled();
    await bluetooth.fill('A4-C1-38-0E-11-22');
    await expect(page.getByRole('textbox', { name: 'Hub Serial Number' })).toBeVisible();
    await save.click();
    await expect(page.getByRole('textbox', { name: 'Hub Serial Number' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await chooseOption(page, 'Device Brand', 'Tenovi');
    await expect(page.getByRole('textbox', { name: 'Device ID' })).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Hub Serial Number' })).toHaveCount(0);
    // The hub's error went with the eDevice brand: Save is offered again.
    await expect(save).toBeEnabled();

    // A Withings scale for Sunrise: the banner names it, and only the identifier clears.
    await chooseOption(page, 'Device Brand', 'Withings');
    await chooseOption(page, 'Clinic', demoClinics.sunrise.name);
    const first = randomMac();
    const firstSerial = first.replace(/:/g, '');
    await mac.fill(first.toLowerCase());
    await expect(page.getByText('MAC Address must be 12 characters long')).toHaveCount(0);
    await save.click();
    const banner = page.getByRole('alert').filter({ hasText: 'Device created successfully!' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText(
      new RegExp(`Created device named .+ with serial number ${firstSerial}`),
    );
    await expect(mac).toHaveValue('');
    await expect(page.getByRole('combobox', { name: 'Device Brand' })).toHaveText('Withings');
    await expect(page.getByRole('combobox', { name: 'Device Type' })).toHaveText('Scale');
    await expect(page.getByRole('combobox', { name: 'Clinic' })).toHaveText(demoClinics.sunrise.name);
    await expect(mac).toBeFocused();
    await screenshot(page, 'device-form-created');

    // The next one, with Enter pressed twice before the page could answer the first: created once, with no
    // duplicate message after the banner.
    const second = randomMac().replace(/:/g, '');
    await mac.fill(second);
    const creates = countRequests(page, 'POST', /\/api\/devices$/);
    await mac.evaluate((input: HTMLInputElement) => {
      input.form!.requestSubmit();
      input.form!.requestSubmit();
    });
    await expect(banner).toContainText(`with serial number ${second}`);
    await expect(mac).toHaveValue('');
    await expect(page.getByText('A device of this brand with this identifier already exists.')).toHaveCount(
      0,
    );
    expect(creates.count()).toBe(1);

    // The first again: the server's message under the identifier.
    await mac.fill(first);
    await save.click();
    await expect(
      page.getByText('A device of this brand with this identifier already exists.').first(),
    ).toBeVisible();
    await expect(mac).toHaveAttribute('aria-invalid', 'true');
    await screenshot(page, 'device-form-duplicate');

    // After a Save and New, one press on Cancel leaves: the empty identifier it focused shows no message
    // on the way out, which had moved the button from under the pointer.
    const third = randomMac().replace(/:/g, '');
    await mac.fill(third);
    await save.click();
    await expect(banner).toContainText(`with serial number ${third}`);
    await expect(mac).toBeFocused();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page).toHaveURL('/device/dashboard');

    // They are in the inventory, found by their serial number.
    await search(page, firstSerial);
    const row = rowOf(page, first);
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('Scale');
    await expect(row).toContainText(demoClinics.sunrise.name);
    await expect(row).toContainText(/\d{2}\/\d{2}\/\d{4}/);
    await expect(row).toContainText('active');
    await search(page, second);
    await expect(inventory(page).locator('tbody tr')).toHaveCount(1);
  });

  test('search, sort by a column and page through the inventory', async ({ page, request }) => {
    // Eleven Tenovi devices with one tag, so that a search finds exactly two pages of them.
    const tag = `TV${randomHex(6)}`;
    const admin = await apiAs(request, demo.admin);
    const serials = Array.from({ length: 11 }, (_, i) => `${tag}-${String(i + 1).padStart(2, '0')}`);
    for (const [i, serialNumber] of serials.entries()) {
      const created = await admin.post('/api/devices', {
        brand: 'Tenovi',
        type: i % 2 === 0 ? 'Scale' : 'Blood Pressure Monitor',
        serialNumber,
        clinicId: i < 5 ? demoClinics.harbor.id : null,
      });
      expect(created.status()).toBe(201);
    }

    await signIn(page, demo.admin);
    await page.goto('/device/dashboard');
    await expect(page.getByText(/^Devices: 1 - \d+ out of \d+$/)).toBeVisible();
    await screenshot(page, 'device-dashboard-default');
    await search(page, tag.toLowerCase());
    await expect(page.getByText('11 devices')).toBeVisible();
    await expect(page.getByText('Devices: 1 - 10 out of 11')).toBeVisible();
    const ids = inventory(page).locator('tbody th');
    await expect(ids).toHaveCount(10);
    // The default order is the newest first.
    await expect(ids.first()).toHaveText(serials[10]!);
    await screenshot(page, 'device-dashboard');

    // Sorting toggles ascending and descending, and starts again from page 1.
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText('Devices: 11 - 11 out of 11')).toBeVisible();
    const header = inventory(page).getByRole('columnheader', { name: 'Device ID' });
    await inventory(page).getByRole('button', { name: 'Device ID' }).click();
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(page.getByText('Devices: 1 - 10 out of 11')).toBeVisible();
    await expect(ids).toHaveText(serials.slice(0, 10));
    await inventory(page).getByRole('button', { name: 'Device ID' }).click();
    await expect(header).toHaveAttribute('aria-sort', 'descending');
    await expect(ids).toHaveText([...serials].reverse().slice(0, 10));

    // Go to page, previous and next.
    await chooseOption(page, 'Go to page', '2');
    await expect(page.getByText('Devices: 11 - 11 out of 11')).toBeVisible();
    await expect(ids).toHaveText([serials[0]!]);
    await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await page.getByRole('button', { name: 'Previous page' }).click();
    await expect(page.getByText('Devices: 1 - 10 out of 11')).toBeVisible();

    // Sorting by the clinic, ascending: Harbor's five devices first, then the operator's stock (no clinic).
    await inventory(page).getByRole('button', { name: 'Assigned Clinic' }).click();
    await expect(inventory(page).getByRole('columnheader', { name: 'Assigned Clinic' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(inventory(page).locator('tbody tr td:nth-child(4)')).toHaveText([
      ...Array<string>(5).fill(demoClinics.harbor.name),
      ...Array<string>(5).fill(''),
    ]);

    // A new search starts again from page 1.
    await page.getByRole('button', { name: 'Next page' }).click();
    await expect(page.getByText('Devices: 11 - 11 out of 11')).toBeVisible();
    await search(page, serials[3]!);
    await expect(page.getByText('Devices: 1 - 1 out of 1')).toBeVisible();
    await expect(page).not.toHaveURL(/page=/);
  });

  test('edit with Update Device, deactivate, then delete', async ({ page, request }) => {
    const serial = randomImei();
    const admin = await apiAs(request, demo.admin);
    const created = await admin.post('/api/devices', { brand: 'Pylo', type: 'Scale', serialNumber: serial });
    expect(created.status()).toBe(201);

    await signIn(page, demo.admin);
    await page.goto('/device/dashboard');
    await search(page, serial);
    await expect(rowOf(page, serial)).toContainText('Scale');

    let menu = await openRowMenu(page, serial);
    // No patient: Delete, not Unlink.
    await expect(menu.getByRole('menuitem')).toHaveText(['Edit', 'Delete', 'Deactivate']);
    await menu.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page).toHaveURL(/\/device\/edit\//);
    await expect(page.getByRole('combobox', { name: 'Device Brand' })).toHaveText('Pylo');
    await expect(page.getByRole('textbox', { name: 'IMEI' })).toHaveValue(serial);
    await chooseOption(page, 'Device Type', 'Blood Pressure Monitor');
    await chooseOption(page, 'Clinic', demoClinics.harbor.name);
    await screenshot(page, 'device-form-edit');
    await page.getByRole('button', { name: 'Update Device' }).click();
    await expect(toast(page, 'Device updated')).toBeVisible();
    // Back to the list as it was left: the search is kept.
    await expect(page).toHaveURL(/\/device\/dashboard\?q=/);
    const row = rowOf(page, serial);
    await expect(row).toContainText('Blood Pressure Monitor');
    await expect(row).toContainText(demoClinics.harbor.name);

    // The clinic can be removed again.
    menu = await openRowMenu(page, serial);
    await menu.getByRole('menuitem', { name: 'Edit' }).click();
    await chooseOption(page, 'Clinic', 'Remove clinic');
    await page.getByRole('button', { name: 'Update Device' }).click();
    await expect(page).toHaveURL(/\/device\/dashboard/);
    await expect(row).not.toContainText(demoClinics.harbor.name);

    menu = await openRowMenu(page, serial);
    await menu.getByRole('menuitem', { name: 'Deactivate' }).click();
    const deactivate = page.getByRole('dialog', { name: 'Deactivate Device' });
    // It cannot be undone here: the question opens on Cancel, so an Enter pressed at once changes nothing.
    await expect(deactivate.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await screenshot(page, 'device-deactivate-question', { of: deactivate });
    await deactivate.getByRole('button', { name: 'Deactivate' }).click();
    await expect(toast(page, 'Device deavtivated')).toBeVisible();
    await expect(row).toContainText('deactivated');
    menu = await openRowMenu(page, serial);
    await expect(menu.getByRole('menuitem')).toHaveText(['Edit', 'Delete']);

    await menu.getByRole('menuitem', { name: 'Delete' }).click();
    const remove = page.getByRole('dialog', { name: 'Delete Device' });
    await expect(remove).toContainText(serial);
    // A double-click deletes once: no 404 after the success.
    const deletes = countRequests(page, 'DELETE', /\/api\/devices\//);
    await remove.getByRole('button', { name: 'Delete' }).dblclick();
    await expect(toast(page, 'Device deleted')).toBeVisible();
    expect(deletes.count()).toBe(1);
    await expect(row).toHaveCount(0);
    await expect(page.getByText('No devices found.')).toBeVisible();
    // The row's menu went with it: focus is on the table, not back at the top of the page.
    await expect(page.getByRole('table', { name: 'Device Management' })).toBeFocused();
  });

  test('a paired device offers Unlink; unlinked, it offers Delete', async ({ page, request }) => {
    const serial = randomImei();
    const admin = await apiAs(request, demo.admin);
    const created = await admin.post('/api/devices', {
      brand: 'Smart Meter',
      type: 'Blood Pressure Monitor',
      serialNumber: serial,
      clinicId: demoClinics.sunrise.id,
    });
    expect(created.status()).toBe(201);
    const { device } = ((await created.json()) as { data: { device: { _id: string } } }).data;
    const paired = await admin.post('/api/smart-meter/connect-device', {
      patientId,
      deviceObjectId: device._id,
      deviceName: 'Cuff',
    });
    expect(paired.status()).toBe(201);

    await signIn(page, demo.admin);
    // The seeded devices with a patient first: their statuses are the pairings' (spec administration 4).
    await page.goto('/device/dashboard?sort=patient&order=asc');
    await expect(inventory(page).getByRole('columnheader', { name: 'Assigned Patient' })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    await expect(inventory(page).locator('tbody tr').first().locator('td').nth(3)).not.toBeEmpty();
    await screenshot(page, 'device-dashboard-paired');
    await search(page, serial);
    const row = rowOf(page, serial);
    await expect(row.locator('td').nth(3)).not.toBeEmpty();
    await expect(row).toContainText('active');
    const menu = await openRowMenu(page, serial);
    await expect(menu.getByRole('menuitem')).toHaveText(['Edit', 'Unlink', 'Deactivate']);
    // Its identifier stays while a patient holds it: the refusal is shown under the field changed.
    await menu.getByRole('menuitem', { name: 'Edit' }).click();
    const imei = page.getByRole('textbox', { name: 'IMEI' });
    await imei.fill(randomImei());
    await page.getByRole('button', { name: 'Update Device' }).click();
    await expect(imei).toHaveAccessibleDescription(
      /^This device is still a patient's, connected or not: its brand and identifier can change only/,
    );
    await expect(imei).toBeFocused();
    await screenshot(page, 'device-edit-paired-refused');
    await page.goto('/device/dashboard');
    await search(page, serial);
    await (await openRowMenu(page, serial)).getByRole('menuitem', { name: 'Unlink' }).click();
    await page.getByRole('dialog', { name: 'Unlink Device' }).getByRole('button', { name: 'Unlink' }).click();
    await expect(toast(page, 'Device unlinked')).toBeVisible();
    await expect(row.locator('td').nth(3)).toBeEmpty();
    await expect((await openRowMenu(page, serial)).getByRole('menuitem')).toHaveText([
      'Edit',
      'Delete',
      'Deactivate',
    ]);
  });
});

test.describe('unrecognised devices', () => {
  test('a delivery from an unknown device is listed; Add Device opens the form prefilled', async ({
    page,
    request,
  }) => {
    // One device the inventory does not know, one it holds without a patient.
    const imei = randomImei();
    const unpaired = randomImei();
    const admin = await apiAs(request, demo.admin);
    const created = await admin.post('/api/devices', {
      brand: 'BODYTRACE',
      type: 'Scale',
      serialNumber: unpaired,
    });
    expect(created.status()).toBe(201);
    for (const serial of [imei, unpaired]) {
      const delivery = await request.post('/api/webhooks/bodytrace', {
        headers: {
          authorization: `Basic ${Buffer.from('bodytrace-demo:bodytrace-demo-secret').toString('base64')}`,
        },
        data: {
          imei: serial,
          ts: Date.now() - 60_000,
          batteryVoltage: 5440,
          signalStrength: 91,
          values: { weight: 81_000, unit: 1, tare: 0 },
        },
      });
      expect(delivery.status()).toBe(202);
    }
    // An eDevice names its hub beside the Bluetooth address.
    const bluetooth = randomMac();
    const hub = `hub-${randomHex(4)}`;
    const cuff = await request.post('/api/webhooks/edevice', {
      headers: {
        authorization: `Basic ${Buffer.from('edevice-demo:edevice-demo-secret').toString('base64')}`,
      },
      data: {
        hubSerialNumber: hub,
        bluetoothMA: bluetooth,
        id: 'e2e-1',
        type: 'bp',
        systolic: 128,
        diastolic: 82,
        pulse: 70,
        measuredAt: new Date(Date.now() - 60_000).toISOString(),
      },
    });
    expect(cuff.status()).toBe(202);
    // A hub naming no MAC address: nothing the form would take.
    const garbled = `ZZ${randomHex(6).toUpperCase()}`;
    const noMac = await request.post('/api/webhooks/edevice', {
      headers: {
        authorization: `Basic ${Buffer.from('edevice-demo:edevice-demo-secret').toString('base64')}`,
      },
      data: {
        bluetoothMA: garbled,
        id: 'e2e-2',
        type: 'weight',
        weightLbs: 180,
        measuredAt: new Date().toISOString(),
      },
    });
    expect(noMac.status()).toBe(202);
    // A Withings notification names a user, not a device.
    const withingsUser = String(Date.now());
    const notified = await request.post('/api/webhooks/withings', {
      form: { userid: withingsUser, appli: '4', startdate: '1', enddate: '2' },
    });
    expect(notified.status()).toBe(200);

    await signIn(page, demo.admin);
    await page.goto('/device/dashboard');
    const list = page.getByRole('table', { name: 'Unrecognised devices' });
    const row = list.locator('tbody tr').filter({ hasText: imei });
    await expect(row).toContainText('BodyTrace');
    await expect(row).toContainText('Not in the inventory');
    await expect(row.locator('td').nth(3)).toHaveText('1');
    await screenshot(page, 'device-dashboard-unrecognised');

    // A device the inventory holds is found there rather than added again.
    const known = list.locator('tbody tr').filter({ hasText: unpaired });
    await expect(known).toContainText('Not paired with a patient');
    await expect(known.getByRole('link', { name: /Add Device/ })).toHaveCount(0);
    await known.getByRole('button', { name: `Find Device: ${unpaired}` }).click();
    await expect(page.getByRole('searchbox', { name: 'Search devices' })).toHaveValue(unpaired);
    await expect(rowOf(page, unpaired)).toHaveCount(1);
    await expect(page.getByText('Devices: 1 - 1 out of 1')).toBeVisible();

    // A Withings user id is no MAC address: nothing to add or find, only to know of.
    const user = list.locator('tbody tr').filter({ hasText: withingsUser });
    await expect(user).toContainText('Withings user with no activated device');
    await expect(user.getByRole('link')).toHaveCount(0);
    await expect(user.getByRole('button')).toHaveCount(0);
    const unaddable = list.locator('tbody tr').filter({ hasText: garbled });
    await expect(unaddable).toContainText('Not in the inventory');
    await expect(unaddable.getByRole('link')).toHaveCount(0);
    await expect(unaddable.getByRole('button')).toHaveCount(0);

    await row.getByRole('link', { name: `Add Device: ${imei}` }).click();
    await expect(page).toHaveURL(/\/device\/add\?brand=BODYTRACE&identifier=/);
    await expect(page.getByRole('combobox', { name: 'Device Brand' })).toHaveText('BodyTrace');
    await expect(page.getByRole('textbox', { name: 'IMEI' })).toHaveValue(imei);
    // The type its reading showed.
    await expect(page.getByRole('combobox', { name: 'Device Type' })).toHaveText('Scale');
    await page.getByRole('button', { name: 'Save and New' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Device created successfully!' })).toContainText(
      `with serial number ${imei}`,
    );
    // Added, it is sorted out: the list no longer offers it; the device it holds still waits for a patient.
    await page.goto('/device/dashboard');
    await expect(known).toHaveCount(1);
    await expect(row).toHaveCount(0);

    // An eDevice's row shows its hub, and Add Device fills the hub and the type in too.
    const serial = bluetooth.replaceAll(':', '').toUpperCase();
    const cuffRow = list.locator('tbody tr').filter({ hasText: serial });
    await expect(cuffRow).toContainText(`Hub ${hub.toUpperCase()}`);
    await cuffRow.getByRole('link', { name: `Add Device: ${serial}` }).click();
    await expect(page.getByRole('combobox', { name: 'Device Brand' })).toHaveText('eDevice');
    await expect(page.getByRole('combobox', { name: 'Device Type' })).toHaveText('Blood Pressure Monitor');
    await expect(page.getByRole('textbox', { name: 'Bluetooth Address' })).toHaveValue(serial);
    await expect(page.getByRole('textbox', { name: 'Hub Serial Number' })).toHaveValue(hub.toUpperCase());
    await screenshot(page, 'device-add-from-unrecognised-edevice');
    await page.getByRole('button', { name: 'Save and New' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Device created successfully!' })).toContainText(
      `with serial number ${serial}`,
    );
  });
});

test.describe('unrecognised devices, many of them', () => {
  test('the list is searched by identifier, and keeps its search and page after Add Device', async ({
    page,
    request,
  }) => {
    const batch = randomDigits(7);
    const imeis = Array.from({ length: 12 }, (_, i) => `35${batch}${String(i).padStart(6, '0')}`);
    for (const imei of imeis) {
      const delivery = await request.post('/api/webhooks/bodytrace', {
        headers: {
          authorization: `Basic ${Buffer.from('bodytrace-demo:bodytrace-demo-secret').toString('base64')}`,
        },
        data: { imei, ts: Date.now() - 60_000, values: { weight: 81_000, unit: 1, tare: 0 } },
      });
      expect(delivery.status()).toBe(202);
    }

    await signIn(page, demo.admin);
    await page.goto('/device/dashboard');
    const list = page.getByRole('table', { name: 'Unrecognised devices' });
    await page.getByRole('searchbox', { name: 'Search unrecognised devices' }).fill(batch);
    await expect(page.getByText('12 entries')).toBeVisible();
    await expect(list.locator('tbody tr')).toHaveCount(10);
    const pager = page.getByRole('navigation', { name: 'Unrecognised devices' });
    await pager.getByRole('combobox', { name: 'Go to page' }).click();
    await page.getByRole('option', { name: '2', exact: true }).click();
    await expect(page.getByText('11 - 12 out of 12')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`uq=${batch}&upage=2`));
    await screenshot(page, 'device-dashboard-unrecognised-search');
    const first = list.locator('tbody tr').first();
    const identifier = (await first.locator('th').textContent())!.trim();
    await first.getByRole('link', { name: `Add Device: ${identifier}` }).click();
    await expect(page.getByRole('textbox', { name: 'IMEI' })).toHaveValue(identifier);
    await page.getByRole('button', { name: 'Cancel' }).click();
    // Back where the operator was, to go on through the list.
    await expect(page.getByRole('searchbox', { name: 'Search unrecognised devices' })).toHaveValue(batch);
    await expect(page.getByText('11 - 12 out of 12')).toBeVisible();
  });
});

test.describe('device management (who sees what)', () => {
  test('the menu entry is for care navigators; clinic users see their devices read-only', async ({
    page,
    request,
  }) => {
    // A device of Sunrise and one of Harbor: a Sunrise user sees the first only.
    const admin = await apiAs(request, demo.admin);
    const sunrise = randomImei();
    const harbor = randomImei();
    for (const [serialNumber, clinicId] of [
      [sunrise, demoClinics.sunrise.id],
      [harbor, demoClinics.harbor.id],
    ] as const) {
      const created = await admin.post('/api/devices', {
        brand: 'Pylo',
        type: 'Scale',
        serialNumber,
        clinicId,
      });
      expect(created.status()).toBe(201);
    }

    await signIn(page, demo.navigator);
    let menu = await openUserMenu(page);
    await expect(menu.getByRole('menuitem', { name: 'Device Management' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto('/signOut');
    await expect(page).toHaveURL('/signin');

    await signIn(page, demo.staff);
    menu = await openUserMenu(page);
    await expect(menu.getByRole('menuitem')).toHaveText(['Account', 'Security', 'Logout']);
    await page.keyboard.press('Escape');

    await page.goto('/device/dashboard');
    await expect(page.getByRole('heading', { name: 'Device Management' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add Device' })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'Unrecognised devices' })).toHaveCount(0);
    await search(page, sunrise);
    await expect(rowOf(page, sunrise)).toHaveCount(1);
    await expect(page.getByRole('button', { name: /^device actions/ })).toHaveCount(0);
    await search(page, harbor);
    await expect(page.getByText('No devices found.')).toBeVisible();
    await screenshot(page, 'device-dashboard-clinic-user');

    // The form pages are the operator's: a clinic user is sent back to the list.
    await page.goto('/device/add');
    await expect(page).toHaveURL('/device/dashboard');
    await page.goto('/device/edit/00000000-0000-4000-8000-000000000099');
    await expect(page).toHaveURL('/device/dashboard');
  });

  test('at 1024px every column and the row menu fit the card', async ({ page }) => {
    await page.setViewportSize({ width: 1024, height: 800 });
    await signIn(page, demo.admin);
    await page.goto('/device/dashboard');
    await expect(inventory(page).locator('tbody tr')).toHaveCount(10);
    expect(
      await inventory(page).evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth),
    ).toBe(true);
    await screenshot(page, 'device-dashboard-1024');
  });

  test('the inventory and the form fit a 360px wide screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await signIn(page, demo.admin);
    await page.goto('/device/dashboard');
    await expect(inventory(page)).toBeVisible();
    let overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await screenshot(page, 'device-dashboard-360');
    await page.getByRole('link', { name: 'Add Device' }).first().click();
    await expect(page.getByRole('combobox', { name: 'Device Brand' })).toBeVisible();
    overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await screenshot(page, 'device-form-360');
  });
});
