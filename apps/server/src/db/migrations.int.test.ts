import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './client.js';

interface Journal {
  entries: { idx: number; tag: string }[];
}

/** The migrations up to and including `tag`, as a folder of their own: the database as an earlier release left it. */
function migrationsUpTo(tag: string): string {
  const folder = fs.mkdtempSync(path.join(tmpdir(), 'vigil-migrations-'));
  fs.cpSync(migrationsFolder, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as Journal;
  const last = journal.entries.findIndex((e) => e.tag === tag);
  if (last < 0) throw new Error(`no migration ${tag}`);
  fs.writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  return folder;
}

describe('migration 0015: Withings entries set aside as unknown devices', () => {
  const client = new PGlite();
  const db = drizzle(client);
  const at = (iso: string) => new Date(iso).toISOString();

  beforeAll(async () => {
    await migrate(db, { migrationsFolder: migrationsUpTo('0014_alert_findings') });
    await client.query(
      `insert into unrecognised_devices (source, identifier, reason, first_seen_at, last_seen_at, count, last_payload)
       values
         ('WITHINGS', '424242', 'unknownDevice', $1, $2, 3, '{"userid":"424242","old":true}'),
         ('WITHINGS', '515151', 'unknownDevice', $1, $3, 2, '{"userid":"515151","old":true}'),
         ('WITHINGS', '515151', 'unknownWithingsUser', $2, $2, 4, '{"userid":"515151","old":false}'),
         ('BODYTRACE', '350000000000006', 'unknownDevice', $1, $2, 1, null)`,
      [at('2026-11-01T08:00:00Z'), at('2026-11-10T08:00:00Z'), at('2026-11-20T08:00:00Z')],
    );
    await migrate(db, { migrationsFolder });
  });
  afterAll(() => client.close());

  it("moves them to 'Withings user with no activated device', one entry per user, counts added", async () => {
    const { rows } = await client.query<Record<string, unknown>>(
      `select source, identifier, reason, count, first_seen_at, last_seen_at, last_payload
       from unrecognised_devices order by source, identifier`,
    );
    expect(rows).toEqual([
      {
        source: 'BODYTRACE',
        identifier: '350000000000006',
        reason: 'unknownDevice',
        count: 1,
        first_seen_at: new Date('2026-11-01T08:00:00Z'),
        last_seen_at: new Date('2026-11-10T08:00:00Z'),
        last_payload: null,
      },
      {
        source: 'WITHINGS',
        identifier: '424242',
        reason: 'unknownWithingsUser',
        count: 3,
        first_seen_at: new Date('2026-11-01T08:00:00Z'),
        last_seen_at: new Date('2026-11-10T08:00:00Z'),
        last_payload: { userid: '424242', old: true },
      },
      {
        source: 'WITHINGS',
        identifier: '515151',
        reason: 'unknownWithingsUser',
        count: 6,
        first_seen_at: new Date('2026-11-01T08:00:00Z'),
        last_seen_at: new Date('2026-11-20T08:00:00Z'),
        last_payload: { userid: '515151', old: true },
      },
    ]);
  });
});

describe('migration 0017: Pylo and eDevice readings named by their device', () => {
  const client = new PGlite();
  const db = drizzle(client);
  const ids = {
    clinic: '10000000-0000-4000-8000-0000000000c1',
    patient: '10000000-0000-4000-8000-0000000000a1',
    pylo: '10000000-0000-4000-8000-0000000000d1',
    edevice: '10000000-0000-4000-8000-0000000000d2',
  };

  beforeAll(async () => {
    await migrate(db, { migrationsFolder: migrationsUpTo('0016_device_history_indexes') });
    await client.exec(`
      insert into clinics (id, name, address, slug, custom_alerts) values ('${ids.clinic}', 'C', 'A', 'c', '{}');
      insert into patients (id, clinic_id, first_name, last_name) values ('${ids.patient}', '${ids.clinic}', 'P', 'Q');
      insert into devices (id, brand, serial_number) values
        ('${ids.pylo}', 'Pylo', '864475040123457'), ('${ids.edevice}', 'EDEVICE', 'A4C1380E1122');
      insert into readings (clinic_id, patient_id, taken_at, source, vendor_reading_id, device_id) values
        ('${ids.clinic}', '${ids.patient}', now(), 'PYLO', 'p-1', '${ids.pylo}'),
        ('${ids.clinic}', '${ids.patient}', now(), 'EDEVICE', 'e-1', '${ids.edevice}'),
        ('${ids.clinic}', '${ids.patient}', now(), 'SMART_METER', 'sm-1', null),
        ('${ids.clinic}', '${ids.patient}', now(), 'MANUAL', null, null);`);
    await migrate(db, { migrationsFolder });
  });
  afterAll(() => client.close());

  it('renames them as the adapters name them now, and leaves the other sources as they were', async () => {
    const { rows } = await client.query<{ source: string; vendor_reading_id: string | null }>(
      'select source, vendor_reading_id from readings order by source',
    );
    expect(rows).toEqual([
      { source: 'EDEVICE', vendor_reading_id: 'A4C1380E1122:e-1' },
      { source: 'MANUAL', vendor_reading_id: null },
      { source: 'PYLO', vendor_reading_id: '864475040123457:p-1' },
      { source: 'SMART_METER', vendor_reading_id: 'sm-1' },
    ]);
  });
});
