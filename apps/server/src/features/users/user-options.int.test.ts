import { errorMessages, type UserOption } from '@vigil/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWorld,
  fixtureIds as ids,
  signInBody,
  type Who,
  type World,
} from '../patients/patient-fixtures.js';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.close());

async function options(who: Who, query: string): Promise<string[]> {
  const res = await w.as(who).get(`/api/users?${query}`);
  expect(res.statusCode).toBe(200);
  const data = res.json().data as UserOption[];
  for (const option of data) expect(Object.keys(option).sort()).toEqual(['_id', 'firstName', 'lastName']);
  return data.map((u) => u._id);
}

describe('GET /users for the pickers (spec patients 7)', () => {
  it('answers active users of a role in the chosen clinics, to any signed-in user', async () => {
    expect(await options('northStaff', 'roleType=STAFF')).toEqual([ids.northStaff, ids.northStaff2]);
    expect(await options('circleAdmin', `roleType=PHYSICIAN&clinics=${ids.north}`)).toEqual([
      ids.northPhysician,
      ids.northPhysician2,
    ]);
    // By last name, first name, then id: both clinics' 'staff Fixture' come before 'staff2 Fixture'.
    expect(await options('navigatorA', `roleType=STAFF&clinics=${ids.north},${ids.south}`)).toEqual([
      ids.northStaff,
      ids.southStaff,
      ids.northStaff2,
    ]);
  });

  it('gives a clinic user only their own clinic, whatever clinics they name', async () => {
    expect(await options('northStaff', `roleType=PHYSICIAN&clinics=${ids.south}`)).toEqual([
      ids.northPhysician,
      ids.northPhysician2,
    ]);
    expect(await options('southPhysician', 'roleType=STAFF')).toEqual([ids.southStaff]);
  });

  it('lists the active care navigators, who belong to no clinic, by role or with includeCN', async () => {
    const navigators = [ids.navigatorA, ids.navigatorB, ids.circleAdmin];
    expect(await options('northStaff', `roleType=CARE_NAVIGATOR&clinics=${ids.north}`)).toEqual(navigators);
    const withCn = await options('circleAdmin', `clinics=${ids.south}&includeCN=true`);
    expect(withCn).toEqual([
      ids.navigatorA,
      ids.navigatorB,
      ids.circleAdmin,
      ids.southPhysician,
      ids.southStaff,
    ]);
    expect(withCn).not.toContain(ids.navigatorOff);
  });

  it('matches nothing for unknown or malformed clinic ids, and refuses an unknown role', async () => {
    expect(
      await options('circleAdmin', 'roleType=STAFF&clinics=nope,10000000-0000-4000-8000-00000000ffff'),
    ).toEqual([]);
    expect((await w.as('circleAdmin').get('/api/users?roleType=ADMIN')).statusCode).toBe(400);
  });

  it('keeps the administrators users list without picker parameters', async () => {
    const res = await w.as('northStaff').get('/api/users');
    expect(res.statusCode).toBe(403);
    const list = await w.as('northPhysician').get('/api/users?includeCN=false');
    expect(list.statusCode).toBe(200);
    expect(list.json().data[0]).toHaveProperty('email');
  });
});

describe('PUT /users/updateFilters/{userId}', () => {
  const filters = {
    activeStatus: 'active',
    enrollmentStatus: '',
    selectedPhysicians: ids.northPhysician,
    selectedCareTeamMembers: '',
    selectedCareNavigators: `${ids.navigatorA},${ids.navigatorB}`,
    selectedDiagnoses: 'CHF,Hypertension',
    selectedClinics: ids.north,
    consent: 'Yes',
  };

  it('saves the priority list filters with month and year, and the clinician list apart', async () => {
    const priority = await w
      .as('navigatorA')
      .put(`/api/users/updateFilters/${ids.navigatorA}`, { ...filters, month: 10, year: 2026 });
    expect(priority.statusCode).toBe(200);
    expect(priority.json()).toEqual({
      patientFilter: { ...filters, month: 10, year: 2026 },
      clinicFilter: null,
    });
    const clinician = await w
      .as('navigatorA')
      .put(`/api/users/updateFilters/${ids.navigatorA}`, { activeStatus: 'inactive', isClinicList: true });
    expect(clinician.json()).toEqual({
      patientFilter: { ...filters, month: 10, year: 2026 },
      clinicFilter: { activeStatus: 'inactive' },
    });
  });

  it('hands the saved filters back at the next sign-in and from /auth/me', async () => {
    const body = await signInBody(w, 'navigatorA');
    expect(body.user.storedFilters).toEqual({ ...filters, month: 10, year: 2026 });
    expect(body.user.clinicStoredFilters).toEqual({ activeStatus: 'inactive' });
    const me = await w.as('navigatorA').get('/api/auth/me');
    expect(me.json().data).toMatchObject({
      storedFilters: { ...filters, month: 10, year: 2026 },
      clinicStoredFilters: { activeStatus: 'inactive' },
    });
  });

  it("refuses another user's filters and malformed bodies", async () => {
    const other = await w.as('northStaff').put(`/api/users/updateFilters/${ids.navigatorA}`, filters);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe(errorMessages.forbidden);
    for (const bad of [{ month: 13 }, { isClinicList: 'yes' }, { activeStatus: 5 }]) {
      const res = await w.as('northStaff').put(`/api/users/updateFilters/${ids.northStaff}`, bad);
      expect(res.statusCode).toBe(400);
    }
    const body = await signInBody(w, 'navigatorA');
    expect(body.user.clinicStoredFilters).toEqual({ activeStatus: 'inactive' });
  });
});
