import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addPatient,
  createWorld,
  fixtureIds as ids,
  patientBody,
  type World,
} from '../patients/patient-fixtures.js';

let w: World;
beforeAll(async () => {
  w = await createWorld();
});
afterAll(() => w.close());

const withNavigator = { assignedCareNavigator: ids.navigatorA, careTeam: [ids.northStaff] };

describe('clinic dashboard patient counts (DESIGN 4)', () => {
  it('counts active and enrolled as active, every other patient as inactive, no navigator as unassigned', async () => {
    await addPatient(w, 'circleAdmin', patientBody({ ...withNavigator, enrolled: true }));
    const paused = await addPatient(w, 'circleAdmin', patientBody({ ...withNavigator, enrolled: true }));
    const { connectDevices: _, ...edit } = patientBody({ ...withNavigator, enrolled: true, active: false });
    expect((await w.as('circleAdmin').put(`/api/pacients/${paused}`, edit)).statusCode).toBe(200);
    await addPatient(w, 'northStaff', patientBody({ enrolled: false }));
    const left = await addPatient(w, 'circleAdmin', patientBody({ ...withNavigator, enrolled: true }));
    const { connectDevices: __, ...unenrol } = patientBody({ ...withNavigator, enrolled: false });
    expect((await w.as('circleAdmin').put(`/api/pacients/${left}`, unenrol)).statusCode).toBe(200);
    await addPatient(
      w,
      'southPhysician',
      patientBody({ clinic: ids.south, assignedPhysician: ids.southPhysician, careTeam: [], enrolled: true }),
    );

    const clinics = (await w.as('circleAdmin').get('/api/clinics')).json().data as Array<{ _id: string }>;
    const counts = (id: string) => clinics.find((c) => c._id === id);
    expect(counts(ids.north)).toMatchObject({
      activePatients: 1,
      inactivePatients: 3,
      unassignedPatients: 1,
    });
    expect(counts(ids.south)).toMatchObject({
      activePatients: 1,
      inactivePatients: 0,
      unassignedPatients: 1,
    });
    expect(counts(ids.closed)).toMatchObject({
      activePatients: 0,
      inactivePatients: 0,
      unassignedPatients: 0,
    });
  });
});
