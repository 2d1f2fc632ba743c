import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthlyNotes } from '../../db/schema/index.js';
import { anyValue, idArbitrary, type MalformedCall } from '../../test/malformed-calls.js';
import {
  everyUser,
  expectClientAnswers,
  fixtureIds as ids,
  northUsers,
  worldWithPatientInEachClinic,
} from '../patients/patient-fixtures.js';

const w = worldWithPatientInEachClinic(async () => {
  await w.as('southPhysician').post(`/api/monthlyNotes/${w.southPatient}`, {
    month: 10,
    year: 2026,
    noteContent: 'South',
    approved: true,
  });
});

const id = idArbitrary(() => [w.northPatient, w.southPatient, ids.north]);
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record(
    {
      month: fc.oneof(fc.integer({ min: 0, max: 13 }), anyValue),
      year: fc.oneof(fc.integer({ min: 2017, max: 2030 }), anyValue),
      yearMonthString: fc.oneof(fc.constant('2026-10'), anyValue),
      noteContent: fc.oneof(fc.string({ maxLength: 300 }), anyValue),
      approved: fc.oneof(fc.boolean(), anyValue),
    },
    { requiredKeys: [] },
  ),
);
const calls: fc.Arbitrary<MalformedCall> = fc.oneof(
  fc.tuple(id, fc.boolean()).map(([p, slash]) => ({
    method: 'GET' as const,
    url: `/api/monthlyNotes/patient/${p}${slash ? '/' : ''}`,
  })),
  fc.tuple(id, body).map(([p, b]) => ({ method: 'POST' as const, url: `/api/monthlyNotes/${p}`, body: b })),
);
const southNotes = () =>
  w.t.app.vigil.database.db.select().from(monthlyNotes).where(eq(monthlyNotes.patientId, w.southPatient));

describe('monthly note routes under malformed input', () => {
  it('answer random ids and bodies from every role with a 4xx and a message, or a success when valid', async () => {
    await expectClientAnswers(w, calls, everyUser, 300);
  });

  it("never change another clinic's notes", async () => {
    const before = await southNotes();
    await expectClientAnswers(w, calls, northUsers, 200);
    expect(await southNotes()).toEqual(before);
  });
});
