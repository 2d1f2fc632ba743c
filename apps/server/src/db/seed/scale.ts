import { createHash } from 'node:crypto';
import {
  calendarDay,
  defaultCustomAlerts,
  evaluateAlerts,
  type Reading,
  resolveThresholds,
  startOfCalendarDay,
} from '@vigil/core';
import { type SQL, sql } from 'drizzle-orm';
import { createAuditService } from '../../features/audit/audit.service.js';
import { hashPassword } from '../../features/auth/secrets.js';
import { createPatientMetricsRepository } from '../../features/patients/patient-metrics.repository.js';
import {
  isoDay,
  monthOfDay,
  rebuildClinicDayRollups,
  refreshClinicMetrics,
} from '../../features/patients/patient-metrics.service.js';
import { createReadingsService } from '../../features/readings/readings.service.js';
import type { Db } from '../client.js';
import {
  alerts,
  calls,
  clinics,
  enrolmentPeriods,
  patientCareTeam,
  patients,
  readings,
  timeEntries,
  users,
} from '../schema/index.js';
import { bulkInsert } from './bulk-insert.js';
import { demoPassword } from './demo.js';

const timeZone = 'America/Los_Angeles';
const dayMs = 86_400_000;
const firstNames = [
  'James',
  'Mary',
  'Robert',
  'Patricia',
  'John',
  'Jennifer',
  'Michael',
  'Linda',
  'David',
  'Elizabeth',
  'William',
  'Barbara',
  'Richard',
  'Susan',
  'Joseph',
  'Jessica',
  'Thomas',
  'Sarah',
  'Carlos',
  'Maria',
];
const lastNames = [
  'Smith',
  'Johnson',
  'Williams',
  'Brown',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Martinez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Taylor',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Perez',
  'Thompson',
  'White',
  'Harris',
];
const bpSources = ['WITHINGS', 'SMART_METER', 'PYLO', 'EDEVICE', 'BODYTRACE'];
const weightSources = ['BODYTRACE', 'WITHINGS', 'SMART_METER'];

/** A uuid that the same seed, kind and number always give, in JavaScript and (as md5(...)::uuid) in SQL. */
const stableId = (seed: number, kind: string, n: number) => {
  const hex = createHash('md5').update(`${seed}:${kind}:${n}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

const textArray = (values: readonly string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]`);

export interface ScaleClinic {
  clinicId: string;
  /** Accounts of the clinic, with the demo password: a physician (every patient's), a staff member, a navigator. */
  emails: { physician: string; staff: string; navigator: string };
  patientIds: string[];
}

/**
 * One clinic of `patients` patients with `days` days of readings each (about 1.3 a day: blood pressure once
 * or twice a day, weight for CHF), deterministic for a seed and relative to `now`, for the list benchmark.
 *
 * Built for speed: readings, calls and time are generated inside the database by INSERT ... SELECT over
 * generate_series, with pseudo-random values from PostgreSQL's stable hash functions (the same on PGlite and
 * on any PostgreSQL); then the reading alerts of the last 8 days and the adherence alerts are evaluated by
 * the core per patient (as `record` and the jobs would leave them for the latest readings), and the rollups
 * and metrics are computed in batches. One clinic per seed and database (the slug and emails carry the seed).
 */
export async function seedScaleClinic(
  db: Db,
  options: { patients: number; days: number; seed: number; now?: Date },
): Promise<ScaleClinic> {
  const { seed, days } = options;
  const count = options.patients;
  const now = options.now ?? new Date();
  const clinicId = stableId(seed, 'clinic', 0);
  const [physicianId, staffId, navigatorId] = ['physician', 'staff', 'navigator'].map((k) =>
    stableId(seed, k, 0),
  ) as [string, string, string];
  const emails = {
    physician: `physician@scale-${seed}.bench`,
    staff: `staff@scale-${seed}.bench`,
    navigator: `navigator@scale-${seed}.bench`,
  };
  const today = calendarDay(now, timeZone);
  const firstDay = isoDay(today - days + 1);
  const nowText = now.toISOString();

  /** A pseudo-random number in [0, 1) for an integer key and a salt. */
  const rnd = (key: SQL, salt: number) =>
    sql`((hashint8extended((${key})::bigint, ${seed * 100 + salt}::bigint) & 2147483647)::float8 / 2147483648.0)`;
  // Ids from md5 rather than the columns' gen_random_uuid(): deterministic, and on PGlite an order of
  // magnitude faster (its random source is slow per call).
  const rowId = (kind: string, key: SQL) => sql`md5(${`${seed}:${kind}:`} || ${key})::uuid`;
  const patientId = (n: SQL) => rowId('patient', n);

  const passwordHash = await hashPassword(demoPassword);
  await db.insert(clinics).values({
    id: clinicId,
    name: `Scale Clinic ${seed}`,
    address: '1 Benchmark Way, Portland, OR 97209',
    slug: `scale-${seed}`,
    timeZone,
    customAlerts: [...defaultCustomAlerts],
  });
  await db.insert(users).values([
    {
      id: physicianId,
      email: emails.physician,
      firstName: 'Scale',
      lastName: 'Physician',
      roleType: 'PHYSICIAN',
      access: 'ADMIN',
      portal: 'CLINIC',
      clinicId,
      passwordHash,
    },
    {
      id: staffId,
      email: emails.staff,
      firstName: 'Scale',
      lastName: 'Staff',
      roleType: 'STAFF',
      access: 'USER',
      portal: 'CLINIC',
      clinicId,
      passwordHash,
    },
    {
      id: navigatorId,
      email: emails.navigator,
      firstName: 'Scale',
      lastName: 'Navigator',
      roleType: 'CARE_NAVIGATOR',
      access: 'USER',
      portal: 'CIRCLE',
      passwordHash,
    },
  ]);

  // Patients n = 1..count; the same badge cycle as the demo (n % 12: 7 inactive, 9 unenrolled, 10 never
  // enrolled, 11 no navigator); diagnosis by n % 10 (half hypertension, 3 in 10 CHF, 2 in 10 hypotension).
  const n = sql`n`;
  const diagnosis = sql`(case when n % 10 < 5 then 'Hypertension' when n % 10 < 8 then 'CHF' else 'Hypotension' end)`;
  const first = sql`(${textArray(firstNames)})[1 + (${rnd(n, 1)} * ${firstNames.length}::int)::int % ${firstNames.length}::int]`;
  const last = sql`(${textArray(lastNames)})[1 + (${rnd(n, 2)} * ${lastNames.length}::int)::int % ${lastNames.length}::int]`;
  await db.execute(sql`
    insert into ${patients} (id, clinic_id, first_name, last_name, search_text, language, sex, date_of_birth,
      time_zone, phone, phones, medical_info, mr, diagnosis, consent_status, active, enrolled, ever_enrolled,
      enrolled_at, high_priority, monthly_report_consent, assigned_physician_id, created_by)
    select ${patientId(n)}, ${clinicId}::uuid, f, l, lower(f || ' ' || l || ' ' || mr),
      case when n % 4 = 0 then 'ES' else 'EN' end, case when n % 2 = 0 then 'FEMALE' else 'MALE' end,
      (date '1940-01-01' + (n * 37) % 14000), ${timeZone}, phone,
      jsonb_build_array(jsonb_build_object('number', phone, 'type', 'Cell', 'notes', null)),
      jsonb_build_object('mr', mr, 'diagnosis', ${diagnosis}), mr, ${diagnosis},
      case when n % 12 = 10 then 'Not yet obtained' else 'Obtained by clinic staff' end,
      n % 12 not in (7, 9, 10), n % 12 not in (9, 10), n % 12 <> 10,
      case when n % 12 = 10 then null else ${nowText}::timestamptz - make_interval(days => 30 + n % 400) end,
      n % 13 = 6, n % 5 = 0, ${physicianId}::uuid, ${physicianId}::uuid
    from generate_series(1, ${count}::int) as n,
      lateral (select ${first} as f, ${last} as l, (9000000 + n)::text as mr,
        '503' || lpad((n % 10000000)::text, 7, '0') as phone) as names`);
  // Each enrolment as the patient form would have kept it: an unenrolled patient's ends as the day after their
  // last readings begins (the readings below stop 30 days ago).
  await db.execute(sql`
    insert into ${enrolmentPeriods} (id, clinic_id, patient_id, started_at, ended_at)
    select ${rowId('enrolment', sql`id::text`)}, clinic_id, id, enrolled_at,
      case when not enrolled then ${startOfCalendarDay(today - 29, timeZone).toISOString()}::timestamptz end
    from ${patients} where clinic_id = ${clinicId}::uuid and enrolled_at is not null`);
  await db.execute(sql`
    insert into ${patientCareTeam} (clinic_id, patient_id, user_id, role)
    select ${clinicId}::uuid, ${patientId(n)}, ${staffId}::uuid, 'STAFF' from generate_series(1, ${count}::int) as n
    union all
    select ${clinicId}::uuid, ${patientId(n)}, ${navigatorId}::uuid, 'CARE_NAVIGATOR'
    from generate_series(1, ${count}::int) as n where n % 12 <> 11`);

  // Readings: a patient reads on about 85% of days, until unenrolment (30 days ago) or a pause (15 days
  // ago); one patient in five has been silent for the last 7 days. Never-enrolled patients have none.
  const lastDay = sql`(case when n % 12 = 9 then ${today - 30}::int when n % 12 = 7 then ${today - 15}::int when n % 5 = 1 then ${today - 7}::int else ${today}::int end)`;
  const readsOn = sql`n % 12 <> 10 and ${rnd(sql`n * 1000 + d`, 3)} < 0.85 and ${today - days + 1}::int + d <= ${lastDay}`;
  const at = (minutes: SQL) =>
    sql`((${firstDay}::date + d)::timestamp + make_interval(mins => (${minutes})::int)) at time zone ${timeZone}`;
  const base = sql`(case when n % 10 >= 8 then 104 else 140 end + n % 21 - 10)`;
  await db.execute(sql`
    insert into ${readings} (id, clinic_id, patient_id, taken_at, time_zone, systolic, diastolic, heart_rate, source, vendor_reading_id)
    select ${rowId('reading', sql`n || '-' || d || '-' || k`)}, ${clinicId}::uuid, ${patientId(n)}, taken_at, ${timeZone},
      (${base} + ${rnd(sql`n * 100000 + d * 10 + k`, 4)} * 34 - 17)::int,
      (${base} * 0.6 + ${rnd(sql`n * 100000 + d * 10 + k`, 5)} * 20 - 10)::int,
      (72 + ${rnd(sql`n * 100000 + d * 10 + k`, 6)} * 24 - 12)::int,
      (${textArray(bpSources)})[1 + n % ${bpSources.length}::int],
      'scale-' || ${String(seed)} || '-' || n || '-' || d || '-' || k
    from generate_series(1, ${count}::int) as n, generate_series(0, ${days - 1}::int) as d,
      generate_series(1, 2) as k,
      lateral (select ${at(sql`case when k = 1 then 420 else 1080 end + ${rnd(sql`n * 1000 + d`, 7)} * 90`)} as taken_at) as t
    where (n % 10 between 0 and 4 or n % 10 >= 8 or n % 10 = 5) and (k = 1 or n % 4 <> 0) and ${readsOn}
      and taken_at <= ${nowText}::timestamptz`);
  await db.execute(sql`
    insert into ${readings} (id, clinic_id, patient_id, taken_at, time_zone, weight_lbs, source, vendor_reading_id)
    select ${rowId('weight', sql`n || '-' || d`)}, ${clinicId}::uuid, ${patientId(n)}, taken_at, ${timeZone},
      round((150 + n % 120 + 3 * sin(d / 9.0) + ${rnd(sql`n * 1000 + d`, 8)} * 2)::numeric, 1)::real,
      (${textArray(weightSources)})[1 + n % ${weightSources.length}::int],
      'scale-' || ${String(seed)} || '-' || n || '-' || d || '-w'
    from generate_series(1, ${count}::int) as n, generate_series(0, ${days - 1}::int) as d,
      lateral (select ${at(sql`400 + ${rnd(sql`n * 1000 + d`, 9)} * 60`)} as taken_at) as t
    where (n % 10 between 5 and 7 or n % 10 = 0) and ${readsOn} and taken_at <= ${nowText}::timestamptz`);

  // Calls in the last 40 days and tracked time this month, up to three of each a patient.
  const { year, month } = monthOfDay(today);
  const monthStart = startOfCalendarDay(Date.UTC(year, month - 1, 1) / dayMs, timeZone);
  const span = Math.max(1, now.getTime() - monthStart.getTime());
  await db.execute(sql`
    insert into ${calls} (id, clinic_id, patient_id, user_id, outcome, at)
    select ${rowId('call', sql`n || '-' || c`)}, ${clinicId}::uuid, ${patientId(n)}, ${staffId}::uuid,
      case when ${rnd(sql`n * 10 + c`, 10)} < 0.55 then 'attempted' else 'completed' end,
      ${nowText}::timestamptz - make_interval(secs => ${rnd(sql`n * 10 + c`, 11)} * 40 * 86400)
    from generate_series(1, ${count}::int) as n, generate_series(1, 3) as c
    where n % 12 <> 10 and ${rnd(sql`n * 10 + c`, 12)} < 0.5`);
  await db.execute(sql`
    insert into ${timeEntries} (id, clinic_id, patient_id, user_id, seconds, kind, at, day)
    select ${rowId('time', sql`n || '-' || e`)}, ${clinicId}::uuid, ${patientId(n)}, ${navigatorId}::uuid, (120 + ${rnd(sql`n * 10 + e`, 13)} * 600)::int, 'timer',
      at, (at at time zone ${timeZone})::date
    from generate_series(1, ${count}::int) as n, generate_series(1, 3) as e,
      lateral (select ${monthStart.toISOString()}::timestamptz + make_interval(secs => ${rnd(sql`n * 10 + e`, 14)} * ${span / 1000}::float8) as at) as t
    where n % 12 not in (9, 10) and ${rnd(sql`n * 10 + e`, 15)} < 0.6`);

  const patientIds = Array.from({ length: count }, (_, i) => stableId(seed, 'patient', i + 1));
  await openReadingAlerts(db, clinicId, patientIds, now);
  const clock = { now: () => now };
  await createReadingsService({ db, clock, audit: createAuditService({ clock }) }).evaluateClinicAdherence(
    clinicId,
  );
  await rebuildClinicDayRollups(db, { id: clinicId, timeZone });
  await refreshClinicMetrics(db, clinicId, now);
  return { clinicId, emails, patientIds };
}

/** The reading alerts the core finds over each patient's last 8 days, opened as `record` would open them. */
async function openReadingAlerts(db: Db, clinicId: string, patientIds: readonly string[], now: Date) {
  const repo = createPatientMetricsRepository(db);
  const since = startOfCalendarDay(calendarDay(now, timeZone) - 7, timeZone);
  const thresholds = resolveThresholds(defaultCustomAlerts);
  for (let i = 0; i < patientIds.length; i += 500) {
    const subjects = await repo.findSubjects(patientIds.slice(i, i + 500));
    const byPatient = new Map<string, Reading[]>();
    for (const reading of await repo.findReadingsSince(
      subjects.map((s) => s.id),
      since,
    )) {
      const own = byPatient.get(reading.patientId);
      if (own) own.push(reading);
      else byPatient.set(reading.patientId, [reading]);
    }
    const opened: (typeof alerts.$inferInsert)[] = [];
    for (const subject of subjects) {
      const own = byPatient.get(subject.id) ?? [];
      for (const finding of evaluateAlerts({
        readings: own,
        thresholds,
        diagnosis: subject.diagnosis,
        enrolledAt: null,
        now,
        timeZone,
      })) {
        opened.push({
          clinicId,
          patientId: subject.id,
          type: finding.type,
          category: finding.category,
          readingDate: finding.readingDate,
          createdAt: now,
          updatedAt: now,
        });
      }
    }
    await bulkInsert(db, alerts, opened);
  }
}
