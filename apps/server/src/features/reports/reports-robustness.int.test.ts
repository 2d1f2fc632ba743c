import { count, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outbox, reports } from '../../db/schema/index.js';
import { anyValue, idArbitrary, type MalformedCall } from '../../test/malformed-calls.js';
import {
  everyUser,
  expectClientAnswers,
  fixtureIds as ids,
  northUsers,
  worldWithPatientInEachClinic,
} from '../patients/patient-fixtures.js';

const w = worldWithPatientInEachClinic();

const id = idArbitrary(() => [
  w.northPatient,
  w.southPatient,
  ids.north,
  ids.south,
  ids.northPhysician,
  ids.southPhysician,
  ids.northStaff,
]);
/** Garbage for any field: words the routes know in the wrong place, dates, ids, random strings. */
const garbage = fc.oneof(
  fc.constantFrom(
    'all',
    'data',
    'true',
    '1',
    '0',
    '-1',
    '13',
    '1899',
    '99999',
    '2026-13-01',
    '11/02/2026',
    '',
  ),
  fc.string({ maxLength: 20 }),
  id,
);
/** A field that is usually valid (so the calls get past validation to tenancy and the reports), else garbage. */
const field = (valid: fc.Arbitrary<string>) =>
  fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: garbage });
const month = field(fc.integer({ min: 1, max: 12 }).map(String));
const year = field(fc.constantFrom('2026', '2025'));
const physician = field(fc.constantFrom(ids.northPhysician, ids.southPhysician, 'all'));
const clinic = field(fc.constantFrom(ids.north, ids.south));
const version = field(fc.constantFrom('old', 'new'));
/** A query of these fields, each usually present. */
const query = (fields: Record<string, fc.Arbitrary<string>>) =>
  fc
    .record(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, fc.option(v, { freq: 6 })])))
    .map((q) =>
      Object.entries(q)
        .filter((entry): entry is [string, string] => entry[1] !== null)
        .map(([k, v]) => `${k}=${encodeURIComponent(v)}`)
        .join('&'),
    );
const day = field(fc.constantFrom('2026-11-01', '2026-11-02', '2026-10-15', '2026-11-30'));
/** A value usually valid, else any JSON value. */
const mostly = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 5, arbitrary: valid }, { weight: 1, arbitrary: anyValue });
const batchBody = fc.oneof(
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  {
    weight: 5,
    arbitrary: fc.record(
      {
        month: mostly(fc.integer({ min: 1, max: 12 })),
        year: mostly(fc.constant(2026)),
        physician: mostly(physician),
        clinic: mostly(clinic),
        userId: mostly(id),
        version: mostly(version),
      },
      { requiredKeys: ['month', 'year', 'physician', 'clinic'] },
    ),
  },
);

const calls: fc.Arbitrary<MalformedCall> = fc.oneof(
  fc
    .tuple(id, query({ fromDate: day, endDate: day }))
    .map(([p, q]) => ({ method: 'GET' as const, url: `/api/auditTrailLogs/${p}?${q}` })),
  query({ x: garbage }).map((q) => ({ method: 'GET' as const, url: `/api/reports/first-reading-date?${q}` })),
  query({ month, year, physician, clinic }).map((q) => ({
    method: 'GET' as const,
    url: `/api/reports/billing?${q}`,
  })),
  query({
    type: field(fc.constantFrom('data', 'weight')),
    month,
    year,
    physician,
    // Read when generated: the world's patients exist from its beforeAll on.
    patient: field(fc.constant(null).chain(() => fc.constantFrom(w.northPatient, w.southPatient))),
    version,
    sendMail: field(fc.constantFrom('true', 'false')),
  }).map((q) => ({ method: 'GET' as const, url: `/api/reports/patient?${q}` })),
  batchBody.map((b) => ({ method: 'POST' as const, url: '/api/reports/generate-batch', body: b })),
  query({ userId: id }).map((q) => ({ method: 'GET' as const, url: `/api/reports?${q}` })),
  query({ reportId: id }).map((q) => ({ method: 'GET' as const, url: `/api/reports/batch?${q}` })),
);
const db = () => w.t.app.vigil.database.db;
const southRows = async () => ({
  reports: (await db().select({ n: count() }).from(reports).where(eq(reports.clinicId, ids.south)))[0]!.n,
  emails: (await db().select({ n: count() }).from(outbox).where(eq(outbox.clinicId, ids.south)))[0]!.n,
});

describe('report and audit trail routes under malformed input', () => {
  it('answer random ids, bodies and queries from every role with a 4xx and a message, or a success when valid', async () => {
    await expectClientAnswers(w, calls, everyUser, 250);
  });

  it("never make a report or an email of another clinic's data", async () => {
    const before = await southRows();
    await expectClientAnswers(w, calls, northUsers, 150);
    expect(await southRows()).toEqual(before);
  });
});
