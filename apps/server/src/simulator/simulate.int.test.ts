import { describe, expect, it } from 'vitest';
import { createTarget, freePort, runScript } from '../test/cli-target.js';

/** `npm run simulate` run as an engineer runs it, with options it cannot use. */
describe('npm run simulate', () => {
  it('names an option it does not know and prints its usage, without a stack trace', async () => {
    const target = await createTarget(false);
    try {
      const run = await runScript('simulate', target, await freePort(), ['--port', '3001']);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^Unknown option '--port'/);
      expect(run.stderr).toContain('Usage: npm run simulate -- [options]');
      expect(run.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await target.drop();
    }
  });
});
