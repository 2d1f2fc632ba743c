import { defaultGraphFilterData, errorMessages, messages } from '@vigil/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { createWorld, fixtureIds as ids, signInBody, type World } from '../patients/patient-fixtures.js';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.close());

const stored = async (userId: string) =>
  (await w.t.app.vigil.database.db.select().from(users).where(eq(users.id, userId)))[0]!.graphFilterData;
const custom = {
  activeTab: 'readings',
  dateRange: 'custom',
  startDate: '2026-10-01',
  endDate: '2026-10-31',
  toggle: 'chart',
  infoToggle: 'bpHr',
};

describe('PUT /users/updateGraphFilterData/{userId}', () => {
  it('saves the readings panel choices and hands them back at sign-in and from /auth/me', async () => {
    const res = await w.as('northStaff').put(`/api/users/updateGraphFilterData/${ids.northStaff}`, custom);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { graphFilterData: custom } });
    expect((await signInBody(w, 'northStaff')).user.graphFilterData).toEqual(custom);
    expect((await w.as('northStaff').get('/api/auth/me')).json().data.graphFilterData).toEqual(custom);

    const preset = { ...defaultGraphFilterData, dateRange: 30, activeTab: 'medications' };
    await w.as('northStaff').put(`/api/users/updateGraphFilterData/${ids.northStaff}`, preset);
    expect((await w.as('northStaff').get('/api/auth/me')).json().data.graphFilterData).toEqual(preset);
  });

  it("refuses another user's choices, whatever the role, and changes nothing", async () => {
    for (const who of ['circleAdmin', 'northPhysician', 'southPhysician'] as const) {
      const res = await w.as(who).put(`/api/users/updateGraphFilterData/${ids.northStaff2}`, custom);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(errorMessages.forbidden);
    }
    expect(await stored(ids.northStaff2)).toBeNull();
  });

  it.each([
    [{ ...custom, startDate: null }, 'startDate', messages.required],
    [{ ...custom, endDate: undefined }, 'endDate', messages.required],
    [{ ...custom, startDate: '2026-11-01' }, 'endDate', messages.dateRangeOrder],
    [{ ...custom, dateRange: 90 }, 'dateRange', undefined],
    [{ ...custom, toggle: 'pie' }, 'toggle', undefined],
    [{ ...custom, startDate: '10/01/2026' }, 'startDate', undefined],
  ])('refuses %j and keeps the saved choices', async (body, field, message) => {
    const before = await stored(ids.northPhysician);
    const res = await w
      .as('northPhysician')
      .put(`/api/users/updateGraphFilterData/${ids.northPhysician}`, body);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
    if (message) expect(res.json().fields[field]).toBe(message);
    expect(await stored(ids.northPhysician)).toEqual(before);
  });

  it('accepts a custom range of one day', async () => {
    const oneDay = { ...custom, startDate: '2026-10-31', endDate: '2026-10-31' };
    const res = await w.as('navigatorA').put(`/api/users/updateGraphFilterData/${ids.navigatorA}`, oneDay);
    expect(res.statusCode).toBe(200);
  });
});
