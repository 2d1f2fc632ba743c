import { expect, type Locator, type Page } from '@playwright/test';

/** The patient lists' filter dialog, as the list specs drive it. */

export async function openFilters(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: /^Filter/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Filter Options' });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Ticks (or unticks) options of one of the dialog's dropdowns, then closes its menu. */
export async function toggleOptions(
  page: Page,
  dialog: Locator,
  label: string,
  options: string[],
): Promise<void> {
  await dialog.getByRole('combobox', { name: label }).click();
  const listbox = page.getByRole('listbox');
  for (const option of options) await listbox.getByRole('option', { name: option, exact: true }).click();
  await page.keyboard.press('Escape');
  await expect(listbox).toBeHidden();
}

/** Unticks every selected option of every dropdown: the role's "my patients" default included. */
export async function clearAllFilters(page: Page, dialog: Locator): Promise<void> {
  for (const combobox of await dialog.getByRole('combobox').all()) {
    // An empty MUI select still holds a zero-width space.
    if (((await combobox.textContent()) ?? '').replace(/[\s\u200b]/g, '') === '') continue;
    await combobox.click();
    const listbox = page.getByRole('listbox');
    await expect(listbox.getByRole('option').first()).toBeVisible();
    await expect(listbox.getByRole('option', { name: 'Loading...' })).toHaveCount(0);
    let selected = listbox.getByRole('option', { selected: true });
    while ((await selected.count()) > 0) {
      await selected.first().click();
      selected = listbox.getByRole('option', { selected: true });
    }
    await page.keyboard.press('Escape');
    await expect(listbox).toBeHidden();
  }
}

/** Apply, then answer the save question. */
export async function applyFilters(page: Page, dialog: Locator, save: 'Yes' | 'No'): Promise<void> {
  await dialog.getByRole('button', { name: 'Apply' }).click();
  const question = page.getByRole('dialog', { name: 'Save filter preferences' });
  await expect(question).toContainText('Do you want to save these filter preferences for your next visit?');
  await question.getByRole('button', { name: save, exact: true }).click();
  await expect(dialog).toBeHidden();
}

/** Shows every patient the user may see: no filter at all. */
export async function showAllPatients(page: Page): Promise<void> {
  const dialog = await openFilters(page);
  await clearAllFilters(page, dialog);
  await applyFilters(page, dialog, 'No');
  await expect(page.getByRole('button', { name: 'Filter', exact: true })).toBeVisible();
}
