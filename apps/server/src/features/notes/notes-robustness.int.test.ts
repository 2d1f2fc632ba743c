import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { staffNotes } from '../../db/schema/index.js';
import { anyValue, idArbitrary, type MalformedCall } from '../../test/malformed-calls.js';
import {
  everyUser,
  expectClientAnswers,
  fixtureIds as ids,
  northUsers,
  type Who,
  worldWithPatientInEachClinic,
} from '../patients/patient-fixtures.js';

let northNote: string;
let southNote: string;
let formNote: string;
const w = worldWithPatientInEachClinic(async () => {
  const add = async (who: Who, patient: string) =>
    (await w.as(who).post(`/api/pacients/${patient}/notes`, { text: 'Seed note' })).json().data.note._id;
  northNote = await add('northStaff', w.northPatient);
  southNote = await add('southPhysician', w.southPatient);
  const [form] = await w.t.app.vigil.database.db
    .insert(staffNotes)
    .values({ clinicId: ids.north, patientId: w.northPatient, text: 'Form', submissionId: 's-1' })
    .returning();
  formNote = form!.id;
});

const known = () => [w.northPatient, w.southPatient, northNote, southNote, formNote, ids.north];
const id = idArbitrary(known);
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record({ text: anyValue, author: anyValue, notesFormData: anyValue }, { requiredKeys: [] }),
);
const calls: fc.Arbitrary<MalformedCall> = fc.oneof(
  id.map((p) => ({ method: 'GET' as const, url: `/api/pacients/${p}/notes` })),
  fc.tuple(id, body).map(([p, b]) => ({ method: 'POST' as const, url: `/api/pacients/${p}/notes`, body: b })),
  fc
    .tuple(id, id, body)
    .map(([p, n, b]) => ({ method: 'PATCH' as const, url: `/api/pacients/${p}/notes/${n}`, body: b })),
);
const southNotes = () =>
  w.t.app.vigil.database.db.select().from(staffNotes).where(eq(staffNotes.patientId, w.southPatient));

describe('staff note routes under malformed input', () => {
  it('answer random ids and bodies from every role with a 4xx and a message, or a success when valid', async () => {
    await expectClientAnswers(w, calls, everyUser, 300);
  });

  it("never change another clinic's notes, and a FORM note stays as written", async () => {
    const before = await southNotes();
    await expectClientAnswers(w, calls, northUsers, 200);
    expect(await southNotes()).toEqual(before);
    const [form] = await w.t.app.vigil.database.db
      .select()
      .from(staffNotes)
      .where(eq(staffNotes.id, formNote));
    expect(form!.text).toBe('Form');
  });
});
