import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Checks the page, once it has settled, against WCAG 2 A and AA as axe-core checks them (contrast, names of controls
 * and fields, list and table structure, ARIA). Disabled controls are left out: WCAG 1.4.3 exempts an
 * inactive component, and MUI greys its label.
 */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // A dialog or menu still fading in is measured half transparent, with colours it never settles on: wait
  // for the page's transitions to end first (an endless one, such as a spinner, is not waited for).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa'])
    .exclude('.Mui-disabled')
    .analyze();
  const found = results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}: ${node.failureSummary}`),
  );
  expect(found, `accessibility of ${screen}`).toEqual([]);
}
