import { describe, expect, it } from 'vitest';
import { createTarget, freePort, runScript } from '../test/cli-target.js';

/** `npm run simulate` run as an engineer runs it, with options it cannot use. */
describe('npm run simulate', () => {
  it('names an option it does not know, or a value it cannot use, without a stack trace', async () => {
    const target = await createTarget(false);
    try {
      const run = await runScript('simulate', target, await freePort(), ['--port', '3001']);
      expect(run.code).toBe(1);
      expect(run.stderr).toMatch(/^Unknown option '--port'/);
      expect(run.stderr).toContain('Usage: npm run simulate -- [options]');
      expect(run.stderr).not.toMatch(/\n\s+at /);
      // Values it cannot use are named before anything is sent.
      for (const [option, value, message] of [
        ['--rate', '0.5', '--rate must be between 1 and 600 readings a minute.'],
        ['--seed', 'abc', '--seed must be a whole number.'],
      ]) {
        const bad = await runScript('simulate', target, await freePort(), [option!, value!]);
        expect(bad.code).toBe(1);
        expect(bad.stderr.trim()).toBe(message);
      }
      // Without --url it drives the Vigil of the shell's PORT, as npm start runs it.
      const port = await freePort();
      const away = await runScript('simulate', target, port, ['--patient', 'Raul Rossi']);
      expect(away.code).toBe(1);
      expect(away.stderr.trim()).toBe(
        `Vigil does not answer at http://localhost:${port}: start it with npm start, or pass --url.`,
      );
    } finally {
      await target.drop();
    }
  });
});
