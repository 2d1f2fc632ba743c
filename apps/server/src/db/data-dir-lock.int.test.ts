import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirInUseError, openDatabase } from './client.js';

describe("a DATA_DIR's embedded database", () => {
  const dataDir = () => fs.mkdtempSync(path.join(tmpdir(), 'vigil-lock-'));
  const lockOf = (dir: string) => path.join(dir, 'pglite.lock');

  it('is refused to a second process while a live one holds it, whatever port either uses', async () => {
    const dir = dataDir();
    // The test runner's parent process stands in for a server that has the directory open.
    fs.writeFileSync(lockOf(dir), String(process.ppid));
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(DataDirInUseError);
    await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
      `in use by another Vigil process (pid ${process.ppid})`,
    );
    expect(fs.existsSync(path.join(dir, 'pglite'))).toBe(false);
  });

  it('is taken over from a process that is gone, held while open and given back on close', async () => {
    const dir = dataDir();
    fs.writeFileSync(lockOf(dir), '2147483646');
    const database = await openDatabase({ dataDir: dir });
    expect(fs.readFileSync(lockOf(dir), 'utf8')).toBe(String(process.pid));
    expect(await database.ping()).toBe(true);
    await database.close();
    expect(fs.existsSync(lockOf(dir))).toBe(false);
  });
});
