import { randomUUID } from 'node:crypto';
import {
  ActiveIssuesUpdate,
  AppError,
  type BulkTimeBody,
  type BulkTimeQuery,
  type BulkTimeResult,
  type ClinicianListQuery,
  type ClinicianListRow,
  type ConsentStatus,
  type CreatedPatient,
  calendarDay,
  defaultTimeZone,
  errorMessages,
  formatDuration,
  type MarkReviewedResult,
  MedicationsUpdate,
  type MedicationView,
  messages,
  monthDays,
  type PatientDetailsView,
  type PatientFilters,
  type PatientListPage,
  type PatientPayload,
  PatientVersion,
  type PatientView,
  type PriorityListQuery,
  type PriorityListRow,
  patientErrorMessages,
  patientFilterKeys,
  patientForm,
  priorityScore,
  sameThresholds,
  type TimeSpan,
  type TrackedTime,
  type TrackTimeBody,
  unclaimedSpans,
  type WelcomeState,
} from '@vigil/core';
import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import type { PatientRow, StoredMedication } from '../../db/schema/index.js';
import { canonicalJson } from '../../lib/canonical-json.js';
import { invalidBody } from '../../lib/invalid-body.js';
import type { AuditService } from '../audit/audit.service.js';
import type { AuthUser } from '../auth/auth-user.js';
import {
  type BadgeSource,
  createPatientListsRepository,
  type ListMonth,
  type ListSelection,
} from './patient-lists.repository.js';
import {
  isoDay,
  monthOfDay,
  refreshManyPatientMetrics,
  refreshPatientMetrics,
} from './patient-metrics.service.js';
import { patientScope, scopeIncludesClinic } from './patient-scope.js';
import { patientSearchText } from './patient-search-text.js';
import { toPatientDetailsView, toPatientView } from './patient-view.js';
import {
  type AssignableUser,
  type CareTeamMember,
  createPatientsRepository,
  type PatientRecord,
} from './patients.repository.js';

export interface PatientsDeps {
  db: Db;
  clock: Clock;
  audit: AuditService;
  /** The welcome text after a save that enrols the patient (features/reminders), when texting is set up. */
  welcome?: (patientId: string, before: WelcomeState | null) => Promise<void>;
}

type FormMode = 'add' | 'edit';

/** PATCH /pacients/{id} saves one of the detail page's two fields at a time (decision 0010). */
export const patchOneFieldMessage = 'Send either activeIssues or medications.';

/** The saved text or list, and the patient's version after it (the page sends it with its next change). */
export type PatientPatchResult = ({ activeIssues: string } | { medications: MedicationView[] }) & {
  updatedAt: string;
};

/** What a medication is compared and stored by: the form's fields, the server's id, nothing else. */
const medicationOf = (m: {
  name: string;
  doseSize: { value: number; type: StoredMedication['doseSize']['type'] };
  frequency: { type: StoredMedication['frequency']['type'] };
}) => ({
  name: m.name,
  doseSize: { value: m.doseSize.value, type: m.doseSize.type },
  frequency: { type: m.frequency.type },
});

/** The body of PATCH /pacients/{id}: exactly one of the two fields, parsed by the core's schema. */
/** The patient's version a body names (`PatientVersion`): undefined when none, 400 when it is no date. */
function versionSeen(body: unknown): string | undefined {
  const parsed = PatientVersion.safeParse(body);
  if (!parsed.success) throw invalid({ updatedAt: messages.invalidDate });
  return parsed.data.updatedAt;
}

/** 409 with `message` when the stored patient is newer than the version the client saw (decision 0018). */
function refuseStale(stored: { updatedAt: Date }, seen: string | undefined, message: string) {
  if (seen !== undefined && stored.updatedAt.getTime() !== Date.parse(seen))
    throw new AppError('CONFLICT', message);
}

function parsePatch(body: unknown) {
  const given = (body ?? {}) as Record<string, unknown>;
  const hasIssues = 'activeIssues' in given;
  const hasMedications = 'medications' in given;
  if (!hasIssues && !hasMedications)
    throw new AppError('VALIDATION', messages.required, {
      activeIssues: messages.required,
      medications: messages.required,
    });
  if (hasIssues && hasMedications)
    throw new AppError('VALIDATION', patchOneFieldMessage, { _: patchOneFieldMessage });
  if (hasIssues) {
    const parsed = ActiveIssuesUpdate.safeParse(given);
    if (!parsed.success) throw invalidBody(parsed.error);
    return { issues: parsed.data, medications: undefined };
  }
  const parsed = MedicationsUpdate.safeParse(given);
  if (!parsed.success) throw invalidBody(parsed.error);
  return { issues: undefined, medications: parsed.data };
}

const invalid = (fields: Record<string, string>) =>
  new AppError('VALIDATION', messages.requiredFieldsBanner, fields);
const notFound = () => new AppError('NOT_FOUND', errorMessages.notFound);

const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

const badges = (r: BadgeSource) => ({
  inactive: r.enrolled && !r.active,
  unenrolled: r.everEnrolled && !r.enrolled,
  neverEnrolled: !r.everEnrolled,
  unassigned: r.unassigned,
});

/** The care team as stored: staff and care navigator ids. */
const teamIds = (team: readonly CareTeamMember[], role: CareTeamMember['role']) =>
  team
    .filter((m) => m.role === role)
    .map((m) => m.userId)
    .sort();

const pacificClock = new Intl.DateTimeFormat('en-US', {
  timeZone: defaultTimeZone,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The reading times as Pacific clock times: each save stores them as instants on the day of the save. */
const readingClockTimes = (info: PatientRow['deviceInfo']) =>
  (info?.reading.intervals ?? []).map((at) => pacificClock.format(new Date(at)));

/** What an update's audit event compares: the patient's data and assignment, never derived or bookkeeping fields. */
function audited(p: PatientRow, staff: readonly string[], navigators: readonly string[]) {
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    language: p.language,
    sex: p.sex,
    dateOfBirth: p.dateOfBirth,
    phone: p.phone,
    phones: p.phones,
    address: p.address,
    preferences: p.preferences,
    deviceInfo: readingClockTimes(p.deviceInfo),
    medicalInfo: p.medicalInfo,
    diagnosis: p.diagnosis,
    consentStatus: p.consentStatus,
    consentUserId: p.consentUserId,
    consentDate: p.consentDate?.toISOString() ?? null,
    connectDevices: p.connectDevices,
    shippingAddress: p.shippingAddress,
    enrolled: p.enrolled,
    active: p.active,
    highPriority: p.highPriority,
    customAlerts: p.customAlerts,
    assignedPhysician: p.assignedPhysicianId,
    careTeam: [...new Set(staff)].sort(),
    careNavigators: [...new Set(navigators)].sort(),
  };
}

/**
 * A value with its blanks left out ('', null, empty lists and the members holding them): the form sends an
 * empty apartment or an empty list of reminder times where the stored record has none, which is no change.
 */
function withoutBlanks(value: unknown): unknown {
  if (Array.isArray(value)) return value.length ? value.map(withoutBlanks) : undefined;
  if (value !== null && typeof value === 'object') {
    const kept = Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => [k, withoutBlanks(v)] as const)
      .filter(([, v]) => v !== undefined);
    return kept.length ? Object.fromEntries(kept) : undefined;
  }
  return value === '' || value === null ? undefined : value;
}

/** Only the fields that changed, before and after: the audit trail needs no more patient data than that. */
function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const same = (k: string) =>
    canonicalJson(withoutBlanks(before[k])) === canonicalJson(withoutBlanks(after[k]));
  const keys = Object.keys(after).filter((k) => !same(k));
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k]])),
    after: Object.fromEntries(keys.map((k) => [k, after[k]])),
  };
}

/** How the audit trail names each field an update can change ('Edited the patient: phone, care team'). */
const fieldWords: Record<keyof ReturnType<typeof audited>, string> = {
  firstName: 'first name',
  lastName: 'last name',
  email: 'email',
  language: 'language',
  sex: 'sex',
  dateOfBirth: 'date of birth',
  phone: 'texting number',
  phones: 'phones',
  address: 'address',
  preferences: 'preferences',
  deviceInfo: 'reading times',
  medicalInfo: 'medical information',
  diagnosis: 'diagnosis',
  consentStatus: 'consent',
  consentUserId: 'consent',
  consentDate: 'consent',
  connectDevices: 'device connection',
  shippingAddress: 'shipping address',
  enrolled: 'enrolment',
  active: 'active status',
  highPriority: 'priority',
  customAlerts: 'alert thresholds',
  assignedPhysician: 'physician',
  careTeam: 'care team',
  careNavigators: 'care navigator',
};

function updatedMessage(changed: readonly string[]) {
  const words = [...new Set(changed.map((k) => fieldWords[k as keyof typeof fieldWords] ?? k))];
  return words.length ? `Edited the patient: ${words.join(', ')}` : 'Saved the patient form without changes';
}

/** The audit trail's sentence for time on one patient: what was kept, and why when less than asked. */
function trackedMessage(kind: 'timer' | 'manual', asked: number, kept: number) {
  if (kind === 'manual') return `Added ${formatDuration(kept)} of time by hand`;
  if (kept === 0)
    return `Tracked no time with the timer (${formatDuration(asked)} asked; earlier timer entries counted all of it)`;
  if (kept < asked)
    return `Tracked ${formatDuration(kept)} with the timer (${formatDuration(asked)} asked; earlier timer entries counted the rest)`;
  return `Tracked ${formatDuration(kept)} with the timer`;
}

const patientCount = (n: number) => `${n} ${n === 1 ? 'patient' : 'patients'}`;

/** The stored columns of a parsed form (its submit transformation already applied by the core). */
function formColumns(payload: PatientPayload) {
  return {
    firstName: payload.firstName,
    lastName: payload.lastName,
    searchText: patientSearchText(payload.firstName, payload.lastName, payload.medicalInfo.mr),
    email: payload.email,
    language: payload.language,
    sex: payload.sex,
    dateOfBirth: payload.dateOfBirth,
    phone: payload.phone,
    phones: payload.phones,
    address: payload.address,
    preferences: payload.preferences as Record<string, unknown>,
    deviceInfo: { reading: { intervals: payload.deviceInfo.reading.intervals.map((d) => d.toISOString()) } },
    medicalInfo: payload.medicalInfo as Record<string, unknown>,
    mr: payload.medicalInfo.mr,
    diagnosis: payload.diagnosis,
    monthlyReportConsent: payload.preferences.monthlyReportConsent === 'Yes',
    consentStatus: payload.consent.status,
    consentUserId: payload.consent.user,
    consentDate: payload.consent.dateGiven ? new Date(payload.consent.dateGiven) : null,
    highPriority: payload.highPriority,
    assignedPhysicianId: payload.assignedPhysician,
  };
}

/** Fields whose change moves the list metrics (the score, the badges, the thresholds of the weight flags). */
const metricsInputsChanged = (before: PatientRow, after: Partial<PatientRow>) =>
  (['enrolled', 'active', 'highPriority', 'customAlerts'] as const).some(
    (k) => k in after && canonicalJson(before[k]) !== canonicalJson(after[k]),
  );

const mrKey = (mr: string | null | undefined) => mr?.trim().toLowerCase() ?? '';

/** 409 when another patient of the clinic has the MR: most likely the same patient, added twice. */
async function refuseTakenMr(
  repo: ReturnType<typeof createPatientsRepository>,
  clinicId: string,
  mr: string | null | undefined,
  exceptId: string | null,
) {
  if (!mrKey(mr) || !(await repo.mrTaken(clinicId, mr!, exceptId))) return;
  throw new AppError('CONFLICT', patientErrorMessages.mrTaken, { mr: patientErrorMessages.mrTaken });
}

export function createPatientsService(deps: PatientsDeps) {
  const { db, clock, audit } = deps;
  const patients = createPatientsRepository(db);
  const lists = createPatientListsRepository(db);

  async function findVisible(actor: AuthUser, id: string): Promise<PatientRecord> {
    const record = await patients.findById(patientScope(actor), id);
    if (!record) throw notFound();
    return record;
  }

  function parseForm(actor: AuthUser, mode: FormMode, body: unknown, saved?: PatientRow): PatientPayload {
    const form = patientForm({
      portal: actor.role.portal,
      mode,
      userId: actor.id,
      savedConsent: saved?.consentStatus
        ? {
            status: saved.consentStatus as ConsentStatus,
            user: saved.consentUserId,
            dateGiven: saved.consentDate?.toISOString() ?? null,
          }
        : null,
      now: () => clock.now(),
    });
    const parsed = form.safeParse(body);
    if (!parsed.success) throw invalidBody(parsed.error, messages.requiredFieldsBanner);
    return parsed.data;
  }

  /**
   * The assignment must name real, active users of the right role (spec patients 6): the physician a
   * PHYSICIAN of the patient's clinic, staff STAFF of it, the navigator a CARE_NAVIGATOR of the operator
   * portal. A choice already saved stays acceptable, so a colleague's later deactivation does not block
   * every other edit of the patient.
   */
  async function checkAssignment(
    clinicId: string,
    choice: { physician: string; staff: readonly string[]; navigator: string | null },
    saved?: { physician: string | null; staff: readonly string[]; navigators: readonly string[] },
  ) {
    const found = new Map(
      (
        await patients.findUsersByIds([
          choice.physician,
          ...choice.staff,
          ...(choice.navigator ? [choice.navigator] : []),
        ])
      ).map((u) => [u.id, u]),
    );
    const fits = (id: string, test: (u: AssignableUser) => boolean, kept: boolean) => {
      const user = found.get(id);
      return Boolean(user && test(user) && (kept || !user.isDeactivated));
    };
    const fields: Record<string, string> = {};
    const ofClinic = (role: AssignableUser['roleType']) => (u: AssignableUser) =>
      u.roleType === role && u.portal === 'CLINIC' && u.clinicId === clinicId;
    if (!fits(choice.physician, ofClinic('PHYSICIAN'), saved?.physician === choice.physician))
      fields.assignedPhysician = messages.required;
    if (choice.staff.some((id) => !fits(id, ofClinic('STAFF'), saved?.staff.includes(id) ?? false)))
      fields.careTeam = messages.required;
    const isNavigator = (u: AssignableUser) => u.roleType === 'CARE_NAVIGATOR' && u.portal === 'CIRCLE';
    if (
      choice.navigator &&
      !fits(choice.navigator, isNavigator, saved?.navigators.includes(choice.navigator) ?? false)
    )
      fields.assignedCareNavigator = messages.required;
    if (Object.keys(fields).length) throw invalid(fields);
  }

  /** The calendar (clinic zone) whose current month the priority list defaults to. */
  async function listZone(actor: AuthUser): Promise<string> {
    if (actor.role.portal !== 'CLINIC' || !actor.clinicId) return defaultTimeZone;
    return (await patients.findClinic(actor.clinicId))?.timeZone ?? defaultTimeZone;
  }

  function selectionOf(query: PatientFilters & { searchString?: string | undefined }): ListSelection {
    const filters: PatientFilters = {};
    for (const key of patientFilterKeys) if (query[key] !== undefined) filters[key] = query[key];
    return { filters, searchString: query.searchString };
  }

  /** 'Viewed patient' in the audit trail, with the view that was read. */
  async function recordViewed(actor: AuthUser, record: PatientRecord, view: string, ip: string | null) {
    await audit.patientViewed(db, {
      actorUserId: actor.id,
      patient: record.patient,
      view,
      message: 'Viewed patient',
      ip,
    });
  }

  const page = <Row>(rows: Row[], ids: string[], pageSize: number): PatientListPage<Row> => ({
    patients: rows,
    totalPatients: ids.length,
    totalPages: Math.ceil(ids.length / pageSize),
    patientIds: ids,
  });

  return {
    async create(actor: AuthUser, body: unknown, ip: string | null): Promise<CreatedPatient> {
      const payload = parseForm(actor, 'add', body);
      const scope = patientScope(actor);
      // A clinic user names only their own clinic; any other answers 404, revealing nothing about it.
      if (!scopeIncludesClinic(scope, payload.clinic)) throw notFound();
      const clinic = await patients.findClinic(payload.clinic);
      if (!clinic?.active) throw invalid({ clinic: messages.required });
      // Clinic users cannot set the care navigator (spec patients 6): the provider takes the patient on.
      const navigator = actor.role.portal === 'CIRCLE' ? payload.assignedCareNavigator : null;
      await checkAssignment(clinic.id, {
        physician: payload.assignedPhysician,
        staff: payload.careTeam,
        navigator,
      });
      const now = clock.now();
      const id = await db.transaction(async (tx) => {
        const repo = createPatientsRepository(tx);
        await refuseTakenMr(repo, clinic.id, payload.medicalInfo.mr, null);
        const row = await repo.insert({
          ...formColumns(payload),
          clinicId: clinic.id,
          timeZone: clinic.timeZone,
          connectDevices: payload.connectDevices,
          shippingAddress: payload.shippingAddress,
          enrolled: payload.enrolled,
          active: payload.active,
          everEnrolled: payload.enrolled,
          enrolledAt: payload.enrolled ? now : null,
          customAlerts: payload.customAlerts,
          createdBy: actor.id,
          createdAt: now,
          updatedAt: now,
        });
        if (row.enrolled) await repo.openEnrolmentPeriod(row, now);
        await repo.replaceCareTeam(row, 'STAFF', payload.careTeam, now);
        await repo.replaceCareTeam(row, 'CARE_NAVIGATOR', navigator ? [navigator] : [], now);
        await refreshPatientMetrics(tx, row.id, now);
        await audit.record(tx, {
          actorUserId: actor.id,
          clinicId: row.clinicId,
          patientId: row.id,
          action: 'patient.created',
          entityType: 'patient',
          entityId: row.id,
          message: row.enrolled ? 'Added the patient, enrolled' : 'Added the patient',
          details: {
            enrolled: row.enrolled,
            active: row.active,
            assignedPhysician: row.assignedPhysicianId,
            careTeam: payload.careTeam,
            careNavigators: navigator ? [navigator] : [],
          },
          ip,
        });
        return row.id;
      });
      await deps.welcome?.(id, null);
      return { _id: id };
    },

    async update(actor: AuthUser, id: string, body: unknown, ip: string | null): Promise<PatientView> {
      const scope = patientScope(actor);
      const current = await findVisible(actor, id);
      const payload = parseForm(actor, 'edit', body, current.patient);
      const seen = versionSeen(body);
      if (payload.clinic !== current.patient.clinicId)
        throw invalid({ clinic: patientErrorMessages.clinicCannotChange });
      await checkAssignment(
        current.patient.clinicId,
        {
          physician: payload.assignedPhysician,
          staff: payload.careTeam,
          navigator: actor.role.portal === 'CIRCLE' ? payload.assignedCareNavigator : null,
        },
        {
          physician: current.patient.assignedPhysicianId,
          staff: teamIds(current.careTeam, 'STAFF'),
          navigators: teamIds(current.careTeam, 'CARE_NAVIGATOR'),
        },
      );
      const now = clock.now();
      const saved = await db.transaction(async (tx) => {
        const repo = createPatientsRepository(tx);
        const before = await repo.lockById(scope, id);
        if (!before) throw notFound();
        refuseStale(before, seen, patientErrorMessages.patientChanged);
        // An MR kept as it was is not checked again: a duplicate saved before this rule stays editable.
        if (mrKey(payload.medicalInfo.mr) !== mrKey(before.mr))
          await refuseTakenMr(repo, before.clinicId, payload.medicalInfo.mr, before.id);
        // The care team as it stands once the patient is held: a change saved meanwhile is not undone.
        const team = (await repo.findById(scope, id))!.careTeam;
        const savedStaff = teamIds(team, 'STAFF');
        const savedNavigators = teamIds(team, 'CARE_NAVIGATOR');
        // Clinic users cannot change the navigator: whatever they send, the saved ones stay.
        const navigators =
          actor.role.portal === 'CIRCLE' && payload.assignedCareNavigator
            ? [payload.assignedCareNavigator]
            : savedNavigators;
        // Spec patients 4: changing enrolled sets active to the same value; active only when enrolled.
        const enrolledChanged = payload.enrolled !== before.enrolled;
        // Enrolled again on the clinic day of the unenrolment: a correction, not a new episode of care. The
        // enrolment goes on (its date, its period, its one 99453).
        const latest =
          enrolledChanged && payload.enrolled ? await repo.findLatestEnrolmentPeriod(id) : undefined;
        const { timeZone } = current.clinic;
        const resumed =
          latest?.endedAt && calendarDay(latest.endedAt, timeZone) === calendarDay(now, timeZone)
            ? latest
            : null;
        const changes = {
          ...formColumns(payload),
          enrolled: payload.enrolled,
          active: enrolledChanged ? payload.enrolled : payload.active,
          everEnrolled: before.everEnrolled || payload.enrolled,
          enrolledAt: payload.enrolled && !before.enrolled && !resumed ? now : before.enrolledAt,
          // The form sends the thresholds on edit; a client that leaves them out keeps the saved ones. The
          // clinic's own thresholds are stored as none, so the patient keeps following the clinic's settings.
          customAlerts: !payload.customAlerts
            ? before.customAlerts
            : sameThresholds(payload.customAlerts, current.clinic.customAlerts)
              ? null
              : payload.customAlerts,
        };
        await repo.update(scope, id, changes, now);
        // Billing counts device data inside enrolment periods (decision 0013): enrolled_at alone would move
        // past months on a re-enrolment.
        if (resumed) await repo.reopenEnrolmentPeriod(resumed.id);
        else if (enrolledChanged && payload.enrolled) await repo.openEnrolmentPeriod(before, now);
        if (enrolledChanged && !payload.enrolled) await repo.closeEnrolmentPeriod(id, now);
        await repo.replaceCareTeam(before, 'STAFF', payload.careTeam, now);
        await repo.replaceCareTeam(before, 'CARE_NAVIGATOR', navigators, now);
        if (metricsInputsChanged(before, changes)) await refreshPatientMetrics(tx, id, now);
        const diff = changedFields(
          audited(before, savedStaff, savedNavigators),
          audited({ ...before, ...changes }, payload.careTeam, navigators),
        );
        await audit.record(tx, {
          actorUserId: actor.id,
          clinicId: before.clinicId,
          patientId: id,
          action: 'patient.updated',
          entityType: 'patient',
          entityId: id,
          message: updatedMessage(Object.keys(diff.after)),
          details: diff,
          ip,
        });
        return before;
      });
      await deps.welcome?.(id, saved);
      return toPatientView(await findVisible(actor, id));
    },

    /** A read of one patient's data, recorded as DESIGN 3 asks (who, which patient, when, which view). */
    async get(
      actor: AuthUser,
      id: string,
      view: 'form' | 'details',
      ip: string | null,
    ): Promise<PatientView> {
      const record = await findVisible(actor, id);
      await recordViewed(actor, record, view, ip);
      return toPatientView(record);
    },

    /** GET /pacients/{id}/details: the patient with its alerts, calls, issues, medications and devices. */
    async details(actor: AuthUser, id: string, ip: string | null): Promise<PatientDetailsView> {
      const record = await findVisible(actor, id);
      const facts = await patients.findDetailsFacts(record.patient.id);
      await recordViewed(actor, record, 'details', ip);
      return toPatientDetailsView(record, facts);
    },

    /**
     * PATCH /pacients/{id}: the Active Issues text, or the whole medications list, refused (409) when the
     * body's `updatedAt` names an older version than the stored one. A medication keeps its
     * `_id` when it names one of the saved list; any other (none, unknown, repeated) gets a new one, so ids
     * are always the server's. Each added, changed or removed medication is an audit event of its own.
     */
    async patch(actor: AuthUser, id: string, body: unknown, ip: string | null): Promise<PatientPatchResult> {
      const scope = patientScope(actor);
      return db.transaction(async (tx) => {
        const repo = createPatientsRepository(tx);
        // Tenancy first: another clinic's patient is 404 whatever the body.
        const before = await repo.lockById(scope, id);
        if (!before) throw notFound();
        const { issues, medications } = parsePatch(body);
        // A change made on a page that showed an older version would undo the newer one unseen.
        refuseStale(before, versionSeen(body), patientErrorMessages.patientChangedOnPage);
        const now = clock.now();
        let version = before.updatedAt;
        const record = (action: string, message: string, details: Record<string, unknown> = {}) =>
          audit.record(tx, {
            actorUserId: actor.id,
            clinicId: before.clinicId,
            patientId: before.id,
            action,
            entityType: 'patient',
            entityId: before.id,
            message,
            details,
            ip,
          });

        if (issues) {
          const text = issues.activeIssues;
          if (text !== before.activeIssues) {
            await repo.update(scope, id, { activeIssues: text }, now);
            version = now;
            await record('patient.active-issues.updated', 'Updated active issues', {
              before: before.activeIssues,
              after: text,
            });
          }
          return { activeIssues: text, updatedAt: version.toISOString() };
        }

        const saved = new Map(before.medications.map((m) => [m._id, m]));
        const kept = new Set<string>();
        const next: StoredMedication[] = (medications?.medications ?? []).map((m) => {
          const wanted = typeof m._id === 'string' ? m._id : undefined;
          const _id = wanted && saved.has(wanted) && !kept.has(wanted) ? wanted : randomUUID();
          kept.add(_id);
          return { _id, ...medicationOf(m) };
        });
        const changes: Array<[string, string, Record<string, unknown>]> = [];
        for (const m of next) {
          const old = saved.get(m._id);
          if (!old) changes.push(['patient.medication.added', `Added medication ${m.name}`, { after: m }]);
          else if (JSON.stringify(medicationOf(old)) !== JSON.stringify(medicationOf(m)))
            changes.push([
              'patient.medication.changed',
              `Changed medication ${m.name}`,
              { before: { _id: old._id, ...medicationOf(old) }, after: m },
            ]);
        }
        for (const old of before.medications)
          if (!kept.has(old._id))
            changes.push([
              'patient.medication.removed',
              `Removed medication ${old.name}`,
              { before: { _id: old._id, ...medicationOf(old) } },
            ]);
        // jsonb keeps its own key order, so lists are compared field by field; a reorder is saved too.
        const listOf = (list: StoredMedication[]) =>
          JSON.stringify(list.map((m) => [m._id, medicationOf(m)]));
        if (listOf(next) !== listOf(before.medications)) {
          await repo.update(scope, id, { medications: next }, now);
          version = now;
        }
        for (const [action, message, details] of changes) await record(action, message, details);
        return { medications: next, updatedAt: version.toISOString() };
      });
    },

    async priorityList(
      actor: AuthUser,
      query: PriorityListQuery,
      ip: string | null,
    ): Promise<PatientListPage<PriorityListRow>> {
      const today = monthOfDay(calendarDay(clock.now(), await listZone(actor)));
      const month = query.month ?? today.month;
      const year = query.year ?? today.year;
      const days = monthDays(month, year);
      const listMonth: ListMonth = {
        current: month === today.month && year === today.year,
        metricsMonth: year * 100 + month,
        firstDay: isoDay(days.first),
        lastDay: isoDay(days.last),
      };
      const { rows, ids } = await lists.findPriorityPage(
        patientScope(actor),
        selectionOf(query),
        {
          page: query.page,
          pageSize: query.pageSize,
          sort: query.sort ?? 'priorityScore',
          sortDir: query.sortDir ?? 'asc',
        },
        listMonth,
      );
      const patientsOfPage = rows.map(
        (r): PriorityListRow => ({
          _id: r.id,
          firstName: r.firstName,
          lastName: r.lastName,
          fullName: fullName(r),
          dateOfBirth: r.dateOfBirth,
          dateOfEnrollment: r.enrolledAt?.toISOString() ?? null,
          lastCompletedCall: r.lastCompletedCall?.toISOString() ?? null,
          lastAttemptedCall: r.lastAttemptedCall?.toISOString() ?? null,
          attemptedcallsCount: r.attemptedCalls,
          trackedTimeThisMonth: r.trackedSeconds,
          numDaysWithReadings: r.daysWithReadings,
          lastReading: r.lastReading?.toISOString() ?? null,
          lastBpReading:
            r.lastBpReadingAt && r.lastBpSystolic !== null
              ? {
                  date: r.lastBpReadingAt.toISOString(),
                  systolic: r.lastBpSystolic,
                  diastolic: r.lastBpDiastolic,
                }
              : null,
          numActiveAlerts: r.numActiveAlerts ?? 0,
          highestPriorityAlertCategory: r.highestPriorityAlertCategory,
          // Every write refreshes the metrics row; until one exists the score is that of no alerts and no readings.
          priorityScore:
            r.priorityScore ??
            priorityScore({
              activeAlerts: [],
              daysSinceLastReading: null,
              highPriority: r.highPriority,
              active: r.active,
              enrolled: r.enrolled,
            }),
          ...badges(r),
        }),
      );
      await audit.patientsListed(db, {
        actorUserId: actor.id,
        clinicId: actor.clinicId,
        list: 'priority',
        patientIds: rows.map((r) => r.id),
        message: `Viewed the priority list (${patientCount(rows.length)})`,
        details: { page: query.page, totalPatients: ids.length, month, year },
        ip,
      });
      return page(patientsOfPage, ids, query.pageSize);
    },

    async clinicianList(
      actor: AuthUser,
      query: ClinicianListQuery,
      ip: string | null,
    ): Promise<PatientListPage<ClinicianListRow>> {
      const { rows, ids } = await lists.findClinicianPage(patientScope(actor), selectionOf(query), {
        page: query.page,
        pageSize: query.pageSize,
        sort: query.sort ?? 'fullName',
        sortDir: query.sortDir ?? 'asc',
      });
      const patientsOfPage = rows.map(
        (r): ClinicianListRow => ({
          _id: r.id,
          firstName: r.firstName,
          lastName: r.lastName,
          fullName: fullName(r),
          dateOfBirth: r.dateOfBirth,
          lastReviewedAt: r.lastReviewedAt?.toISOString() ?? null,
          percentageReadingsOnTarget: r.percentageReadingsOnTarget,
          avgSystolic: r.avgSystolic,
          avgDiastolic: r.avgDiastolic,
          percentageReadingsCompliant: r.percentageReadingsCompliant ?? 0,
          mostRecentWeight: r.mostRecentWeight,
          hasAcuteWeightGain: r.hasAcuteWeightGain ?? false,
          hasIntermediateWeightGain: r.hasIntermediateWeightGain ?? false,
          ...badges(r),
        }),
      );
      await audit.patientsListed(db, {
        actorUserId: actor.id,
        clinicId: actor.clinicId,
        list: 'clinician',
        patientIds: rows.map((r) => r.id),
        message: `Viewed the clinician list (${patientCount(rows.length)})`,
        details: { page: query.page, totalPatients: ids.length },
        ip,
      });
      return page(patientsOfPage, ids, query.pageSize);
    },

    /**
     * Bulk time on every patient of the filtered list, all pages, in one transaction (DESIGN 4), with one
     * audit event per patient tracked in the same transaction.
     */
    async bulkTime(
      actor: AuthUser,
      query: BulkTimeQuery,
      body: BulkTimeBody,
      ip: string | null,
    ): Promise<BulkTimeResult> {
      return db.transaction(async (tx) => {
        const { selected, tracked, at } = await createPatientListsRepository(tx).insertBulkTime(
          patientScope(actor),
          selectionOf(query),
          { userId: actor.id, seconds: body.time, note: body.text },
          () => clock.now(),
        );
        await refreshManyPatientMetrics(
          tx,
          tracked.map((t) => t.patientId),
          at,
        );
        await audit.recordMany(
          tx,
          tracked.map((t) => ({
            actorUserId: actor.id,
            clinicId: t.clinicId,
            patientId: t.patientId,
            action: 'time.tracked',
            entityType: 'time_entry',
            entityId: t.id,
            // The note is one of the core's fixed choices (bulkTimeNotes), never free text.
            message: `Added ${formatDuration(body.time)} of bulk time: ${body.text}`,
            details: { kind: 'bulk', seconds: body.time },
            ip,
          })),
        );
        return { numAlreadyTracked: selected - tracked.length, numTracked: tracked.length };
      });
    },

    /**
     * Time on one patient. A timer keeps the part of its run, since the session began, that none of the
     * user's earlier timer entries counted (`unclaimedSpans`), so overlapping timers never add up to more
     * than the time that passed (DESIGN 4; decision 0012); a manual entry is the user's explicit choice and
     * is stored as given.
     */
    async track(actor: AuthUser, id: string, body: TrackTimeBody, ip: string | null): Promise<TrackedTime> {
      const record = await findVisible(actor, id);
      const kind = body.kind ?? 'timer';
      return db.transaction(async (tx) => {
        const repo = createPatientsRepository(tx);
        let seconds = body.time;
        // The patient's row first, as every write that refreshes the metrics takes it: the entry's foreign
        // key would otherwise share it, and two saves would deadlock upgrading to the metrics' lock.
        if (!(await repo.lockById(patientScope(actor), id))) throw notFound();
        // The user's row is locked before the window is read and held until the entry is in: a second tab's
        // save waits here, then sees this one's entry and keeps only the time since it.
        if (kind === 'timer') await repo.lockUser(actor.id);
        // Read after the lock: a save that waited is counted at the moment it goes on, never before the
        // entry it waited for.
        const now = clock.now();
        // A manual entry is one part, as given; a timer's, the parts of its run no earlier entry counted.
        let parts: TimeSpan[] = [{ from: now.getTime() - seconds * 1000, to: now.getTime() }];
        if (kind === 'timer') {
          const sessionStart = await repo.sessionStart(actor.sessionId);
          const from = Math.max(now.getTime() - seconds * 1000, sessionStart?.getTime() ?? now.getTime());
          const claim = { from, to: now.getTime() };
          parts = unclaimedSpans(claim, await repo.countedTimerSpans(actor.id, new Date(from)));
          seconds = parts.reduce((sum, part) => sum + (part.to - part.from) / 1000, 0);
        }
        // Each part is an entry, dated at its end.
        let entryId: string | undefined;
        const ends = parts.map((part) => new Date(part.to));
        for (const [i, part] of parts.entries()) {
          const end = ends[i]!;
          entryId = await repo.insertTimeEntry({
            clinicId: record.patient.clinicId,
            patientId: id,
            userId: actor.id,
            seconds: (part.to - part.from) / 1000,
            kind,
            note: null,
            at: end,
            day: isoDay(calendarDay(end, record.clinic.timeZone)),
          });
        }
        if (entryId) await refreshPatientMetrics(tx, id, now, ends);
        await audit.record(tx, {
          actorUserId: actor.id,
          clinicId: record.patient.clinicId,
          patientId: id,
          action: 'time.tracked',
          entityType: 'time_entry',
          ...(entryId ? { entityId: entryId } : {}),
          message: trackedMessage(kind, body.time, seconds),
          details: { kind, seconds, asked: body.time },
          ip,
        });
        return { seconds, trackedTimeThisMonth: await repo.trackedTimeThisMonth(id) };
      });
    },

    async markReviewed(actor: AuthUser, id: string, ip: string | null): Promise<MarkReviewedResult> {
      const row = await db.transaction(async (tx) => {
        const repo = createPatientsRepository(tx);
        // The time is read once the patient is held, so of two marks at once the later one is stored last.
        if (!(await repo.lockById(patientScope(actor), id))) throw notFound();
        const updated = await repo.setReviewed(patientScope(actor), id, clock.now(), actor.id);
        if (!updated) throw notFound();
        await audit.record(tx, {
          actorUserId: actor.id,
          clinicId: updated.clinicId,
          patientId: updated.id,
          action: 'patient.reviewed',
          entityType: 'patient',
          entityId: updated.id,
          message: 'Marked the patient reviewed',
          ip,
        });
        return updated;
      });
      return { lastReviewedAt: row.lastReviewedAt!.toISOString() };
    },
  };
}

export type PatientsService = ReturnType<typeof createPatientsService>;
