import { createServer } from 'node:http';
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
        ['--days', '3', '--days does not go with --live, which sends readings taken now.'],
      ]) {
        const live = option === '--days' ? ['--live'] : [];
        const bad = await runScript('simulate', target, await freePort(), [...live, option!, value!]);
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
      // Something else on the port, as when another program holds 3000.
      const other = createServer((_req, res) => res.end('<!DOCTYPE html><title>Another app</title>'));
      await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
      const address = other.address();
      const otherUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const wrong = await runScript('simulate', target, await freePort(), ['--url', otherUrl]);
      other.close();
      expect(wrong.code).toBe(1);
      expect(wrong.stderr.trim()).toBe(
        `What answers at ${otherUrl} is not Vigil: start Vigil with npm start, or pass --url.`,
      );
    } finally {
      await target.drop();
    }
  });
});
