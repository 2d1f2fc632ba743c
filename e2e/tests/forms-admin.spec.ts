import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { demo, screenshot, signIn, toast, unique } from '../support/vigil';

const twoQuestions = {
  elements: [
    { type: 'text', name: 'cuffSize', title: 'Which cuff size fits your arm?' },
    { type: 'boolean', name: 'dizzy', title: 'Did you feel dizzy this week?' },
  ],
};

const threeQuestions = {
  elements: [
    ...twoQuestions.elements,
    { type: 'comment', name: 'notes', title: 'Anything else for your care team?' },
  ],
};

async function openManageForms(page: Page) {
  await page.locator('#user-menu-button').click();
  await page.getByRole('menuitem', { name: 'Manage Forms' }).click();
  await expect(page).toHaveURL('/forms/manage');
  await expect(page.getByRole('heading', { name: 'Manage Forms', level: 1 })).toBeVisible();
}

const folderNames = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 }).allInnerTexts();

test.describe('managing forms (operator admin)', () => {
  test('folders and a hosted form: live preview, versions, retire, order', async ({ page }) => {
    await signIn(page, demo.admin);
    await openManageForms(page);
    await screenshot(page, 'forms-admin-list');

    // A new folder, placed last.
    const folder = unique('Folder ');
    await page.getByRole('button', { name: 'New Folder' }).click();
    const folderDialog = page.getByRole('dialog', { name: 'New Folder' });
    await folderDialog.getByRole('button', { name: 'Save' }).click();
    await expect(folderDialog.getByText('Required')).toBeVisible();
    await folderDialog.getByRole('textbox', { name: 'Folder Name' }).fill(folder);
    await folderDialog.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Folder created')).toBeVisible();
    await expect(folderDialog).toBeHidden();
    const section = page.getByRole('region', { name: folder });
    await expect(section.getByText('No forms in this folder yet.')).toBeVisible();
    expect((await folderNames(page)).at(-1)).toBe(folder);

    // A hosted form: the preview follows the JSON as it is typed, and keeps the last one that parsed.
    const title = unique('Cuff check ');
    await section.getByRole('button', { name: `New Form: ${folder}` }).click();
    const editor = page.getByRole('dialog', { name: 'New Form' });
    await expect(editor.getByRole('combobox', { name: /Folder/ })).toHaveText(folder);
    await expect(editor.getByRole('radio', { name: 'Hosted by Vigil' })).toBeChecked();
    await editor.getByRole('textbox', { name: /Title/ }).fill(title);
    const json = editor.getByRole('textbox', { name: /Definition/ });
    await json.fill(JSON.stringify(twoQuestions, null, 2));
    const preview = editor.getByRole('region', { name: 'Preview' });
    await expect(preview.getByText('Which cuff size fits your arm?')).toBeVisible();
    await expect(preview.getByText('Did you feel dizzy this week?')).toBeVisible();
    await screenshot(page, 'forms-admin-hosted-editor', { viewport: true });

    await json.fill('{ "elements": [ { "type": "text", ');
    await expect(json).toHaveAttribute('aria-invalid', 'true');
    await expect(editor.getByText(/at position|end of JSON/)).toBeVisible();
    await expect(preview.getByText('Which cuff size fits your arm?')).toBeVisible();
    await screenshot(page, 'forms-admin-json-error', { viewport: true });
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor).toBeVisible();

    await json.fill(JSON.stringify(twoQuestions, null, 2));
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Form created')).toBeVisible();
    await expect(editor).toBeHidden();
    const row = section.getByRole('row').filter({ hasText: title });
    await expect(row.getByRole('cell')).toHaveText(['Hosted by Vigil', '1', '0', 'Edit']);

    // A changed definition is the next version.
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Form' });
    await expect(edit.getByRole('textbox', { name: /Definition/ })).toHaveValue(/"dizzy"/);
    await expect(edit.getByRole('radio', { name: 'External URL' })).toBeDisabled();
    await edit.getByRole('textbox', { name: /Definition/ }).fill(JSON.stringify(threeQuestions, null, 2));
    await expect(
      edit.getByRole('region', { name: 'Preview' }).getByText('Anything else for your care team?'),
    ).toBeVisible();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Form saved')).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(row.getByRole('cell')).toHaveText(['Hosted by Vigil', '2', '0', 'Edit']);

    // Retired: still listed, with its chip.
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    await edit.getByRole('switch', { name: 'Retired' }).check();
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect(edit).toBeHidden();
    await expect(row.getByText('Retired', { exact: true })).toBeVisible();
    await expect(row.getByRole('cell').nth(1)).toHaveText('2');

    // Renamed; then a second folder, placed last, moved up above it.
    const renamed = `${folder} (renamed)`;
    await section.getByRole('button', { name: `Rename ${folder}` }).click();
    const rename = page.getByRole('dialog', { name: 'Rename Folder' });
    await expect(rename.getByRole('textbox', { name: 'Folder Name' })).toHaveValue(folder);
    await rename.getByRole('textbox', { name: 'Folder Name' }).fill(renamed);
    await rename.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'Folder renamed')).toBeVisible();
    await expect(page.getByRole('heading', { name: renamed, level: 2 })).toBeVisible();

    const second = unique('Folder ');
    await page.getByRole('button', { name: 'New Folder' }).click();
    await folderDialog.getByRole('textbox', { name: 'Folder Name' }).fill(second);
    await folderDialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByRole('heading', { name: second, level: 2 })).toBeVisible();
    const before = await folderNames(page);
    expect(before.slice(-2)).toEqual([renamed, second]);
    await expect(page.getByRole('button', { name: `Move ${second} down` })).toBeDisabled();
    const moved = page.waitForResponse(
      (r) => r.request().method() === 'PUT' && r.url().endsWith('/api/form-admin/folder-order'),
    );
    await page.getByRole('button', { name: `Move ${second} up` }).click();
    expect((await moved).ok()).toBe(true);
    const after = [...before.slice(0, -2), second, renamed];
    await expect.poll(() => folderNames(page)).toEqual(after);
    await page.reload();
    await expect(page.getByRole('heading', { name: renamed, level: 2 })).toBeVisible();
    expect(await folderNames(page)).toEqual(after);
    await screenshot(page, 'forms-admin-after');
  });

  test('an external form: https only, then its webhook URL and secret', async ({ page, baseURL }) => {
    await signIn(page, demo.admin);
    await openManageForms(page);
    const [firstFolder] = await folderNames(page);
    const title = unique('Partner intake ');
    await page.getByRole('button', { name: 'New Form', exact: true }).click();
    const editor = page.getByRole('dialog', { name: 'New Form' });
    await expect(editor.getByRole('combobox', { name: /Folder/ })).toHaveText(firstFolder!);
    await editor.getByRole('textbox', { name: /Title/ }).fill(title);
    await editor.getByRole('radio', { name: 'External URL' }).check();
    await expect(editor.getByRole('textbox', { name: /Definition/ })).toBeHidden();
    await expect(
      editor.getByText('The webhook URL and secret appear once the form is created.'),
    ).toBeVisible();
    const url = editor.getByRole('textbox', { name: /Form URL/ });
    await url.fill('http://forms.example.com/intake');

    await editor.getByRole('button', { name: 'Add Parameter' }).click();
    await editor.getByRole('textbox', { name: 'Parameter' }).fill('patient_name');
    await editor.getByRole('combobox', { name: 'Source' }).click();
    await page.getByRole('option', { name: 'Patient name' }).click();
    await editor.getByRole('button', { name: 'Add Parameter' }).click();
    await editor.getByRole('textbox', { name: 'Parameter' }).nth(1).fill('2nd');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect(editor.getByText('The URL must use https')).toBeVisible();
    await expect(editor.getByText('Letters, digits, _ . - only, starting with a letter')).toBeVisible();
    await editor.getByRole('button', { name: 'Remove parameter 2' }).click();
    await url.fill('https://forms.example.com/intake');

    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/api/form-admin/forms'),
    );
    await editor.getByRole('button', { name: 'Save' }).click();
    expect((await created).status()).toBe(201);
    const { data: form } = (await (await created).json()) as { data: { _id: string; secret: string } };

    // The editor stays open on the new form, with what the form host needs.
    const edit = page.getByRole('dialog', { name: 'Edit Form' });
    await expect(edit.getByRole('textbox', { name: 'Webhook URL' })).toHaveValue(
      `${baseURL}/api/webhooks/forms/${form._id}`,
    );
    expect(form.secret.length).toBeGreaterThanOrEqual(16);
    await expect(edit.getByRole('textbox', { name: 'Webhook Secret' })).toHaveValue(form.secret);
    await expect(edit.getByRole('button', { name: 'Copy Webhook Secret' })).toBeVisible();
    await expect(edit.getByRole('textbox', { name: 'Parameter' })).toHaveValue('patient_name');
    await screenshot(page, 'forms-admin-external', { viewport: true });
    await edit.getByRole('button', { name: 'Cancel' }).click();
    await expect(edit).toBeHidden();
    await expect(toast(page, 'Form created')).toBeVisible();
    const row = page.getByRole('row').filter({ hasText: title });
    await expect(row.getByRole('cell')).toHaveText(['External URL', '1', '0', 'Edit']);
  });

  test('only operator admins manage forms', async ({ page }) => {
    await signIn(page, demo.staff);
    await page.locator('#user-menu-button').click();
    await expect(page.getByRole('menuitem', { name: 'Account' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Manage Forms' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto('/forms/manage');
    await expect(page).toHaveURL('/patient/priority-list');

    await page.goto('/signOut');
    await expect(page).toHaveURL('/signin');
    await signIn(page, demo.navigator);
    await page.locator('#user-menu-button').click();
    await expect(page.getByRole('menuitem', { name: 'Account' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Manage Forms' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.goto('/forms/manage');
    await expect(page).toHaveURL('/clinic/dashboard');
  });
});
