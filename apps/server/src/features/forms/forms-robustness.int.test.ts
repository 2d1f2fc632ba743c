import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { anyValue, expectClientAnswer, idArbitrary, type MalformedCall } from '../../test/malformed-calls.js';
import {
  everyUser,
  expectClientAnswers,
  worldWithPatientInEachClinic,
} from '../patients/patient-fixtures.js';
import { addFolder, addForm, everyTypeDefinition, hostedInput, postWebhook } from './form-fixtures.js';

let formId: string;
let folderId: string;
let external: { id: string; secret: string };
const w = worldWithPatientInEachClinic(async (world) => {
  folderId = await addFolder(world);
  formId = (await addForm(world, hostedInput(folderId, 'Robust', everyTypeDefinition)))._id;
  const form = await addForm(world, {
    kind: 'EXTERNAL',
    title: 'Robust external',
    folderId,
    url: 'https://forms.example.com/robust',
    prefill: [],
    retired: false,
  });
  external = { id: form._id, secret: form.secret! };
});

const id = idArbitrary(() => [w.northPatient, w.southPatient, formId, folderId]);
const data = fc.dictionary(
  fc.constantFrom('feeling', 'symptoms', 'consent', 'energy', 'device', 'followUp', 'photo', 'other'),
  anyValue,
);
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record(
    { formId: fc.oneof(id, anyValue), version: anyValue, data: fc.oneof(data, anyValue) },
    { requiredKeys: [] },
  ),
);
const staffCalls: fc.Arbitrary<MalformedCall> = fc.oneof(
  fc.tuple(id, fc.string({ maxLength: 8 })).map(([p, q]) => ({
    method: 'GET' as const,
    url: `/api/forms/${p}?page=${encodeURIComponent(q)}&pageSize=${encodeURIComponent(q)}`,
  })),
  fc.tuple(id, id).map(([p, s]) => ({ method: 'GET' as const, url: `/api/forms/${p}/submissions/${s}` })),
  fc.tuple(id, id).map(([p, f]) => ({ method: 'GET' as const, url: `/api/forms/${p}/files/${f}` })),
  fc
    .tuple(id, body)
    .map(([p, b]) => ({ method: 'POST' as const, url: `/api/forms/${p}/submissions`, body: b })),
  fc.tuple(id, body).map(([p, b]) => ({ method: 'POST' as const, url: `/api/forms/${p}/links`, body: b })),
  fc
    .tuple(id, id)
    .map(([f, p]) => ({ method: 'GET' as const, url: `/api/form-definitions/${f}?patientId=${p}` })),
  fc
    .tuple(id, body)
    .map(([f, b]) => ({ method: 'PUT' as const, url: `/api/form-admin/forms/${f}`, body: b })),
  body.map((b) => ({ method: 'POST' as const, url: '/api/form-admin/forms', body: b })),
  body.map((b) => ({ method: 'PUT' as const, url: '/api/form-admin/folder-order', body: b })),
);
const publicCalls: fc.Arbitrary<MalformedCall> = fc.oneof(
  id.map((t) => ({ method: 'GET' as const, url: `/api/form-links/${t}` })),
  fc.tuple(id, body).map(([t, b]) => ({ method: 'POST' as const, url: `/api/form-links/${t}`, body: b })),
  fc.tuple(id, body).map(([f, b]) => ({ method: 'POST' as const, url: `/api/webhooks/forms/${f}`, body: b })),
);

describe('forms routes under malformed input', () => {
  it('answer random ids and bodies from every role with a 4xx and a message, or a success when valid', async () => {
    await expectClientAnswers(w, staffCalls, everyUser, 250);
  });

  it('answer the public routes the same way, signed out', async () => {
    await fc.assert(
      fc.asyncProperty(publicCalls, async (call) => {
        await expectClientAnswer(w.t.app, call, {});
      }),
      { numRuns: 150 },
    );
  });

  it('answer a signed webhook body that is no submission with a 4xx', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue({ maxDepth: 3 }), async (value) => {
        const res = await postWebhook(w, external.id, value, external.secret);
        expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, res.body).toBeLessThan(500);
      }),
      { numRuns: 100 },
    );
  });
});
