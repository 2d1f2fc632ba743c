import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds } from '../../db/seed/demo.js';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.js';

let t: TestApp;
const tokens: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  for (const email of ['admin@circle.demo', 'physician@sunrise.demo', 'staff@sunrise.demo']) {
    tokens.push(await signIn(t.app, email));
  }
});
afterAll(() => t.close());

const id = fc.oneof(
  fc.constantFrom(demoIds.sunrise, demoIds.harbor, demoIds.staffSunrise, demoIds.physicianHarbor),
  fc.uuid(),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
);
const routes = fc.oneof(
  id.map((x) => ({ method: 'PUT' as const, url: `/api/users/${x}` })),
  id.map((x) => ({ method: 'PATCH' as const, url: `/api/users/${x}/change-active-status` })),
  id.map((x) => ({ method: 'GET' as const, url: `/api/users/${x}` })),
  id.map((x) => ({ method: 'GET' as const, url: `/api/users?clinicId=${x}` })),
  id.map((x) => ({ method: 'PUT' as const, url: `/api/clinics/${x}` })),
  id.map((x) => ({ method: 'GET' as const, url: `/api/clinics/${x}` })),
  fc.constant({ method: 'POST' as const, url: '/api/users' }),
  fc.constant({ method: 'POST' as const, url: '/api/clinics' }),
);
const json = fc.jsonValue({ maxDepth: 3 });
const fieldValue = fc.oneof(fc.string({ maxLength: 30 }), fc.boolean(), fc.integer(), json);
const body = fc.oneof(
  json,
  fc.record(
    {
      firstName: fieldValue,
      email: fc.oneof(fc.emailAddress(), fieldValue),
      phone: fieldValue,
      admin: fieldValue,
      clinicalRole: fc.oneof(fc.constantFrom('STAFF', 'PHYSICIAN', 'CARE_NAVIGATOR'), fieldValue),
      role: fc.oneof(fc.record({ portal: fc.constantFrom('CLINIC', 'CIRCLE') }), fieldValue),
      clinicId: fc.oneof(id, fieldValue),
      activeStatus: fieldValue,
      name: fieldValue,
      active: fieldValue,
      customAlerts: fc.oneof(fc.array(json, { maxLength: 12 }), fieldValue),
      clinic_slug: fieldValue,
    },
    { requiredKeys: [] },
  ),
);

describe('users and clinics routes under malformed input', () => {
  it('answer random ids and bodies from every role with a status below 500', async () => {
    await fc.assert(
      fc.asyncProperty(routes, body, fc.nat(tokens.length - 1), async (route, payload, who) => {
        const res = await t.app.inject({
          method: route.method,
          url: route.url,
          ...(route.method === 'GET' ? {} : { payload: JSON.stringify(payload) }),
          headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[who]}` },
        });
        expect(res.statusCode).toBeLessThan(500);
      }),
      { numRuns: 300 },
    );
  });
});
