import { randomUUID } from 'node:crypto';
import {
  type AlertCategory,
  type AlertFinding,
  type CustomAlert,
  calendarDay,
  type DeviceBrand,
  type DeviceSource,
  type DeviceType,
  defaultCustomAlerts,
  evaluateAlerts,
  heightInInches,
  heightText,
  mergeFinding,
  type Reading,
  resolveThresholds,
  type StoredAlert,
  sourceBrand,
  startOfCalendarDay,
  type Thresholds,
} from '@vigil/core';
import { inArray } from 'drizzle-orm';
import {
  isoDay,
  monthOfDay,
  rebuildClinicDayRollups,
  refreshClinicMetrics,
} from '../../features/patients/patient-metrics.service.js';
import { patientSearchText } from '../../features/patients/patient-search-text.js';
import { bodyTracePayload, type Measurement, pyloPayload } from '../../simulator/wire-formats.js';
import type { DbOrTx } from '../client.js';
import {
  alertFindings,
  alerts,
  calls,
  devices,
  enrolmentPeriods,
  monthlyNotes,
  type PatientPhone,
  patientCareTeam,
  patientDevices,
  patients,
  readings,
  staffNotes,
  timeEntries,
  unrecognisedDevices,
  users,
} from '../schema/index.js';
import { bulkInsert } from './bulk-insert.js';
import { generateCareNotes } from './demo-care-notes.js';
import { type DemoDevice, demoDevice, deviceReadingRow, type WithingsTokenMaker } from './demo-devices.js';
import { createRandom, type Random } from './random.js';

const hourMs = 3_600_000;
const dayMs = 86_400_000;
const timeZone = 'America/Los_Angeles';
/** Days of history: today and the 89 days before. */
const historyDays = 90;

// The seed asks for the same hundred-odd day boundaries tens of thousands of times; time zone arithmetic is
// the slow part of generating, so each day's start is computed once.
const dayStarts = new Map<number, number>();
function dayStart(day: number): number {
  let start = dayStarts.get(day);
  if (start === undefined) {
    start = startOfCalendarDay(day, timeZone).getTime();
    dayStarts.set(day, start);
  }
  return start;
}
/** The calendar day (as `calendarDay` numbers it) of an instant, from the memoised day starts. */
function dayOf(instant: number): number {
  let day = Math.floor(instant / dayMs);
  while (dayStart(day) > instant) day--;
  while (dayStart(day + 1) <= instant) day++;
  return day;
}

/**
 * The demo's patient ids are fixed (clinic number, then the patient's number), so links, screenshots and
 * tests can name a patient.
 */
export const demoPatientId = (clinicNumber: 1 | 2, index: number) =>
  `00000000-0000-4000-a00${clinicNumber}-${String(index + 1).padStart(12, '0')}`;

/** Badges of DESIGN 4; "unassigned" patients are enrolled and active but have no care navigator. */
type Badge = 'active' | 'inactive' | 'unenrolled' | 'never' | 'unassigned';
type Diagnosis = 'Hypertension' | 'CHF' | 'Hypotension';

const bpVendors = ['WITHINGS', 'SMART_METER', 'PYLO', 'EDEVICE', 'BODYTRACE', 'TENOVI'] as const;
const weightVendors = ['BODYTRACE', 'WITHINGS', 'SMART_METER', 'TENOVI'] as const;

const femaleNames = [
  'María',
  'Sofía',
  'Linda',
  'Grace',
  'Renée',
  'Margaret',
  'Aiko',
  'Chloé',
  'Dolores',
  'Fatima',
  'Helen',
  'Joan',
  'Lucía',
  'Nadia',
  'Olga',
  'Patricia',
  'Rosa',
  'Susan',
  'Thi Lan',
  'Yolanda',
] as const;
const maleNames = [
  'José',
  'Joaquín',
  'Robert',
  'Ahmed',
  'Bruce',
  'Carlos',
  'David',
  'Emil',
  'Frank',
  'George',
  'Hiroshi',
  'Ivan',
  'James',
  'Kwame',
  'Luis',
  'Mateo',
  'Nikolai',
  'Oscar',
  'Raúl',
  'Walter',
] as const;
const lastNames = [
  'Núñez',
  'García',
  'Peña',
  "O'Brien",
  'Nguyen',
  'Kowalski',
  'Okafor',
  'Schmidt',
  'Haddad',
  'Ibáñez',
  'Johansson',
  'Kim',
  'Lefèvre',
  'Martinez',
  'Novak',
  'Patel',
  'Quinn',
  'Rossi',
  'Sánchez',
  'Tanaka',
  'Ulloa',
  'Varga',
  'Washington',
  'Yilmaz',
  'Zhang',
  'Brooks',
  'Castillo',
  'Dubois',
  'Ellis',
  'Fischer',
] as const;
const spanishFirst = new Set([
  'María',
  'Sofía',
  'Lucía',
  'Rosa',
  'Dolores',
  'Yolanda',
  'José',
  'Joaquín',
  'Carlos',
  'Luis',
  'Mateo',
  'Raúl',
]);

interface DemoClinic {
  number: 1 | 2;
  id: string;
  patients: number;
  seed: number;
  areaCode: string;
  city: { city: string; state: string; zip: string; streets: readonly string[] };
  physicians: { main: string; other: string | null };
  staff: readonly string[];
  /** Care navigators, alternating; the unassigned patients get none. */
  navigators: readonly string[];
}

interface PatientPlan {
  id: string;
  index: number;
  badge: Badge;
  diagnosis: Diagnosis;
  bp: boolean;
  weight: boolean;
  navigator: string | null;
  reviewer: string;
  enrolledDay: number | null;
  /** The last day readings can come (unenrolment, or monitoring paused), else today. */
  lastDay: number;
  thresholds: Thresholds;
}

interface SimAlert extends StoredAlert {
  patientId: string;
  /** Each reading date the alert had: the one it opened on, and each later finding that moved it. */
  findings: Date[];
  createdAt: Date;
  updatedAt: Date;
  dismissedAt: Date | null;
  dismissedBy: string | null;
  dismissNote: string | null;
}

const dismissNotes = [
  'Reviewed with the patient by phone; no change to the plan.',
  'Physician reviewed; continue monitoring.',
  'Patient reminded to take readings daily.',
  'Repeat reading within range; no action needed.',
] as const;

function badgeOf(index: number): Badge {
  // Most patients are monitored; every badge appears a few times in each clinic.
  const cycle: Badge[] = [
    'active',
    'active',
    'active',
    'active',
    'active',
    'active',
    'active',
    'inactive',
    'active',
    'unenrolled',
    'never',
    'unassigned',
  ];
  return cycle[index % cycle.length]!;
}

/** Everything the demo patients consist of, generated before a single insert. */
interface Generated {
  patients: (typeof patients.$inferInsert)[];
  careTeam: (typeof patientCareTeam.$inferInsert)[];
  enrolmentPeriods: (typeof enrolmentPeriods.$inferInsert)[];
  devices: DemoDevice[];
  pairings: (typeof patientDevices.$inferInsert)[];
  readings: (typeof readings.$inferInsert)[];
  alerts: (typeof alerts.$inferInsert)[];
  alertFindings: (typeof alertFindings.$inferInsert)[];
  calls: (typeof calls.$inferInsert)[];
  timeEntries: (typeof timeEntries.$inferInsert)[];
}

function generateClinic(clinic: DemoClinic, now: Date, out: Generated) {
  const rng = createRandom(clinic.seed);
  const today = calendarDay(now, timeZone);
  const at = (day: number, hours: number) => new Date(dayStart(day) + hours * hourMs);

  for (let index = 0; index < clinic.patients; index++) {
    const id = demoPatientId(clinic.number, index);
    const badge = badgeOf(index);
    const roll = rng.next();
    const diagnosis: Diagnosis = roll < 0.5 ? 'Hypertension' : roll < 0.8 ? 'CHF' : 'Hypotension';
    const female = rng.chance(0.5);
    const firstName = rng.pick(female ? femaleNames : maleNames);
    const lastName = rng.pick(lastNames);
    const mr = String(4_100_000 + clinic.number * 100_000 + index * 37);
    const spanish = spanishFirst.has(firstName) && rng.chance(0.7);
    const navigator = badge === 'unassigned' ? null : clinic.navigators[index % clinic.navigators.length]!;
    const physician =
      clinic.physicians.other && index % 9 === 4 ? clinic.physicians.other : clinic.physicians.main;

    // Enrolment: a few patients enrolled in the last 11 days (the new-patient adherence rule applies).
    const isNew = (badge === 'active' || badge === 'unassigned') && index % 10 === 3;
    const enrolledDay = badge === 'never' ? null : isNew ? today - rng.int(2, 11) : today - rng.int(30, 420);
    const lastDay =
      badge === 'unenrolled'
        ? today - rng.int(20, 60)
        : badge === 'inactive'
          ? today - rng.int(8, 35)
          : today;
    const customAlerts: CustomAlert[] | null =
      index % 17 === 5
        ? defaultCustomAlerts.map((a) =>
            a.key === 'highReading'
              ? { ...a, values: { highReadingSystolic: '180', highReadingdiastolic: '100' } }
              : a,
          )
        : null;
    const plan: PatientPlan = {
      id,
      index,
      badge,
      diagnosis,
      bp: diagnosis !== 'CHF' || rng.chance(0.4),
      weight: diagnosis === 'CHF' || rng.chance(0.2),
      navigator,
      reviewer: navigator ?? physician,
      enrolledDay,
      lastDay,
      thresholds: resolveThresholds(defaultCustomAlerts, customAlerts),
    };

    const heightFeet = female ? rng.int(4, 5) : rng.int(5, 6);
    const heightInches = rng.int(0, 11);
    const baseWeight = Math.round(rng.around(female ? 165 : 195, 35));
    const birthYear = monthOfDay(today).year - rng.int(45, 88);
    const dateOfBirth = `${birthYear}-${String(rng.int(1, 12)).padStart(2, '0')}-${String(rng.int(1, 28)).padStart(2, '0')}`;
    const cell = `${clinic.areaCode}555${String(2000 + clinic.number * 300 + index).padStart(4, '0')}`;
    const phones: PatientPhone[] = [{ number: cell, type: 'Cell', notes: null }];
    if (index % 4 === 1) {
      phones.push({
        number: `${clinic.areaCode}555${String(6000 + index).padStart(4, '0')}`,
        type: 'Landline',
        notes: 'Home',
      });
    }
    const enrolled = badge === 'active' || badge === 'inactive' || badge === 'unassigned';
    const consented = badge !== 'never' || index % 2 === 0;
    const textConsent = consented && rng.chance(0.8) ? 'Yes' : 'No';
    const emailConsent = consented && rng.chance(0.5) ? 'Yes' : 'No';
    const monthlyReport = emailConsent === 'Yes' && rng.chance(0.6);
    const enrolledAt = enrolledDay === null ? null : at(enrolledDay, 10 + rng.int(0, 6));
    const createdAt = new Date(
      (enrolledAt ?? at(today - rng.int(3, 60), 9)).getTime() - rng.int(1, 10) * dayMs,
    );
    const asciiName = `${firstName}.${lastName}`
      .normalize('NFD')
      .replace(/[^A-Za-z.]/g, '')
      .toLowerCase();
    const reviewedDaysAgo = rng.pick([0, 2, 5, 12, 25, 45, null]);

    out.patients.push({
      id,
      clinicId: clinic.id,
      firstName,
      lastName,
      searchText: patientSearchText(firstName, lastName, mr),
      email: emailConsent === 'Yes' ? `${asciiName}@example.com` : null,
      language: spanish ? 'ES' : 'EN',
      sex: female ? 'FEMALE' : 'MALE',
      dateOfBirth,
      timeZone,
      phone: textConsent === 'Yes' ? cell : null,
      phones,
      address: {
        address: `${rng.int(100, 9800)} ${rng.pick(clinic.city.streets)}`,
        apt: index % 5 === 2 ? `Apt ${rng.int(1, 40)}` : null,
        city: clinic.city.city,
        state: clinic.city.state,
        zip: clinic.city.zip,
      },
      preferences: {
        daysToContact: ['Monday', 'Wednesday', 'Friday'],
        timesToContact: [rng.pick(['Morning', 'Afternoon', 'Evening'] as const)],
        textConsent,
        remindersConsent: 'No',
        emailConsent,
        monthlyReportConsent: monthlyReport ? 'Yes' : 'No',
      },
      medicalInfo: {
        dateOfBirth,
        mr,
        gender: female ? 'FEMALE' : 'MALE',
        diagnosis,
        height: heightText(heightFeet, heightInches),
        heightFeets: heightFeet,
        heightInches,
        heightInInches: heightInInches(heightFeet, heightInches),
        weight: baseWeight,
      },
      mr,
      diagnosis,
      monthlyReportConsent: monthlyReport,
      consentStatus: consented
        ? rng.pick(['Obtained by clinic staff', 'Obtained via telephone'] as const)
        : 'Not yet obtained',
      consentUserId: consented ? physician : null,
      consentDate: consented ? createdAt : null,
      connectDevices: badge === 'never' ? 'No' : 'Yes',
      active: badge === 'active' || badge === 'unassigned',
      enrolled,
      everEnrolled: badge !== 'never',
      enrolledAt,
      highPriority: index % 13 === 6,
      customAlerts,
      assignedPhysicianId: physician,
      // Reviewed today at 11:00 would be a review still to come when the demo is seeded in the morning.
      lastReviewedAt:
        reviewedDaysAgo === null || badge === 'never'
          ? null
          : new Date(Math.min(at(today - reviewedDaysAgo, 11).getTime(), now.getTime())),
      lastReviewedBy: reviewedDaysAgo === null || badge === 'never' ? null : physician,
      createdBy: physician,
      createdAt,
      updatedAt: createdAt,
    });

    if (enrolledAt) {
      // Unenrolled the morning after the last reading, as the devices go back (`pairDevices`); never before
      // the enrolment, which a few draws would otherwise put after the last reading day.
      const endedAt = badge === 'unenrolled' ? at(Math.max(lastDay, enrolledDay!) + 1, 10) : null;
      out.enrolmentPeriods.push({ clinicId: clinic.id, patientId: id, startedAt: enrolledAt, endedAt });
    }

    // Care team: each staff account of the clinic sees most patients by default.
    clinic.staff.forEach((userId, s) => {
      if (s === 0 ? index % 6 !== 5 : index % 2 === 0) {
        out.careTeam.push({ clinicId: clinic.id, patientId: id, userId, role: 'STAFF' });
      }
    });
    if (navigator)
      out.careTeam.push({ clinicId: clinic.id, patientId: id, userId: navigator, role: 'CARE_NAVIGATOR' });

    // Readings, calls and time run up to the moment of seeding, so how many draws they take depends on it:
    // they draw from a stream of the patient's own, and the next patient is the same person at any hour.
    const activity = createRandom(Math.floor(rng.next() * 4_294_967_296));
    const paired = pairDevices(clinic, plan, out);
    const patientReadings = generateReadings(activity, clinic, plan, paired, baseWeight, now);
    out.readings.push(...patientReadings);
    for (const { findings, ...alert } of simulateAlerts(plan, clinic.id, patientReadings, now)) {
      out.alerts.push(alert);
      out.alertFindings.push(...findings.map((readingDate) => ({ alertId: alert.id, readingDate })));
    }
    if (badge !== 'never') generateCallsAndTime(activity, clinic, plan, now, out);
  }
}

interface PatientDemoDevices {
  monitor: DemoDevice | null;
  scale: DemoDevice | null;
}

/**
 * The patient's devices, of the brands their readings come from, paired since enrolment: still connected
 * while monitored, disconnected (still theirs) while paused, and returned to the clinic's stock after
 * unenrolment, which leaves the pairing in their device history.
 */
function pairDevices(clinic: DemoClinic, plan: PatientPlan, out: Generated): PatientDemoDevices {
  if (plan.enrolledDay === null) return { monitor: null, scale: null };
  const pairedAt = new Date(dayStart(plan.enrolledDay) + 11 * hourMs);
  const endedAt = new Date(dayStart(plan.lastDay + 1) + 10 * hourMs);
  const pair = (source: DeviceSource, type: DeviceType) => {
    const device = demoDevice({
      brand: sourceBrand[source],
      type,
      clinicNumber: clinic.number,
      n: out.devices.length,
      clinicId: clinic.id,
      createdAt: new Date(pairedAt.getTime() - 3 * dayMs),
    });
    out.devices.push(device);
    out.pairings.push({
      clinicId: clinic.id,
      patientId: plan.id,
      deviceId: device.row.id,
      deviceName: device.row.name,
      status: plan.badge === 'inactive' ? 'disabled' : 'active',
      pairedAt,
      unpairedAt: plan.badge === 'inactive' || plan.badge === 'unenrolled' ? endedAt : null,
      deletedAt: plan.badge === 'unenrolled' ? endedAt : null,
      // A returned device keeps, on the pairing, the hub it was on (as the removal stores it).
      hubSerialNumber: plan.badge === 'unenrolled' ? device.row.hubSerialNumber : null,
      createdBy: plan.reviewer,
      createdAt: pairedAt,
    });
    return device;
  };
  const vendorOf = <T>(list: readonly T[]) => list[(plan.index + clinic.number) % list.length]!;
  return {
    monitor: plan.bp ? pair(vendorOf(bpVendors), 'Blood Pressure Monitor') : null,
    scale: plan.weight ? pair(vendorOf(weightVendors), 'Scale') : null,
  };
}

/**
 * Devices nobody uses yet: free ones in each clinic (Smart Meter and Pylo are paired by picking one of
 * these), the operator's unassigned stock of every brand, and a deactivated one per clinic.
 */
function stockDevices(clinics: readonly DemoClinic[], now: Date, out: Generated) {
  const createdAt = new Date(now.getTime() - 20 * dayMs);
  const add = (
    clinic: DemoClinic | null,
    brand: DeviceBrand,
    type: DeviceType,
    status: 'active' | 'deactivated' = 'active',
  ) =>
    out.devices.push(
      demoDevice({
        brand,
        type,
        clinicNumber: clinic?.number ?? 0,
        n: out.devices.length,
        clinicId: clinic?.id ?? null,
        createdAt: new Date(createdAt.getTime() + out.devices.length * 60_000),
        status,
      }),
    );
  for (const clinic of clinics) {
    add(clinic, 'Smart Meter', 'Blood Pressure Monitor');
    add(clinic, 'Smart Meter', 'Blood Pressure Monitor');
    add(clinic, 'Smart Meter', 'Scale');
    add(clinic, 'Pylo', 'Blood Pressure Monitor');
    add(clinic, 'Pylo', 'Scale');
    add(clinic, 'BODYTRACE', 'Blood Pressure Monitor');
    add(clinic, 'Pylo', 'Blood Pressure Monitor', 'deactivated');
  }
  const brands: [DeviceBrand, DeviceType][] = [
    ['Withings', 'Blood Pressure Monitor'],
    ['Withings', 'Scale'],
    ['BODYTRACE', 'Scale'],
    ['BODYTRACE', 'Blood Pressure Monitor'],
    ['Tenovi', 'Blood Pressure Monitor'],
    ['EDEVICE', 'Blood Pressure Monitor'],
    ['Smart Meter', 'Blood Pressure Monitor'],
    ['Pylo', 'Scale'],
  ];
  for (const [brand, type] of brands) add(null, brand, type);
}

/**
 * What the webhooks set aside, as staff find it on the device screens: a scale that was never added to
 * the inventory, still weighing someone every morning, and a deactivated monitor still sending.
 */
function unrecognisedDeliveries(out: Generated, now: Date): (typeof unrecognisedDevices.$inferInsert)[] {
  const deactivated = out.devices.find((d) => d.row.status === 'deactivated')!;
  const at = (days: number, hours = 0) => new Date(now.getTime() - days * dayMs - hours * hourMs);
  const unknown = demoDevice({
    brand: 'BODYTRACE',
    type: 'Scale',
    clinicNumber: 9,
    n: 0,
    clinicId: null,
    createdAt: now,
  });
  return [
    {
      source: 'BODYTRACE',
      identifier: unknown.row.serialNumber,
      reason: 'unknownDevice',
      firstSeenAt: at(12, 3),
      lastSeenAt: at(0, 5),
      count: 11,
      lastPayload: bodyTracePayload(unknown.wire, { takenAt: at(0, 5), sequence: 1, weightLbs: 187.2 }),
    },
    {
      source: 'PYLO',
      identifier: deactivated.row.serialNumber,
      reason: 'deactivated',
      deviceId: deactivated.row.id,
      clinicId: deactivated.row.clinicId,
      firstSeenAt: at(3, 2),
      lastSeenAt: at(1, 2),
      count: 2,
      lastPayload: pyloPayload(deactivated.wire, {
        takenAt: at(1, 2),
        sequence: 1,
        systolic: 132,
        diastolic: 84,
        heartRate: 71,
      }),
    },
  ];
}

/**
 * Each device's last reading, and a plausible battery, as its deliveries would have left them: only Tenovi
 * reports a battery percentage, the others' devices have none.
 */
function deviceActivity(out: Generated, rng: Random) {
  const last = new Map<string, Date>();
  for (const r of out.readings) {
    if (!r.deviceId) continue;
    const seen = last.get(r.deviceId);
    if (!seen || seen < r.takenAt) last.set(r.deviceId, r.takenAt);
  }
  for (const { row } of out.devices) {
    const seen = last.get(row.id);
    if (!seen) continue;
    row.lastConnectedAt = seen;
    row.lastSeenAt = seen;
    if (row.brand === 'Tenovi') {
      row.battery = rng.int(35, 100);
      row.batteryReportedAt = seen;
    }
  }
}

/**
 * 90 days of readings (fewer for a recent enrolment): blood pressure and heart rate for hypertension and
 * hypotension, weight for CHF, some patients both; most days have a reading, some patients have gaps, and
 * a few readings are out of range so that the alert rules fire.
 */
function generateReadings(
  rng: Random,
  clinic: DemoClinic,
  plan: PatientPlan,
  devices: PatientDemoDevices,
  baseWeight: number,
  now: Date,
): (typeof readings.$inferInsert)[] {
  if (plan.enrolledDay === null) return [];
  const today = calendarDay(now, timeZone);
  const first = Math.max(plan.enrolledDay + 1, today - historyDays + 1);
  const adherence = 0.55 + 0.42 * rng.next();
  // Gaps: about one patient in five is silent now (an adherence alert), others had a gap weeks ago.
  const silentFrom = plan.index % 5 === 1 ? today - rng.int(6, 9) : plan.index % 10 === 3 ? today - 1 : null;
  const pastGap = plan.index % 4 === 2 ? today - rng.int(25, 70) : null;
  const crisisDays = new Set(rng.chance(0.25) ? [today - rng.int(0, 40), today - rng.int(0, 6)] : []);
  const tachycardic = rng.chance(0.08);
  const fluidEpisode = plan.diagnosis === 'CHF' && rng.chance(0.5) ? today - rng.int(1, 30) : null;
  // About half the hypertensive patients are controlled (near 122): the lists then show every colour band,
  // as a clinic's panel would, rather than a wall of red.
  const sys =
    plan.diagnosis === 'Hypotension'
      ? rng.around(104, 6)
      : rng.chance(0.45)
        ? rng.around(122, 5)
        : rng.around(146, 10);
  const dia = plan.diagnosis === 'Hypotension' ? rng.around(66, 4) : rng.around(86, 6);
  const hr = rng.around(74, 8);
  const twiceDaily = plan.bp && rng.chance(0.35);
  let weight = baseWeight;
  let seq = 0;
  const rows: (typeof readings.$inferInsert)[] = [];
  const owner = { clinicId: clinic.id, patientId: plan.id, timeZone };
  // One reading in 23 is typed by staff; the others arrive from the device as its vendor sends them.
  const push = (
    takenAt: Date,
    values: Omit<Measurement, 'takenAt' | 'sequence'>,
    device: DemoDevice | null,
  ) => {
    if (takenAt.getTime() > now.getTime()) return;
    seq++;
    if (device && seq % 23 !== 0) {
      rows.push(deviceReadingRow(device, { takenAt, sequence: seq, ...values }, owner));
      return;
    }
    rows.push({
      ...owner,
      takenAt,
      systolic: values.systolic ?? null,
      diastolic: values.diastolic ?? null,
      heartRate: values.heartRate ?? null,
      weightLbs: values.weightLbs ?? null,
      source: 'MANUAL',
      createdBy: plan.reviewer,
    });
  };

  for (let day = first; day <= Math.min(today, plan.lastDay); day++) {
    if (silentFrom !== null && day >= silentFrom) break;
    if (pastGap !== null && day >= pastGap && day < pastGap + 7) continue;
    const episode = fluidEpisode !== null && day >= fluidEpisode && day < fluidEpisode + 3;
    weight += 0.2 * (baseWeight - weight) + rng.around(0, 0.7) + (episode ? 1.3 : 0);
    if (fluidEpisode !== null && day === fluidEpisode + 1) weight += 1;
    if (!rng.chance(adherence)) continue;
    const morning = dayStart(day) + (7 + rng.next() * 2) * hourMs;
    if (plan.weight)
      push(new Date(morning - 20 * 60_000), { weightLbs: Math.round(weight * 10) / 10 }, devices.scale);
    if (plan.bp) {
      const crisis = crisisDays.has(day);
      const bp = () => ({
        systolic: Math.round(crisis ? rng.int(201, 212) : rng.around(sys, 9)),
        diastolic: Math.round(crisis ? rng.int(95, 108) : rng.around(dia, 6)),
        heartRate: Math.round(tachycardic && rng.chance(0.02) ? rng.int(122, 134) : rng.around(hr, 6)),
      });
      push(new Date(morning), bp(), devices.monitor);
      if (twiceDaily && rng.chance(0.8))
        push(new Date(morning + (11 + rng.next() * 2) * hourMs), bp(), devices.monitor);
    }
  }
  return rows;
}

/**
 * The alerts `record` and the adherence jobs would have left, replayed in time order with the core's rules:
 * each reading evaluated as it arrived (over the 8 days before it, as `record` does), adherence at each
 * local midnight and now, and staff dismissing what is more than two days old at 11:00 on each day until
 * ten days ago, so the demo shows a history of cleared alerts and the recent ones open. Replaying in memory
 * keeps the seed fast; the rules and the merge are the core's, as in `record`.
 */
function simulateAlerts(
  plan: PatientPlan,
  clinicId: string,
  rows: readonly (typeof readings.$inferInsert)[],
  now: Date,
): (typeof alerts.$inferInsert & { id: string; findings: Date[] })[] {
  const today = calendarDay(now, timeZone);
  const sorted: Reading[] = rows
    .map((r) => ({
      date: r.takenAt,
      systolic: r.systolic,
      diastolic: r.diastolic,
      heartRate: r.heartRate,
      weight: r.weightLbs,
      source: r.source,
    }))
    .sort((a, b) => a.date.getTime() - b.date.getTime());
  const monitored = plan.badge === 'active' || plan.badge === 'unassigned';
  type Event = { at: Date; kind: 'reading'; index: number } | { at: Date; kind: 'adherence' | 'review' };
  const events: Event[] = sorted.map((r, index) => ({ at: r.date, kind: 'reading', index }));
  for (let day = today - historyDays + 1; day <= today; day++) {
    const start = dayStart(day);
    if (monitored && plan.enrolledDay !== null && day > plan.enrolledDay) {
      events.push({ at: new Date(start + 10 * 60_000), kind: 'adherence' });
    }
    if (day <= today - 10) events.push({ at: new Date(start + 11 * hourMs), kind: 'review' });
  }
  if (monitored) events.push({ at: now, kind: 'adherence' });
  events.sort((a, b) => a.at.getTime() - b.at.getTime());

  const stored: SimAlert[] = [];
  const apply = (findings: readonly AlertFinding[], at: Date) => {
    for (const finding of findings) {
      const result = mergeFinding(stored, finding);
      if (result.action === 'update') {
        const alert = stored.find((a) => a.id === result.alertId)!;
        alert.readingDate = result.readingDate;
        if (alert.findings.at(-1)?.getTime() !== result.readingDate.getTime())
          alert.findings.push(result.readingDate);
        alert.updatedAt = at;
      } else if (result.action === 'open') {
        stored.push({
          ...result.alert,
          id: randomUUID(),
          patientId: plan.id,
          findings: result.alert.readingDate ? [result.alert.readingDate] : [],
          createdAt: at,
          updatedAt: at,
          dismissedAt: null,
          dismissedBy: null,
          dismissNote: null,
        });
      }
    }
  };
  const evaluate = (window: readonly Reading[], at: Date, enrolledAt: Date | null) =>
    evaluateAlerts({
      readings: window,
      thresholds: plan.thresholds,
      diagnosis: plan.diagnosis,
      enrolledAt,
      now: at,
      timeZone,
    });

  let windowStart = 0;
  let latest: Reading | undefined;
  for (const event of events) {
    if (event.kind === 'reading') {
      latest = sorted[event.index]!;
      const since = dayStart(dayOf(event.at.getTime()) - 7);
      while (sorted[windowStart]!.date.getTime() < since) windowStart++;
      apply(evaluate(sorted.slice(windowStart, event.index + 1), event.at, null), event.at);
    } else if (event.kind === 'adherence') {
      const enrolledAt = new Date(dayStart(plan.enrolledDay!));
      apply(
        evaluate(latest ? [latest] : [], event.at, enrolledAt).filter(
          (f) => f.category === 'AdherenceCoaching',
        ),
        event.at,
      );
    } else {
      for (const alert of stored) {
        if (!alert.dismissedAt && event.at.getTime() - alert.createdAt.getTime() > 2 * dayMs) {
          alert.dismissedAt = event.at;
          alert.dismissedBy = plan.reviewer;
          alert.dismissNote = dismissNotes[(plan.index + stored.indexOf(alert)) % dismissNotes.length]!;
        }
      }
    }
  }
  return stored.map((a) => ({
    id: a.id,
    findings: a.findings,
    clinicId,
    patientId: a.patientId,
    category: a.category as AlertCategory,
    type: a.type,
    readingDate: a.readingDate,
    snoozedUntil: a.snoozedUntil,
    createdAt: a.createdAt,
    updatedAt: a.updatedAt,
    dismissedAt: a.dismissedAt ?? null,
    dismissedBy: a.dismissedBy,
    dismissNote: a.dismissNote,
  }));
}

/**
 * Calls in the last seven weeks, and tracked time in this month and the two before, so that the calls
 * columns and Tracked mean something; about a third of the monitored patients pass 20 minutes this month.
 * A few patients have a follow-up call alert staff created, snoozed until a day to come.
 */
function generateCallsAndTime(rng: Random, clinic: DemoClinic, plan: PatientPlan, now: Date, out: Generated) {
  const today = calendarDay(now, timeZone);
  const caller = plan.navigator ?? clinic.staff[0] ?? clinic.physicians.main;
  const { year, month } = monthOfDay(today);
  const monthStart = dayStart(Date.UTC(year, month - 1, 1) / dayMs);
  const thisMonthSpan = now.getTime() - monthStart;
  const call = (at: Date, outcome: 'attempted' | 'completed') =>
    out.calls.push({ clinicId: clinic.id, patientId: plan.id, userId: caller, outcome, at });
  for (let c = rng.int(0, 4); c > 0; c--) {
    const at = new Date(dayStart(today - rng.int(0, 48)) + (9 + rng.next() * 8) * hourMs);
    if (at.getTime() <= now.getTime()) call(at, rng.chance(0.55) ? 'attempted' : 'completed');
  }
  // Early in a month the random calls above rarely fall in it; "# of Calls Attempted" should show some.
  if (plan.index % 3 === 1) call(new Date(monthStart + rng.next() * thisMonthSpan), 'attempted');

  const monitored = plan.badge === 'active' || plan.badge === 'unassigned' || plan.badge === 'inactive';
  if (!monitored) return;
  const entry = (at: number, seconds: number, kind: 'timer' | 'manual') => {
    const instant = new Date(at);
    out.timeEntries.push({
      clinicId: clinic.id,
      patientId: plan.id,
      userId: caller,
      seconds,
      kind,
      note: kind === 'manual' ? 'Care coordination call' : null,
      at: instant,
      day: isoDay(dayOf(instant.getTime())),
    });
  };
  for (let e = rng.int(0, 3); e > 0; e--)
    entry(monthStart + rng.next() * thisMonthSpan, rng.int(120, 600), 'timer');
  if (plan.index % 3 === 0) entry(monthStart + rng.next() * thisMonthSpan, rng.int(1_200, 1_500), 'manual');
  for (let back = 1; back <= 2; back++) {
    const start = dayStart(Date.UTC(year, month - 1 - back, 1) / dayMs);
    const end = dayStart(Date.UTC(year, month - back, 1) / dayMs);
    for (let e = rng.int(1, 4); e > 0; e--)
      entry(start + rng.next() * (end - start), rng.int(180, 900), 'timer');
  }

  if (plan.index % 11 === 7) {
    const created = new Date(now.getTime() - rng.int(1, 3) * dayMs);
    out.alerts.push({
      // Every row of one bulk insert names its id, as the replayed alerts do for their findings.
      id: randomUUID(),
      clinicId: clinic.id,
      patientId: plan.id,
      category: 'Manual',
      type: 'CallFollowUp',
      readingDate: created,
      // One of them already due, so the demo shows a Manual alert as well as snoozed ones.
      snoozedUntil: new Date(now.getTime() + (plan.index % 2 === 0 ? -2 : rng.int(1, 4) * 24) * hourMs),
      customDescription: 'Call back about the new medication schedule.',
      createdBy: caller,
      createdAt: created,
      updatedAt: created,
    });
  }
}

/**
 * The demo patients of Sunrise Cardiology and Harbor Family Medicine with 90 days of readings, their
 * alerts, calls and time, relative to `now`; then the per-day rollups and the list metrics, computed by
 * the same service as every write. Readings go in by bulk insert instead of one `record` call each (about
 * 6,500 of them, which would make every start and every API test file slow); the alerts they raise are the
 * core's, replayed as `record` would have raised them (`simulateAlerts`).
 */
export async function seedDemoPatients(
  db: DbOrTx,
  now: Date,
  ids: {
    sunrise: string;
    harbor: string;
    physicianSunrise: string;
    staffSunrise: string;
    twoFactorSunrise: string;
    physicianHarbor: string;
    adminCircle: string;
    navigatorCircle: string;
  },
  withingsTokens?: WithingsTokenMaker,
): Promise<void> {
  const colleagues = new Map(
    (
      await db
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(inArray(users.email, ['cardiology2@sunrise.demo', 'staff@harbor.demo']))
    ).map((u) => [u.email, u.id]),
  );
  const clinics: DemoClinic[] = [
    {
      number: 1,
      id: ids.sunrise,
      patients: 64,
      seed: 20_261_101,
      areaCode: '503',
      city: {
        city: 'Portland',
        state: 'OR',
        zip: '97209',
        streets: ['NW Lovejoy St', 'SE Hawthorne Blvd', 'NE Alberta St', 'SW Broadway'],
      },
      physicians: { main: ids.physicianSunrise, other: colleagues.get('cardiology2@sunrise.demo') ?? null },
      staff: [ids.staffSunrise, ids.twoFactorSunrise],
      navigators: [ids.adminCircle, ids.navigatorCircle],
    },
    {
      number: 2,
      id: ids.harbor,
      patients: 32,
      seed: 20_261_102,
      areaCode: '206',
      city: {
        city: 'Seattle',
        state: 'WA',
        zip: '98121',
        streets: ['Western Ave', 'Pike St', 'Rainier Ave S', 'NW Market St'],
      },
      physicians: { main: ids.physicianHarbor, other: null },
      staff: colleagues.has('staff@harbor.demo') ? [colleagues.get('staff@harbor.demo')!] : [],
      navigators: [ids.navigatorCircle, ids.adminCircle],
    },
  ];

  const out: Generated = {
    patients: [],
    careTeam: [],
    enrolmentPeriods: [],
    devices: [],
    pairings: [],
    readings: [],
    alerts: [],
    alertFindings: [],
    calls: [],
    timeEntries: [],
  };
  for (const clinic of clinics) generateClinic(clinic, now, out);
  stockDevices(clinics, now, out);
  deviceActivity(out, createRandom(20_261_103));
  const paired = new Set(out.pairings.map((p) => p.deviceId));
  for (const { row } of out.devices) {
    // A Withings device is activated at its first pairing: one never paired has no Withings user.
    if (!paired.has(row.id)) row.vendorUserId = null;
    // Activated two hours ago: the access token expires within the hour and is refreshed on the next pull.
    if (row.vendorUserId && withingsTokens) {
      Object.assign(row, withingsTokens(row.vendorUserId), {
        vendorTokenExpiresAt: new Date(now.getTime() + hourMs),
      });
    }
  }

  const careNotes = generateCareNotes(
    out.patients,
    out.alerts,
    clinics.map((c) => ({ clinicId: c.id, writers: [...c.staff, ...c.navigators] })),
    now,
    monthOfDay(calendarDay(now, timeZone)),
  );

  await bulkInsert(db, patients, out.patients);
  await bulkInsert(db, patientCareTeam, out.careTeam);
  await bulkInsert(db, enrolmentPeriods, out.enrolmentPeriods);
  await bulkInsert(
    db,
    devices,
    out.devices.map((d) => d.row),
  );
  await bulkInsert(db, patientDevices, out.pairings);
  await bulkInsert(db, unrecognisedDevices, unrecognisedDeliveries(out, now));
  await bulkInsert(db, readings, out.readings);
  await bulkInsert(db, alerts, out.alerts);
  await bulkInsert(db, alertFindings, out.alertFindings);
  await bulkInsert(db, calls, out.calls);
  await bulkInsert(db, timeEntries, out.timeEntries);
  await bulkInsert(db, staffNotes, careNotes.staffNotes);
  await bulkInsert(db, monthlyNotes, careNotes.monthlyNotes);
  for (const clinic of clinics) {
    await rebuildClinicDayRollups(db, { id: clinic.id, timeZone });
    await refreshClinicMetrics(db, clinic.id, now);
  }
}
