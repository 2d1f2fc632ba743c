import { test as base, expect } from '@playwright/test';

/**
 * The Playwright test, failing any test whose page throws or breaks the Content-Security-Policy. Failed
 * requests (401, 404) are part of the journeys and are not counted.
 */
export const test = base.extend<{ pageProblems: string[] }>({
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        const text = message.text();
        if (message.type() === 'error' && /Content.Security.Policy|Refused to/i.test(text))
          problems.push(text);
      });
      await use(problems);
      expect(problems, 'errors in the page').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
