import { randomUUID } from 'node:crypto';
import {
  type AlertFinding,
  AppError,
  alertDescription,
  alertTypeCategory,
  alertWithdrawnNote,
  errorMessages,
  evaluateAlerts,
  evaluateStoredReading,
  measuresRule,
  mergeFinding,
  messages,
  type Reading,
  type ReadingAlertType,
  readingAlertTypes,
  readingBounds,
  readingRuleSpan,
  resolveThresholds,
} from '@vigil/core';
import type { Clock } from '../../clock.js';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import type { ReadingRow } from '../../db/schema/index.js';
import { isUuid } from '../../db/uuid.js';
import type { AuditService } from '../audit/audit.service.js';
import {
  refreshLockedPatientsMetrics,
  refreshManyPatientMetrics,
  refreshPatientMetrics,
} from '../patients/patient-metrics.service.js';
import {
  readingAddedMessage,
  readingCompletedMessage,
  readingRemovedMessage,
} from './reading-audit-messages.js';
import { addedBy, joinedRaw, type ReadingValues } from './reading-parts.js';
import {
  type AlertSubject,
  createReadingsRepository,
  type NewAlert,
  type NewBatchReading,
  type PatientStoredAlert,
  type ReadingsRepository,
} from './readings.repository.js';

/** Patients per transaction of the clinic-wide adherence run. */
const clinicBatchSize = 500;

export interface RecordReadingInput {
  patientId: string;
  takenAt: Date;
  /** The zone the device or the person reported the reading in, kept for display. */
  timeZone?: string | null;
  systolic?: number | null;
  diastolic?: number | null;
  heartRate?: number | null;
  weightLbs?: number | null;
  /** 'MANUAL' or the vendor's name (BODYTRACE, WITHINGS, ...). */
  source: string;
  vendorReadingId?: string | null;
  deviceId?: string | null;
  raw?: unknown;
  /** The user who typed a manual reading; a device reading has none. */
  createdBy?: string | null;
  /**
   * A part of one measurement that its vendor sends apart (Tenovi's blood pressure and its pulse), under the
   * measurement's vendor id: it completes the reading stored under that id with what it lacks, rather than
   * being a resend of it.
   */
  completes?: boolean;
}

export interface RecordedReading {
  reading: ReadingRow;
  /** True when the vendor had already delivered this reading: nothing was stored. */
  duplicate: boolean;
}

const adherenceTypes = Object.keys(alertTypeCategory).filter(
  (type) => alertTypeCategory[type as keyof typeof alertTypeCategory] === 'AdherenceCoaching',
);

/** The alert thresholds in force for a patient: their own entry for a rule, else the clinic's. */
const thresholdsOf = (s: AlertSubject) => resolveThresholds(s.clinicCustomAlerts, s.customAlerts);

/**
 * The start of the current enrolment, which adherence rules count from; none for a patient who is not
 * enrolled or whose monitoring is paused (inactive), since nobody expects readings from them.
 */
const adherenceStart = (s: AlertSubject) => (s.enrolled && s.active ? s.enrolledAt : null);

function invalid(field: string, message: string = messages.outOfRange): never {
  throw new AppError('VALIDATION', message, { [field]: message });
}

/**
 * Checks a reading before it reaches the database, so that bad data from any path (a vendor's odd payload,
 * a typo) is a 400 and never a database error: a real instant, at least one measurement, plausible values,
 * a blood pressure whole (both numbers or neither) with its diastolic below its systolic.
 * Answers the values as they are stored. Exported for callers that check before they queue (ingestion).
 */
export function checkReading(input: RecordReadingInput) {
  // Years the database's timestamps hold and a reading can plausibly have; anything else is a broken clock.
  const year = input.takenAt instanceof Date ? input.takenAt.getUTCFullYear() : Number.NaN;
  if (!(year >= 1900 && year <= 9999)) invalid('takenAt', messages.invalidDate);
  if (!input.source?.trim()) invalid('source', messages.required);
  const measured = (
    field: 'systolic' | 'diastolic' | 'heartRate' | 'weightLbs',
    bounds: { min: number; max: number },
    integer: boolean,
  ) => {
    const value = input[field];
    if (value === null || value === undefined) return null;
    if (typeof value !== 'number' || !Number.isFinite(value) || value < bounds.min || value > bounds.max) {
      invalid(field);
    }
    return integer ? Math.round(value) : Math.round(value * 100) / 100;
  };
  const values = {
    systolic: measured('systolic', readingBounds.systolic, true),
    diastolic: measured('diastolic', readingBounds.diastolic, true),
    heartRate: measured('heartRate', readingBounds.heartRate, true),
    weightLbs: measured('weightLbs', readingBounds.weight, false),
  };
  if (Object.values(values).every((v) => v === null)) invalid('systolic', messages.required);
  if ((values.systolic === null) !== (values.diastolic === null)) {
    invalid(values.systolic === null ? 'systolic' : 'diastolic', errorMessages.readingHalfBloodPressure);
  }
  if (values.systolic !== null && values.diastolic !== null && values.diastolic >= values.systolic) {
    invalid('diastolic', messages.diastolicNotBelowSystolic);
  }
  if (input.deviceId && !isUuid(input.deviceId)) invalid('deviceId', errorMessages.notFound);
  return values;
}

type Span = { from: Date; to: Date };

/** Spans of time as the fewest disjoint ones covering them, oldest first. */
function disjointSpans(spans: readonly Span[]): Span[] {
  const merged: Span[] = [];
  for (const span of [...spans].sort((a, b) => a.from.getTime() - b.from.getTime())) {
    const last = merged.at(-1);
    if (last && last.to >= span.from) {
      if (span.to > last.to) last.to = span.to;
    } else merged.push({ ...span });
  }
  return merged;
}

/** A stored reading as the rules read it. */
const ruleReading = (reading: ReadingRow): Reading => ({
  date: reading.takenAt,
  systolic: reading.systolic,
  diastolic: reading.diastolic,
  heartRate: reading.heartRate,
  weight: reading.weightLbs,
  source: reading.source,
});

/** The rules' window with a completed reading in place of what it was. */
function replaceReading(window: readonly Reading[], before: Reading, after: Reading): Reading[] {
  const same = (r: Reading) =>
    r.date.getTime() === before.date.getTime() &&
    r.source === before.source &&
    r.systolic === before.systolic &&
    r.diastolic === before.diastolic &&
    r.heartRate === before.heartRate &&
    r.weight === before.weight;
  const at = window.findIndex(same);
  return at < 0 ? withReading(window, after) : window.map((r, i) => (i === at ? after : r));
}

/** The rules' window with a reading just stored added in its place (oldest first). */
function withReading(window: readonly Reading[], added: Reading): Reading[] {
  const at = window.findIndex((r) => r.date.getTime() > added.date.getTime());
  return at < 0 ? [...window, added] : [...window.slice(0, at), added, ...window.slice(at)];
}

interface AlertChanges {
  opened: NewAlert[];
  moved: { alertId: string; readingDate: Date }[];
}

/**
 * A stored reading's findings over the readings of its span in `window` (`readingRuleSpan`), and the types it
 * satisfies itself (`evaluateStoredReading`). Without an enrolment date the core reports no adherence
 * finding: that is `evaluateAdherence`'s.
 */
function judgeReading(subject: AlertSubject, window: readonly Reading[], reading: Reading, now: Date) {
  const { from, to } = readingRuleSpan(reading.date, subject.timeZone);
  return evaluateStoredReading(
    {
      readings: window.filter((r) => r.date >= from && r.date < to),
      thresholds: thresholdsOf(subject),
      diagnosis: subject.diagnosis,
      enrolledAt: null,
      now,
      timeZone: subject.timeZone,
    },
    reading,
  );
}

/** When staff last dismissed an alert of the type: what was stored before it, they have seen. */
const lastDismissalOf = (stored: readonly PatientStoredAlert[], type: string) =>
  Math.max(
    Number.NEGATIVE_INFINITY,
    ...stored.filter((a) => a.type === type && a.dismissedAt).map((a) => a.dismissedAt!.getTime()),
  );

/**
 * What the core's findings do to the stored alerts (DESIGN 4: one open alert per type, whose reading date
 * moves forward; a dismissed one stays dismissed for the evidence it was dismissed on).
 */
function planAlertChanges(
  subject: AlertSubject,
  findings: readonly AlertFinding[],
  stored: readonly PatientStoredAlert[],
  into: AlertChanges = { opened: [], moved: [] },
): AlertChanges {
  for (const finding of findings) {
    const result = mergeFinding(stored, finding);
    if (result.action === 'update')
      into.moved.push({ alertId: result.alertId, readingDate: result.readingDate });
    else if (result.action === 'open') {
      into.opened.push({
        id: randomUUID(),
        clinicId: subject.clinicId,
        patientId: subject.id,
        ...result.alert,
      });
    }
  }
  return into;
}

/**
 * As `planAlertChanges`, for one reading of a batch, with the types the reading satisfies itself (`own`,
 * new evidence): the stored alerts in memory take each change at once (an opened alert, with its id given
 * here; a moved reading date), so the next reading of the batch is merged against what the database would
 * hold by then.
 */
function planBatchAlertChanges(
  subject: AlertSubject,
  findings: readonly AlertFinding[],
  own: ReadonlyMap<AlertFinding['type'], Date>,
  stored: PatientStoredAlert[],
  into: AlertChanges,
) {
  const applied: (() => void)[] = [];
  for (const finding of findings) {
    const result = mergeFinding(stored, finding, own.get(finding.type));
    if (result.action === 'update') {
      into.moved.push({ alertId: result.alertId, readingDate: result.readingDate });
      applied.push(() => {
        const alert = stored.find((a) => a.id === result.alertId);
        if (alert) alert.readingDate = result.readingDate;
      });
    } else if (result.action === 'open') {
      const id = randomUUID();
      into.opened.push({ id, clinicId: subject.clinicId, patientId: subject.id, ...result.alert });
      applied.push(() => stored.push({ id, patientId: subject.id, dismissedAt: null, ...result.alert }));
    }
  }
  // After the loop: one reading's findings are all merged against the same stored alerts, as in `record`.
  for (const apply of applied) apply();
}

/**
 * A batch's alert changes as the database would end with them: a move of an alert opened in the batch
 * becomes its opening reading date, and an alert moved twice is moved once, to the last date.
 */
function foldMoves(changes: AlertChanges): AlertChanges {
  const opened = new Map(changes.opened.map((a) => [a.id, a]));
  const moved = new Map<string, Date>();
  for (const move of changes.moved) {
    const open = opened.get(move.alertId);
    if (open) open.readingDate = move.readingDate;
    else moved.set(move.alertId, move.readingDate);
  }
  return {
    opened: changes.opened,
    moved: [...moved].map(([alertId, readingDate]) => ({ alertId, readingDate })),
  };
}

/**
 * Writes planned changes in three statements, however many patients they concern: the alerts opened, the
 * reading dates moved, and every finding among them (each opening and each move, before a batch's moves of
 * one alert are folded into its last).
 */
async function applyAlertChanges(repo: ReadingsRepository, changes: AlertChanges, now: Date) {
  const findings = [
    ...changes.opened.map((a) => ({ alertId: a.id!, readingDate: a.readingDate })),
    ...changes.moved,
  ].filter((f): f is { alertId: string; readingDate: Date } => f.readingDate instanceof Date);
  const folded = foldMoves(changes);
  await repo.insertAlerts(folded.opened, now);
  await repo.updateAlertReadingDates(folded.moved, now);
  await repo.insertAlertFindings(findings);
}

/**
 * The audit events of the alerts the product opened (DESIGN 3: every change of patient data), with no actor,
 * as a device's reading has none: the rule opened them, whoever's reading it judged.
 */
function openedAlertEvents(opened: readonly NewAlert[], subjectOf: (patientId: string) => AlertSubject) {
  return opened.map((alert) => ({
    actorUserId: null,
    clinicId: alert.clinicId,
    patientId: alert.patientId,
    action: 'alert.opened',
    entityType: 'alert',
    entityId: alert.id!,
    message: `Opened alert ${alertDescription(alert, thresholdsOf(subjectOf(alert.patientId)))}`,
  }));
}

/** The types of the rules that readings raise (adherence is about their absence). */
const clinicalReadingTypes = readingAlertTypes.filter((type) => alertTypeCategory[type] === 'Clinical');

/** How far back before an alert's date a removal looks for the readings that still hold it. */
const removalLookbackDays = 90;

/**
 * After a reading is removed, each open alert of the rules dated in the weeks around it (`readingRuleSpan`:
 * the only alerts it can bear on) is judged over the readings of the 90 days up to the alert's date, with
 * and without it. When the removed reading does not change the rule's verdict, the alert stays as it is.
 * Otherwise the alert moves back to the latest reading that still holds its rule and that staff have not
 * cleared already (a reading dated before a dismissed alert of the type and stored before the dismissal is
 * cleared: `mergeFinding`'s rule; an earlier reading entered late, after the dismissal, is not), or is
 * withdrawn, cleared by the user who removed the reading. The
 * findings follow: a withdrawn alert keeps none, a moved one none after its new date, and no alert keeps one
 * at an instant no reading holds any more. Answers the withdrawn alerts.
 */
async function reviseAlertsAfterRemoval(
  repo: ReadingsRepository,
  subject: AlertSubject,
  removed: ReadingRow,
  userId: string,
  now: Date,
): Promise<PatientStoredAlert[]> {
  const span = readingRuleSpan(removed.takenAt, subject.timeZone);
  const stored = await repo.findAlertsByPatientsAndTypes([subject.id], clinicalReadingTypes);
  const affected = stored.filter(
    (a) => !a.dismissedAt && a.readingDate && a.readingDate >= span.from && a.readingDate < span.to,
  );
  const withdrawn: PatientStoredAlert[] = [];
  const moved: { alertId: string; readingDate: Date }[] = [];
  if (affected.length > 0) {
    const sinceOf = (a: PatientStoredAlert) =>
      readingRuleSpan(new Date(a.readingDate!.getTime() - removalLookbackDays * 86_400_000), subject.timeZone)
        .from;
    const from = new Date(Math.min(...affected.map((a) => sinceOf(a).getTime())));
    const to = new Date(Math.max(...affected.map((a) => a.readingDate!.getTime())));
    const remaining = await repo.findRuleReadings(subject.id, from, to);
    const withRemoved = withReading(remaining, ruleReading(removed));
    const thresholds = thresholdsOf(subject);
    for (const alert of affected) {
      const start = sinceOf(alert).getTime();
      const end = alert.readingDate!.getTime();
      const verdict = (readings: readonly Reading[]) =>
        evaluateAlerts({
          readings: readings.filter((r) => r.date.getTime() >= start && r.date.getTime() <= end),
          thresholds,
          diagnosis: subject.diagnosis,
          enrolledAt: null,
          now,
          timeZone: subject.timeZone,
        }).find((f) => f.type === alert.type)?.readingDate;
      const without = verdict(remaining);
      // The alert stands when its reading is still there and the removed one changes nothing of the rule,
      // or when another reading of its instant holds it. Its own reading removed, it moves or goes, even
      // when the rule holds no more either way (thresholds changed since it was raised).
      const unchanged =
        removed.takenAt.getTime() === end
          ? without?.getTime() === end
          : without?.getTime() === verdict(withRemoved)?.getTime();
      if (unchanged) continue;
      const type = alert.type as ReadingAlertType;
      const dismissed = stored.filter((a) => a.type === type && a.dismissedAt);
      const lastDismissal = lastDismissalOf(stored, type);
      // Stored after the last dismissal of the type, and carrying what the rule judges: staff have not seen
      // it, whatever its date.
      const unseenAt = (r: (typeof remaining)[number]) =>
        r.createdAt.getTime() > lastDismissal && measuresRule(type, r);
      const unseen = (at: Date) => remaining.some((r) => r.date.getTime() === at.getTime() && unseenAt(r));
      const unseenUpTo = (at: Date) => remaining.some((r) => r.date.getTime() <= at.getTime() && unseenAt(r));
      // The latest reading that holds the rule and is not evidence staff cleared: when the latest that holds
      // it was cleared, an earlier one entered since the dismissal (a late reading) may still hold it.
      let holding: Date | undefined;
      for (let at = without; at && !holding; ) {
        const merged = mergeFinding(
          dismissed,
          { type, category: 'Clinical', readingDate: at },
          unseen(at) ? at : undefined,
        );
        if (merged.action === 'open') holding = merged.alert.readingDate;
        else at = unseenUpTo(at) ? verdict(remaining.filter((r) => r.date < at!)) : undefined;
      }
      if (!holding) withdrawn.push(alert);
      else if (holding.getTime() !== end) moved.push({ alertId: alert.id, readingDate: holding });
    }
  }
  await repo.withdrawAlerts(
    withdrawn.map((a) => a.id),
    userId,
    alertWithdrawnNote,
    now,
  );
  await repo.updateAlertReadingDates(moved, now);
  await repo.insertAlertFindings(moved);
  await repo.deleteFindingsOfRevisedAlerts(
    withdrawn.map((a) => a.id),
    moved,
  );
  await repo.deleteFindingsWithoutReading(subject.id, removed.takenAt);
  return withdrawn;
}

/**
 * After a reading is removed (and its alerts revised), the readings of the weeks around it are judged again,
 * in the order they were taken, as `record` judged each when it came, now without the removed one: a rule it
 * had hidden holds again and opens (or moves) its alert at once, not at the patient's next reading (a
 * mistaken evening weight that was the previous day's last had hidden the next morning's gain). A reading
 * is new evidence against a dismissal of the type only when it was stored after that dismissal, as in the
 * revision.
 */
async function judgeAgainAfterRemoval(
  repo: ReadingsRepository,
  subject: AlertSubject,
  removed: ReadingRow,
  now: Date,
): Promise<NewAlert[]> {
  const { timeZone } = subject;
  const span = readingRuleSpan(removed.takenAt, timeZone);
  const window = await repo.findRuleReadings(
    subject.id,
    readingRuleSpan(span.from, timeZone).from,
    readingRuleSpan(span.to, timeZone).to,
  );
  const stored = await repo.findAlertsByPatientsAndTypes([subject.id], clinicalReadingTypes);
  const changes: AlertChanges = { opened: [], moved: [] };
  for (const reading of window.filter((r) => r.date >= span.from && r.date < span.to)) {
    const { findings, own } = judgeReading(subject, window, reading, now);
    for (const type of own.keys()) {
      if (reading.createdAt.getTime() <= lastDismissalOf(stored, type)) own.delete(type);
    }
    planBatchAlertChanges(subject, findings, own, stored, changes);
  }
  await applyAlertChanges(repo, changes, now);
  return changes.opened;
}

/**
 * Adherence findings at `now` for a patient whose latest reading is `latest`, which reached Vigil at
 * `lastArrivalAt` (all the rule needs).
 */
function adherenceFindings(
  subject: AlertSubject,
  latest: Reading | undefined,
  lastArrivalAt: Date | undefined,
  now: Date,
): AlertFinding[] {
  return evaluateAlerts({
    readings: latest ? [latest] : [],
    thresholds: thresholdsOf(subject),
    diagnosis: subject.diagnosis,
    enrolledAt: adherenceStart(subject),
    lastArrivalAt: lastArrivalAt ?? null,
    now,
    timeZone: subject.timeZone,
  }).filter((f) => f.category === 'AdherenceCoaching');
}

/** Readings, and the alerts and list metrics that follow from them: the one way a reading is stored. */
export function createReadingsService(deps: { db: Db; clock: Clock; audit: AuditService }) {
  const inTransaction = <T>(tx: Tx | undefined, work: (tx: DbOrTx) => Promise<T>): Promise<T> =>
    tx ? work(tx) : deps.db.transaction(work);

  const service = {
    /**
     * Stores a reading, evaluates the patient's reading alerts with the core over the readings around it
     * (the week before its day and the six days after, never the whole history), and refreshes their list
     * metrics, all in one transaction (DESIGN 3). A device reading delivered twice (same source and vendor
     * id) stores nothing and answers the stored one with `duplicate: true`.
     * Adherence is left to `evaluateAdherence`: a reading only ever satisfies it.
     */
    async record(input: RecordReadingInput, tx?: Tx): Promise<RecordedReading> {
      const [recorded] = await service.recordMany([input], tx);
      return recorded!;
    },

    /**
     * Stores many readings as `record` would one after the other, each patient's in the order they were
     * taken, and answers one result per input, in input order: the same readings, duplicates, alerts and
     * metrics, in a fixed number of statements however many readings and patients there are (group commit
     * of the webhooks, DESIGN 7). Patients are locked once, in id order; the readings go in one insert that
     * also reads the readings around them and every patient's alerts; each patient's readings are then
     * evaluated in memory one by one, each seeing the ones before it and the alerts they opened or moved;
     * the metrics are refreshed once per patient.
     */
    async recordMany(inputs: readonly RecordReadingInput[], tx?: Tx): Promise<RecordedReading[]> {
      if (inputs.length === 0) return [];
      const checked = inputs.map((input) => ({
        input,
        values: checkReading(input),
        source: input.source.trim(),
        // An empty vendor id is no id: such a reading cannot be told from a resend, so it is always stored.
        vendorReadingId: input.vendorReadingId?.trim() || null,
      }));
      return inTransaction(tx, async (db) => {
        const repo = createReadingsRepository(db);
        const subjects = new Map(
          (await repo.lockSubjects([...new Set(inputs.map((i) => i.patientId))])).map((s) => [s.id, s]),
        );
        if (checked.some(({ input }) => !subjects.has(input.patientId))) {
          throw new AppError('NOT_FOUND', errorMessages.notFound);
        }
        const now = deps.clock.now();
        // What the rules read of each patient: the span of each new reading (the weeks that hold it), so
        // that a reading that arrives late is judged among the readings around it.
        const spansOf = new Map<string, Span[]>();
        for (const { input } of checked) {
          const span = readingRuleSpan(input.takenAt, subjects.get(input.patientId)!.timeZone);
          spansOf.set(input.patientId, [...(spansOf.get(input.patientId) ?? []), span]);
        }
        const windowSpans = new Map([...spansOf].map(([id, spans]) => [id, disjointSpans(spans)]));

        // A second reading of one (source, vendor id) in the batch is a resend of the first, or, for parts
        // of one measurement (`completes`), its other part: joined to the first.
        const firstOfKey = new Map<string, number>();
        const duplicateOf: (number | null)[] = [];
        const joinedTo = new Map<number, number>();
        const rows: NewBatchReading[] = [];
        /** Each input's own values, before a later part of its measurement joined them. */
        const own: ReadingValues[] = [];
        checked.forEach(({ input, values, source, vendorReadingId }, i) => {
          const row: NewBatchReading = {
            id: randomUUID(),
            clinicId: subjects.get(input.patientId)!.clinicId,
            patientId: input.patientId,
            takenAt: input.takenAt,
            timeZone: input.timeZone ?? null,
            ...values,
            source,
            vendorReadingId,
            deviceId: input.deviceId ?? null,
            raw: input.raw ?? null,
            createdBy: input.createdBy ?? null,
          };
          rows.push(row);
          own.push({ ...values });
          const key = vendorReadingId === null ? null : `${source}\u0000${vendorReadingId}`;
          const first = key === null ? undefined : firstOfKey.get(key);
          if (key !== null && first === undefined) firstOfKey.set(key, i);
          const added =
            first !== undefined && input.completes && checked[first]!.input.completes
              ? addedBy(rows[first]!, row)
              : null;
          if (first !== undefined && added) {
            Object.assign(rows[first]!, added, { raw: joinedRaw(rows[first]!.raw, row.raw) });
            joinedTo.set(i, first);
          }
          duplicateOf.push(first !== undefined && !added ? first : null);
        });
        const storesRow = (i: number) => duplicateOf[i] === null && !joinedTo.has(i);
        const batch = await repo.insertManyWithRuleInputs(
          rows.filter((_, i) => storesRow(i)),
          windowSpans,
          readingAlertTypes,
          now,
        );

        // Readings the vendor had delivered before this batch: answered with the stored row, or completed
        // by the parts they lacked.
        const resent = rows.filter((r, i) => storesRow(i) && !batch.inserted.has(r.id));
        const stored = new Map(
          (
            await repo.findBySourceAndVendorIds(
              resent.map((r) => ({ source: r.source, vendorReadingId: r.vendorReadingId! })),
            )
          ).map((r) => [`${r.source}\u0000${r.vendorReadingId}`, r]),
        );
        /** Stored readings completed by this batch: as they were, and as they are now. */
        const completed = new Map<string, { before: ReadingRow; after: ReadingRow }>();
        /**
         * What a measurement of the batch holds after each of its parts, in order: a part adding nothing
         * to it is answered as a resend, as it would have been in a request of its own after the others.
         */
        const held = new Map<number, ReadingValues>();
        const answer = (i: number, first: number, reading: ReadingRow, before: ReadingValues | null) => {
          const state = held.get(first) ?? before;
          const duplicate = state !== null && addedBy(state, own[i]!) === null;
          held.set(first, state === null ? own[i]! : { ...state, ...addedBy(state, own[i]!) });
          results.push({ reading, duplicate });
        };
        const results: RecordedReading[] = [];
        rows.forEach((row, i) => {
          const joined = joinedTo.get(i);
          if (joined !== undefined) {
            answer(i, joined, results[joined]!.reading, null);
            return;
          }
          const first = duplicateOf[i];
          if (first !== null && first !== undefined) {
            results.push({ reading: results[first]!.reading, duplicate: true });
            return;
          }
          const createdAt = batch.inserted.get(row.id);
          if (createdAt) {
            const { raw, ...rest } = row;
            const reading = {
              ...rest,
              raw: raw as ReadingRow['raw'],
              createdAt,
              removedAt: null,
              removedBy: null,
            };
            answer(i, i, reading, null);
            return;
          }
          const found = stored.get(`${row.source}\u0000${row.vendorReadingId}`);
          if (!found) throw new AppError('CONFLICT', 'This reading was already received.');
          const added = checked[i]!.input.completes ? addedBy(found, row) : null;
          if (!added) {
            held.set(i, found);
            results.push({ reading: found, duplicate: true });
            return;
          }
          // A part the stored reading lacked: kept on it, also when staff removed it (it stays removed).
          const after: ReadingRow = {
            ...found,
            ...added,
            raw: joinedRaw(found.raw, row.raw) as ReadingRow['raw'],
          };
          completed.set(found.id, { before: found, after });
          answer(i, i, after, found);
        });
        await repo.completeReadings([...completed.values()].map(({ after }) => after));

        // Each patient's new and completed readings in the order they were taken, evaluated as `record`
        // would have one after another: a backlog gives the same alerts in whatever order its payload lists it.
        const newByPatient = new Map<string, ReadingRow[]>();
        const evaluated = new Set<string>();
        for (const { reading, duplicate } of results) {
          if (duplicate || evaluated.has(reading.id)) continue;
          evaluated.add(reading.id);
          // A removed reading counts nowhere, though a part completed it.
          if (reading.removedAt) continue;
          const list = newByPatient.get(reading.patientId);
          if (list) list.push(reading);
          else newByPatient.set(reading.patientId, [reading]);
        }
        for (const list of newByPatient.values())
          list.sort((a, b) => a.takenAt.getTime() - b.takenAt.getTime());
        const changes: AlertChanges = { opened: [], moved: [] };
        const touched = new Map<string, Date[]>();
        for (const [patientId, added] of newByPatient) {
          const subject = subjects.get(patientId)!;
          const alertsOfPatient = batch.alerts.filter((a) => a.patientId === patientId);
          let window: readonly Reading[] = batch.windows.get(patientId) ?? [];
          for (const row of added) {
            const reading = ruleReading(row);
            const before = completed.get(row.id)?.before;
            // A completed reading is new evidence only for what its new part satisfies.
            const heldBefore = before
              ? [...judgeReading(subject, window, ruleReading(before), now).own.keys()]
              : [];
            window = before
              ? replaceReading(window, ruleReading(before), reading)
              : withReading(window, reading);
            const { findings, own } = judgeReading(subject, window, reading, now);
            for (const type of heldBefore) own.delete(type);
            planBatchAlertChanges(subject, findings, own, alertsOfPatient, changes);
          }
          touched.set(
            patientId,
            added.map((r) => r.takenAt),
          );
        }
        await applyAlertChanges(repo, changes, now);
        await refreshLockedPatientsMetrics(
          db,
          [...touched.keys()].map((id) => subjects.get(id)!),
          now,
          touched,
        );
        // Every stored reading is a change of the patient's data (DESIGN 3): a device's too, with no actor
        // (the product stored it). One statement for the whole batch, so ingestion pays once.
        await deps.audit.recordMany(db, [
          ...[
            ...new Map(results.filter((r) => !r.duplicate).map((r) => [r.reading.id, r.reading])).values(),
          ].map((reading) => {
            const completes = completed.has(reading.id);
            return {
              actorUserId: reading.createdBy,
              clinicId: reading.clinicId,
              patientId: reading.patientId,
              action: completes ? 'reading.completed' : 'reading.created',
              entityType: 'reading',
              entityId: reading.id,
              message: completes ? readingCompletedMessage(reading) : readingAddedMessage(reading),
              details: { source: reading.source, takenAt: reading.takenAt.toISOString() },
            };
          }),
          ...openedAlertEvents(changes.opened, (id) => subjects.get(id)!),
        ]);
        return results;
      });
    },

    /**
     * Marks a reading removed by a user; it then counts nowhere: the alerts it raised move back to the
     * readings that still hold them or are withdrawn (`reviseAlertsAfterRemoval`; alerts are never deleted),
     * the alerts it hid open (`judgeAgainAfterRemoval`), and the patient's metrics and that day's rollup are
     * recomputed. Removing twice is a no-op.
     */
    remove(readingId: string, userId: string, tx?: Tx): Promise<ReadingRow> {
      return inTransaction(tx, async (db) => {
        const repo = createReadingsRepository(db);
        const found = await repo.findById(readingId);
        if (!found) throw new AppError('NOT_FOUND', errorMessages.notFound);
        const subject = await repo.findSubjectForUpdate(found.patientId);
        if (!subject) throw new AppError('NOT_FOUND', errorMessages.notFound);
        const now = deps.clock.now();
        const removed = await repo.markRemoved(found.id, userId, now);
        if (!removed) return found;
        const withdrawn = await reviseAlertsAfterRemoval(repo, subject, removed, userId, now);
        const opened = await judgeAgainAfterRemoval(repo, subject, removed, now);
        await refreshPatientMetrics(db, removed.patientId, now, [removed.takenAt]);
        const thresholds = thresholdsOf(subject);
        await deps.audit.recordMany(db, [
          {
            actorUserId: userId,
            clinicId: removed.clinicId,
            patientId: removed.patientId,
            action: 'reading.removed',
            entityType: 'reading',
            entityId: removed.id,
            message: readingRemovedMessage(removed, subject.timeZone),
          },
          ...withdrawn.map((alert) => ({
            actorUserId: userId,
            clinicId: removed.clinicId,
            patientId: removed.patientId,
            action: 'alert.withdrawn',
            entityType: 'alert',
            entityId: alert.id,
            message: `Withdrew alert ${alertDescription(alert, thresholds)}: its reading was removed`,
          })),
          ...openedAlertEvents(opened, () => subject),
        ]);
        return removed;
      });
    },

    /**
     * Evaluates a patient's adherence alerts at now (they are about the absence of readings, which no
     * reading triggers) and refreshes the metrics when an alert opened. Answers whether one did.
     */
    evaluateAdherence(patientId: string, tx?: Tx): Promise<boolean> {
      return inTransaction(tx, async (db) => {
        const repo = createReadingsRepository(db);
        const subject = await repo.findSubjectForUpdate(patientId);
        if (!subject) throw new AppError('NOT_FOUND', errorMessages.notFound);
        const now = deps.clock.now();
        const [latest] = await repo.findLatestByPatients([subject.id]);
        const arrived = (await repo.findLastArrivals([subject.id])).get(subject.id);
        const findings = adherenceFindings(subject, latest, arrived, now);
        const stored = await repo.findAlertsByPatientsAndTypes([subject.id], adherenceTypes);
        const changes = planAlertChanges(subject, findings, stored);
        await applyAlertChanges(repo, changes, now);
        await deps.audit.recordMany(
          db,
          openedAlertEvents(changes.opened, () => subject),
        );
        // A moved reading date changes no list figure; only a new alert changes the count and the category.
        if (changes.opened.length) await refreshPatientMetrics(db, subject.id, now);
        return changes.opened.length > 0;
      });
    },

    /**
     * Adherence for every enrolled, active patient of a clinic, a few queries per batch of patients (the
     * jobs). Answers the patients for whom an alert opened, after refreshing their metrics.
     */
    async evaluateClinicAdherence(clinicId: string): Promise<string[]> {
      const now = deps.clock.now();
      const subjects = await createReadingsRepository(deps.db).findEnrolledActiveSubjects(clinicId);
      const changed: string[] = [];
      for (let i = 0; i < subjects.length; i += clinicBatchSize) {
        const batch = subjects.slice(i, i + clinicBatchSize);
        await deps.db.transaction(async (db) => {
          const repo = createReadingsRepository(db);
          const ids = batch.map((s) => s.id);
          // As record does for one patient: a reading or another run cannot open the same alert meanwhile.
          await repo.lockPatients(ids);
          const latest = new Map((await repo.findLatestByPatients(ids)).map((r) => [r.patientId, r]));
          const arrivals = await repo.findLastArrivals(ids);
          const stored = await repo.findAlertsByPatientsAndTypes(ids, adherenceTypes);
          const changes: AlertChanges = { opened: [], moved: [] };
          for (const subject of batch) {
            const findings = adherenceFindings(
              subject,
              latest.get(subject.id),
              arrivals.get(subject.id),
              now,
            );
            if (findings.length === 0) continue;
            const own = stored.filter((a) => a.patientId === subject.id);
            planAlertChanges(subject, findings, own, changes);
          }
          await applyAlertChanges(repo, changes, now);
          const subjectOf = new Map(batch.map((s) => [s.id, s]));
          await deps.audit.recordMany(
            db,
            openedAlertEvents(changes.opened, (id) => subjectOf.get(id)!),
          );
          const opened = [...new Set(changes.opened.map((a) => a.patientId))];
          await refreshManyPatientMetrics(db, opened, now);
          changed.push(...opened);
        });
      }
      return changed;
    },
  };
  return service;
}

export type ReadingsService = ReturnType<typeof createReadingsService>;
