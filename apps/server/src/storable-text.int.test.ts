import { messages } from '@vigil/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patients, unrecognisedDevices } from './db/schema/index.js';
import { demoIds } from './db/seed/demo.js';
import { asUser, createTestApp, signIn, type TestApp } from './test/test-app.js';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  token = await signIn(t.app, 'staff@sunrise.demo');
});
afterAll(() => t.close());

const refusal = (field: string) => ({
  message: messages.unstorableText,
  code: 'VALIDATION',
  fields: { [field]: messages.unstorableText },
});

describe('text the database cannot store, anywhere in a request', () => {
  it('a NUL in a new patient is a 400 naming the field, and no patient is added', async () => {
    const before = (await t.app.vigil.database.db.select().from(patients)).length;
    const res = await asUser(t.app, token).post('/api/pacients', {
      firstName: 'Ann\u0000',
      preferences: { emergencyContact: { notes: 'ok' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('firstName'));
    expect((await t.app.vigil.database.db.select().from(patients)).length).toBe(before);
  });

  it('half a surrogate pair in a nested field names its path', async () => {
    const res = await asUser(t.app, token).put(`/api/users/updateFilters/${demoIds.staffSunrise}`, {
      activeStatus: 'active',
      nested: { notes: ['fine', 'broken \ud800'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(refusal('nested.notes.1'));
  });

  it('a NUL in a search or an id is refused the same way', async () => {
    const search = await asUser(t.app, token).get('/api/pacients/patient-priority-list?searchString=a%00b');
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual(refusal('searchString'));
    const id = await asUser(t.app, token).get('/api/pacients/a%00b');
    expect(id.statusCode).toBe(400);
    expect(id.json()).toEqual(refusal('id'));
  });
});

describe('a body nested too deeply to store', () => {
  // Ten kilobytes, far under the size limit, but `JSON.stringify` on its way to the database recursed
  // through its 5,000 levels until the call stack ran out: a 500, which a vendor retries for ever.
  const deep = (inner: string) => `${'['.repeat(5000)}${inner}${']'.repeat(5000)}`;

  it('is a 400 naming where it nests too deeply, from a vendor or a user, and stores nothing', async () => {
    const webhook = await t.app.inject({
      method: 'POST',
      url: '/api/webhooks/bodytrace',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from('bodytrace-demo:bodytrace-demo-secret').toString('base64')}`,
      },
      payload: `{"imei":"013950000999992","ts":${t.clock.now().getTime()},"values":{},"x":${deep('1')}}`,
    });
    expect(webhook.statusCode).toBe(400);
    expect(webhook.json()).toMatchObject({ message: messages.nestedTooDeeply, code: 'VALIDATION' });
    expect(Object.keys(webhook.json().fields)[0]).toMatch(/^x\.0\.0/);
    const unrecognised = await t.app.vigil.database.db.select().from(unrecognisedDevices);
    expect(unrecognised.map((u) => u.identifier)).not.toContain('013950000999992');

    const filters = await t.app.inject({
      method: 'PUT',
      url: `/api/users/updateFilters/${demoIds.staffSunrise}`,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      payload: `{"activeStatus":"active","nested":${deep('"x"')}}`,
    });
    expect(filters.statusCode).toBe(400);
    expect(filters.json().message).toBe(messages.nestedTooDeeply);
  });
});

describe('dates the database cannot hold', () => {
  const patient = '00000000-0000-4000-a001-000000000003';

  it('year 0 or past 9998 in a range, a marker or a report is a 400, never a 500', async () => {
    const as = asUser(t.app, token);
    const answers = [
      await as.get(`/api/pacients/${patient}/readings?start=0000-01-01T00:00:00Z&end=0000-06-01T00:00:00Z`),
      await as.post(`/api/sms/set-last-addressed/${patient}`, {
        addressed: true,
        date: '0000-01-01T00:00:00Z',
      }),
      await as.get(`/api/auditTrailLogs/${patient}?fromDate=9999-01-01&endDate=9999-12-31`),
      await as.get(`/api/auditTrailLogs/${patient}?fromDate=0000-01-01&endDate=0000-01-02`),
      await as.get(
        `/api/reports/billing?month=12&year=9999&clinic=${demoIds.sunrise}&physician=${demoIds.physicianSunrise}`,
      ),
    ];
    expect(answers.map((r) => r.statusCode)).toEqual([400, 400, 400, 400, 400]);
  });
});
