import { readingTimeZoneIds } from '@vigil/core';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readings, users } from '../../db/schema/index.js';
import { anyValue, idArbitrary, type MalformedCall } from '../../test/malformed-calls.js';
import {
  everyUser,
  expectClientAnswers,
  fixtureIds as ids,
  northUsers,
  worldWithPatientInEachClinic,
} from '../patients/patient-fixtures.js';

let southReading: string;
const w = worldWithPatientInEachClinic(async () => {
  const res = await w.as('southPhysician').post(`/api/pacients/${w.southPatient}/bp-readings`, {
    readings: [{ date: '2026-11-02T16:00:00Z', timezone: 'America/Chicago', systolic: 130, diastolic: 80 }],
  });
  southReading = res.json().data.readings[0]._id;
});

const id = idArbitrary(() => [w.northPatient, w.southPatient, southReading, ids.north, ids.northStaff]);
const instant = fc.oneof(
  fc
    .date({ min: new Date('1800-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
    .map((d) => d.toISOString()),
  fc.constantFrom(
    '2026-11-02',
    '2026-11-02T09:00',
    'yesterday',
    '',
    '9999-12-31T23:59:59Z',
    '0000-01-01T00:00:00Z',
  ),
  fc.string({ maxLength: 20 }),
);
const entry = fc.record(
  {
    date: fc.oneof(instant, anyValue),
    timezone: fc.oneof(fc.constantFrom(...readingTimeZoneIds), anyValue),
    systolic: fc.oneof(fc.integer({ min: 0, max: 400 }), anyValue),
    diastolic: fc.oneof(fc.integer({ min: 0, max: 300 }), anyValue),
    heartRate: fc.oneof(fc.integer({ min: 0, max: 400 }), anyValue),
    weight: fc.oneof(fc.double({ min: 0, max: 2000, noNaN: true }), anyValue),
  },
  { requiredKeys: [] },
);
const manualBody = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record({ readings: fc.oneof(fc.array(entry, { maxLength: 4 }), anyValue) }, { requiredKeys: [] }),
);
const graphBody = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record(
    {
      activeTab: fc.oneof(fc.constantFrom('readings', 'medications'), anyValue),
      dateRange: fc.oneof(fc.constantFrom(1, 7, 14, 30, 60, 365, 'custom'), anyValue),
      startDate: fc.oneof(fc.constantFrom('2026-10-01', '2026-13-01'), anyValue),
      endDate: fc.oneof(fc.constantFrom('2026-10-31', '2026-09-01'), anyValue),
      toggle: fc.oneof(fc.constantFrom('table', 'chart'), anyValue),
      infoToggle: fc.oneof(fc.constantFrom('all', 'bpHr', 'weight'), anyValue),
    },
    { requiredKeys: [] },
  ),
);
const query = fc
  .array(fc.tuple(fc.constantFrom('start', 'end', 'x'), instant), { maxLength: 3 })
  .map((pairs) => pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&'));

const calls: fc.Arbitrary<MalformedCall> = fc.oneof(
  fc.tuple(id, query).map(([p, q]) => ({ method: 'GET' as const, url: `/api/pacients/${p}/readings?${q}` })),
  fc
    .tuple(id, manualBody)
    .map(([p, b]) => ({ method: 'POST' as const, url: `/api/pacients/${p}/bp-readings`, body: b })),
  id.map((r) => ({ method: 'DELETE' as const, url: `/api/readings/${r}` })),
  fc
    .tuple(id, graphBody)
    .map(([u, b]) => ({ method: 'PUT' as const, url: `/api/users/updateGraphFilterData/${u}`, body: b })),
);
const db = () => w.t.app.vigil.database.db;

describe('readings and graph filter routes under malformed input', () => {
  it('answer random ids, bodies and queries from every role with a 4xx and a message, or a success when valid', async () => {
    await expectClientAnswers(w, calls, everyUser, 400);
  });

  it("never change another clinic's readings or another user's choices", async () => {
    const before = await db().select().from(readings).where(eq(readings.patientId, w.southPatient));
    await expectClientAnswers(w, calls, northUsers, 250);
    expect(await db().select().from(readings).where(eq(readings.patientId, w.southPatient))).toEqual(before);
    const [south] = await db().select().from(users).where(eq(users.id, ids.southPhysician));
    expect(south!.graphFilterData).toBeNull();
  });
});
