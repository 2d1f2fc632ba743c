import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlyNotes } from '../../db/schema/index.js';
import { expectClientAnswer, type MalformedCall } from '../../test/malformed-calls.js';
import {
  addPatient,
  createWorld,
  fixtureIds as ids,
  patientBody,
  type Who,
  type World,
} from '../patients/patient-fixtures.js';

let w: World;
let northPatient: string;
let southPatient: string;
beforeAll(async () => {
  w = await createWorld();
  northPatient = await addPatient(w, 'northStaff', patientBody());
  southPatient = await addPatient(
    w,
    'southPhysician',
    patientBody({ clinic: ids.south, assignedPhysician: ids.southPhysician, careTeam: [ids.southStaff] }),
  );
  await w.as('southPhysician').post(`/api/monthlyNotes/${southPatient}`, {
    month: 10,
    year: 2026,
    noteContent: 'South',
    approved: true,
  });
});
afterAll(() => w.close());

const id = fc.oneof(
  fc.constantFrom(0, 1, 2).map((i) => [northPatient, southPatient, ids.north][i]!),
  fc.uuid(),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
);
const anyValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.boolean(),
  fc.integer({ min: -5, max: 10_000 }),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 2 }),
);
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
  w.t.app.vigil.database.db.select().from(monthlyNotes).where(eq(monthlyNotes.patientId, southPatient));

describe('monthly note routes under malformed input', () => {
  it('answer random ids and bodies from every role with a 4xx and a message, or a success when valid', async () => {
    const who = fc.constantFrom<Who>(
      'circleAdmin',
      'navigatorA',
      'northPhysician',
      'northStaff',
      'southPhysician',
    );
    await fc.assert(
      fc.asyncProperty(calls, who, (call, user) =>
        expectClientAnswer(w.t.app, call, { authorization: `Bearer ${w.tokens[user]}` }),
      ),
      { numRuns: 300 },
    );
  });

  it("never change another clinic's notes", async () => {
    const before = await southNotes();
    await fc.assert(
      fc.asyncProperty(calls, fc.constantFrom<Who>('northPhysician', 'northStaff'), (call, user) =>
        expectClientAnswer(w.t.app, call, { authorization: `Bearer ${w.tokens[user]}` }),
      ),
      { numRuns: 200 },
    );
    expect(await southNotes()).toEqual(before);
  });
});
