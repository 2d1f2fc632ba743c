import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffNotes } from '../../db/schema/index.js';
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
let northNote: string;
let southNote: string;
let formNote: string;
beforeAll(async () => {
  w = await createWorld();
  northPatient = await addPatient(w, 'northStaff', patientBody());
  southPatient = await addPatient(
    w,
    'southPhysician',
    patientBody({ clinic: ids.south, assignedPhysician: ids.southPhysician, careTeam: [ids.southStaff] }),
  );
  const add = async (who: Who, patient: string) =>
    (await w.as(who).post(`/api/pacients/${patient}/notes`, { text: 'Seed note' })).json().data.note._id;
  northNote = await add('northStaff', northPatient);
  southNote = await add('southPhysician', southPatient);
  const [form] = await w.t.app.vigil.database.db
    .insert(staffNotes)
    .values({ clinicId: ids.north, patientId: northPatient, text: 'Form', submissionId: 's-1' })
    .returning();
  formNote = form!.id;
});
afterAll(() => w.close());

const known = () => [northPatient, southPatient, northNote, southNote, formNote, ids.north];
const id = fc.oneof(
  fc.constantFrom(0, 1, 2, 3, 4, 5).map((i) => known()[i]!),
  fc.uuid(),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
);
const anyValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.boolean(),
  fc.integer(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
);
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record({ text: anyValue, author: anyValue, notesFormData: anyValue }, { requiredKeys: [] }),
);
// The shared helper sends any method; its type lists the ones other routes needed.
const patch = 'PATCH' as unknown as MalformedCall['method'];
const calls: fc.Arbitrary<MalformedCall> = fc.oneof(
  id.map((p) => ({ method: 'GET' as const, url: `/api/pacients/${p}/notes` })),
  fc.tuple(id, body).map(([p, b]) => ({ method: 'POST' as const, url: `/api/pacients/${p}/notes`, body: b })),
  fc
    .tuple(id, id, body)
    .map(([p, n, b]) => ({ method: patch, url: `/api/pacients/${p}/notes/${n}`, body: b })),
);
const northRoles = fc.constantFrom<Who>('northPhysician', 'northStaff');
const southNotes = () =>
  w.t.app.vigil.database.db.select().from(staffNotes).where(eq(staffNotes.patientId, southPatient));

describe('staff note routes under malformed input', () => {
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

  it("never change another clinic's notes, and a FORM note stays as written", async () => {
    const before = await southNotes();
    await fc.assert(
      fc.asyncProperty(calls, northRoles, (call, user) =>
        expectClientAnswer(w.t.app, call, { authorization: `Bearer ${w.tokens[user]}` }),
      ),
      { numRuns: 200 },
    );
    expect(await southNotes()).toEqual(before);
    const [form] = await w.t.app.vigil.database.db
      .select()
      .from(staffNotes)
      .where(eq(staffNotes.id, formNote));
    expect(form!.text).toBe('Form');
  });
});
