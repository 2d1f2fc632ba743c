import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addPatient,
  createWorld,
  fixtureIds as ids,
  patientBody,
  signInBody,
  type Who,
  type World,
} from './features/patients/patient-fixtures.js';
import { anyValue, expectClientAnswer, idArbitrary, type MalformedCall } from './test/malformed-calls.js';

/**
 * Every route of the API documentation under malformed input (DESIGN 2), as each kind of user: whatever
 * the path's ids, the query string and the body, the answer is a success when the input happened to be
 * valid, else a 4xx with a message; never a 5xx. The features' own robustness tests shape their bodies
 * after their forms; this one reaches the routes none of them names, and any route added later.
 */
let w: World;
let patient: string;
const routes: { method: MalformedCall['method']; path: string }[] = [];
beforeAll(async () => {
  w = await createWorld();
  patient = await addPatient(w, 'northStaff', patientBody());
  const { paths } = w.t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  for (const [path, operations] of Object.entries(paths)) {
    for (const method of Object.keys(operations)) {
      const upper = method.toUpperCase();
      if (upper === 'GET' || upper === 'POST' || upper === 'PUT' || upper === 'PATCH' || upper === 'DELETE') {
        routes.push({ method: upper, path });
      }
    }
  }
});
afterAll(() => w.close());

const users: Who[] = ['circleAdmin', 'navigatorA', 'northPhysician', 'northStaff', 'southPhysician'];
const segment = fc.oneof(
  idArbitrary(() => [patient, ids.north, ids.south], 20),
  fc.constantFrom('0', '-1', '99999999999999999999', 'null', '2026-02-30'),
);
const query = fc.dictionary(
  fc.constantFrom(
    'page',
    'pageSize',
    'limit',
    'sort',
    'order',
    'from',
    'to',
    'month',
    'search',
    'inputValue',
    'patientId',
    'clinicId',
    'type',
    'status',
  ),
  fc.oneof(
    fc.string({ maxLength: 15 }),
    fc.constantFrom('', '-1', '1e309', 'NaN', 'asc', '2026-02-30', 'null'),
  ),
  { maxKeys: 4 },
);
const body = fc.option(fc.oneof(anyValue, fc.dictionary(fc.string({ maxLength: 12 }), anyValue)), {
  nil: undefined,
});

/** Signs in again whoever a call before (signing out, say) left without a session. */
async function keepSignedIn() {
  for (const who of users) {
    const me = await w.as(who).get('/api/auth/me');
    if (me.statusCode === 401) w.tokens[who] = (await signInBody(w, who)).token;
  }
}

describe('every documented route', () => {
  it('answers malformed ids, queries and bodies with a 4xx and a message, never a 5xx', async () => {
    expect(routes.length).toBeGreaterThan(100);
    /** Routes no call got through authentication to: the property would not have reached their handler. */
    const unreached: string[] = [];
    for (const { method, path } of routes) {
      await keepSignedIn();
      let reached = false;
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...users),
          fc.array(segment, { minLength: 3, maxLength: 3 }),
          query,
          body,
          async (user, segments, q, b) => {
            let i = 0;
            const search = new URLSearchParams(q).toString();
            const url = `${path.replace(/\{[^}]+\}/g, () => segments[i++ % segments.length]!)}${search ? `?${search}` : ''}`;
            const call: MalformedCall = { method, url, ...(method === 'GET' ? {} : { body: b }) };
            const status = await expectClientAnswer(w.t.app, call, {
              authorization: `Bearer ${w.tokens[user]}`,
            });
            if (status !== 401) reached = true;
          },
        ),
        { numRuns: 40 },
      );
      if (!reached) unreached.push(`${method} ${path}`);
    }
    // The vendors' webhooks, and the local fakes of their APIs, refuse a caller without the vendor's secret:
    // their own tests send it.
    expect(unreached.filter((route) => !/\/(webhooks|dev\/vendors)\//.test(route))).toEqual([]);
  });
});
