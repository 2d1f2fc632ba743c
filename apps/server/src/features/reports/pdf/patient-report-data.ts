import {
  type AlertCategory,
  alertDescription,
  type BandColor,
  type BpFigure,
  bpAtGoalColor,
  bpAxisMax,
  bpGoalSystolic,
  calendarDay,
  complianceColor,
  complianceDaysTarget,
  defaultTimeZone,
  floorReading,
  formatDate,
  hasBp,
  heartRateColor,
  labels,
  monthDays,
  type PatientReportType,
  patientReportTypeLabels,
  type Reading,
  type ReportVersion,
  readingSummary,
  resolveThresholds,
  startOfCalendarDay,
  systolicColor,
  weightChangeColor,
  weightComparisonDays,
} from '@vigil/core';
import type { AlertRow, ReadingRow } from '../../../db/schema/index.js';
import type { MonthlyNoteWithEditor } from '../../monthly-notes/monthly-notes.repository.js';
import type { ReportPatient } from '../patient-report.repository.js';

/** Which report: the spec's query (patients 7, `/reports/patient`) without its transport. */
export interface PatientReportRequest {
  patientId: string;
  type: PatientReportType;
  version: ReportVersion;
  /** 1-12. */
  month: number;
  year: number;
}

/** A value as printed, with the colour band the readings table gives it (null: plain). */
export interface ReportCell {
  text: string;
  color: BandColor | null;
}

export interface BpRow {
  date: string;
  time: string;
  bp: ReportCell | null;
  heartRate: ReportCell | null;
  source: string;
}

export interface WeightRow {
  date: string;
  time: string;
  weight: string;
  /** Against the last weight of the previous calendar day. */
  changeOneDay: ReportCell | null;
  /** Against the last weight of the calendar day 7 days earlier. */
  changeSevenDays: ReportCell | null;
  source: string;
}

export interface SummaryGroup {
  title: string;
  /** Its share of the summary's width. */
  weight: number;
  figures: { label: string; value: ReportCell }[];
}

/** A chart's series over the month: x is an instant (ms), the axis runs from `start` to `end`. */
export interface ReportChart {
  kind: 'bp' | 'weight';
  start: number;
  end: number;
  /** Day starts to label on the x axis. */
  ticks: { at: number; label: string }[];
  yMin: number;
  yMax: number;
  yStep: number;
  /** Shaded behind the lines (the ideal systolic range on the BP chart). */
  band: { from: number; to: number } | null;
  series: { name: string; color: string; dashed: boolean; points: { at: number; value: number }[] }[];
}

export interface ReportAlert {
  date: string;
  category: string;
  description: string;
  status: string;
}

export interface ReportMonthlyNote {
  content: string;
  /** 'Approved by Priya Raman, last updated 11/30/2026'. */
  caption: string;
}

/** The New Version's additions (DESIGN 4, Reports). */
export interface ReportDetails {
  summary: SummaryGroup[];
  chart: ReportChart;
  alerts: ReportAlert[];
  monthlyNote: ReportMonthlyNote | null;
}

/** Everything one patient's report prints: built once, rendered alone or in a batch. */
export interface PatientReportData {
  request: PatientReportRequest;
  /** 'Blood Pressure Report'. */
  title: string;
  /** 'November 2026'. */
  monthLabel: string;
  /** MM/DD/YYYY, Pacific. */
  generatedOn: string;
  clinic: { id: string; name: string; address: string };
  patient: {
    name: string;
    dateOfBirth: string;
    mr: string;
    diagnosis: string;
    physician: string;
  };
  /** Blood Pressure reports: the month's BP and heart rate readings, oldest first. */
  bpRows: BpRow[];
  /** Weight reports: the month's weights, oldest first. */
  weightRows: WeightRow[];
  /** Null for the Old Version. */
  details: ReportDetails | null;
}

/** The product's own wording for what the spec leaves unwritten. */
export const reportLabels = {
  none: '—',
  manual: 'Manual',
  device: 'Device',
  high: 'High',
  low: 'Low',
  mean: 'Mean',
  latest: 'Latest',
  bloodPressure: 'Blood Pressure (mmHg)',
  heartRate: 'Heart Rate (bpm)',
  weight: 'Weight (lbs)',
  month: 'The Month',
  daysTransmitted: 'Days transmitted',
  atGoal: '% BP at goal',
  compliance: labels.compliance,
  systolic: 'Systolic',
  diastolic: 'Diastolic',
  dismissed: 'Dismissed',
  snoozed: 'Snoozed',
  active: 'Active',
} as const;

const categoryLabels: Record<AlertCategory, string> = {
  Clinical: 'Clinical',
  Manual: 'Manual',
  SMS: 'SMS',
  AdherenceCoaching: 'Adherence Coaching',
};

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' });
/** 'November 2026'. */
export const reportMonthLabel = (month: number, year: number) =>
  `${monthName.format(new Date(Date.UTC(year, month - 1, 1)))} ${year}`;

/** The month's first instant and the next month's, on the clinic's calendar. */
export function reportMonthRange(month: number, year: number, timeZone: string) {
  const days = monthDays(month, year);
  return {
    days,
    start: startOfCalendarDay(days.first, timeZone),
    end: startOfCalendarDay(days.last + 1, timeZone),
  };
}

/** Readings are shown on the Pacific calendar, as the detail page's table shows them (spec patients 9). */
const pacificTime = new Intl.DateTimeFormat('en-US', {
  timeZone: defaultTimeZone,
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
});
const shortDate = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', month: '2-digit', day: '2-digit' });

const cell = (text: string, color: BandColor | null): ReportCell => ({ text, color });
const plain = (text: string): ReportCell => cell(text, null);
const roundTenth = (n: number) => Math.round(n * 10) / 10;
const signed = (n: number) => `${n > 0 ? '+' : ''}${n.toFixed(1)}`;
const bpText = (f: BpFigure) => `${f.systolic}/${f.diastolic ?? reportLabels.none}`;
const percent = (n: number | null) => (n === null ? reportLabels.none : `${n}%`);
const calendarDate = (iso: string | null) => {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  return m ? `${m[2]}/${m[3]}/${m[1]}` : reportLabels.none;
};

const asReading = (r: ReadingRow): Reading => ({
  date: r.takenAt,
  systolic: r.systolic,
  diastolic: r.diastolic,
  heartRate: r.heartRate,
  weight: r.weightLbs,
  source: r.source,
});

export interface PatientReportSources {
  request: PatientReportRequest;
  patient: ReportPatient;
  /** The month's readings and those of the 7 days before it (for the weight changes), not removed. */
  readings: readonly ReadingRow[];
  /** The alerts of the month. */
  alerts: readonly AlertRow[];
  /** The month's monthly note, if any (printed only when approved). */
  monthlyNote: MonthlyNoteWithEditor | undefined;
  now: Date;
}

/**
 * What a patient's report prints (decision 0013), from its rows and the core's rules: the readings coloured
 * as the readings table colours them, and for the New Version the summary over the month, the chart's
 * series, the alerts in the core's words and the approved monthly note.
 */
export function buildPatientReportData(sources: PatientReportSources): PatientReportData {
  const { request, patient, now } = sources;
  const timeZone = patient.clinicTimeZone;
  const range = reportMonthRange(request.month, request.year, timeZone);
  const inMonth = sources.readings.filter((r) => r.takenAt >= range.start && r.takenAt < range.end);
  const physician =
    patient.physicianFirstName !== null
      ? `${patient.physicianFirstName} ${patient.physicianLastName ?? ''}`.trim()
      : reportLabels.none;
  const source = (r: ReadingRow) => (r.source === 'MANUAL' ? reportLabels.manual : reportLabels.device);
  const when = (r: ReadingRow) => ({
    date: formatDate(r.takenAt, defaultTimeZone),
    time: pacificTime.format(r.takenAt),
  });

  const bpRows: BpRow[] =
    request.type === 'data'
      ? inMonth
          .filter((r) => r.systolic !== null || r.heartRate !== null)
          .map((r) => ({
            ...when(r),
            bp:
              r.systolic === null
                ? null
                : cell(`${r.systolic}/${r.diastolic ?? reportLabels.none}`, systolicColor(r.systolic)),
            heartRate: r.heartRate === null ? null : cell(String(r.heartRate), heartRateColor(r.heartRate)),
            source: source(r),
          }))
      : [];

  const weightRows: WeightRow[] = request.type === 'weight' ? buildWeightRows(sources, inMonth, when) : [];

  return {
    request,
    title: `${patientReportTypeLabels[request.type]} Report`,
    monthLabel: reportMonthLabel(request.month, request.year),
    generatedOn: formatDate(now, defaultTimeZone),
    clinic: { id: patient.clinicId, name: patient.clinicName, address: patient.clinicAddress },
    patient: {
      name: `${patient.firstName} ${patient.lastName}`,
      dateOfBirth: calendarDate(patient.dateOfBirth),
      mr: patient.mr?.trim() || reportLabels.none,
      diagnosis: patient.diagnosis?.trim() || reportLabels.none,
      physician,
    },
    bpRows,
    weightRows,
    details:
      request.version === 'new'
        ? {
            summary: buildSummary(request.type, inMonth, range, timeZone),
            chart: buildChart(request.type, inMonth, range, timeZone),
            alerts: sources.alerts.map((a) => toReportAlert(a, patient, now)),
            monthlyNote: toReportNote(sources.monthlyNote),
          }
        : null,
  };
}

function buildWeightRows(
  sources: PatientReportSources,
  inMonth: readonly ReadingRow[],
  when: (r: ReadingRow) => { date: string; time: string },
): WeightRow[] {
  const timeZone = sources.patient.clinicTimeZone;
  // Every weight loaded (the week before the month too), oldest first, with its calendar day.
  const weights = sources.readings
    .filter((r) => r.weightLbs !== null)
    .map((r) => ({ r, day: calendarDay(r.takenAt, timeZone), weight: r.weightLbs! }));
  const lastWeightOn = (day: number) => weights.filter((w) => w.day === day).at(-1)?.weight;
  return inMonth
    .filter((r) => r.weightLbs !== null)
    .map((r) => {
      const day = calendarDay(r.takenAt, timeZone);
      const change = (before: number | undefined) =>
        before === undefined ? null : roundTenth(r.weightLbs! - before);
      const oneDay = change(lastWeightOn(day - 1));
      const sevenDays = change(lastWeightOn(day - weightComparisonDays));
      // One colour for both changes, as the detail page's summary gives it (core weightChangeColor).
      const color = weightChangeColor({ oneDay, sevenDays });
      return {
        ...when(r),
        weight: roundTenth(r.weightLbs!).toFixed(1),
        changeOneDay: oneDay === null ? null : cell(signed(oneDay), color),
        changeSevenDays: sevenDays === null ? null : cell(signed(sevenDays), color),
        source: r.source === 'MANUAL' ? reportLabels.manual : reportLabels.device,
      };
    });
}

type MonthRange = ReturnType<typeof reportMonthRange>;

function buildSummary(
  type: PatientReportType,
  inMonth: readonly ReadingRow[],
  range: MonthRange,
  timeZone: string,
): SummaryGroup[] {
  const monthLength = range.days.last - range.days.first + 1;
  // The core's summary over "the last N days" ending on the month's last day is the month.
  const summary = readingSummary(inMonth.map(asReading), {
    now: new Date(range.end.getTime() - 1),
    rangeDays: monthLength,
    timeZone,
  });
  const compliance = Math.min(100, Math.round((100 * summary.daysTransmitted) / complianceDaysTarget));
  const monthGroup = (withGoal: boolean): SummaryGroup => {
    const bp = inMonth.filter((r) => r.systolic !== null);
    const atGoal = bp.filter((r) => r.systolic! >= bpGoalSystolic.min && r.systolic! <= bpGoalSystolic.max);
    const goal = bp.length ? Math.round((100 * atGoal.length) / bp.length) : null;
    return {
      title: reportLabels.month,
      weight: withGoal ? 4 : 3,
      figures: [
        {
          label: reportLabels.daysTransmitted,
          value: plain(`${summary.daysTransmitted} of ${monthLength}`),
        },
        ...(withGoal
          ? [{ label: reportLabels.atGoal, value: cell(percent(goal), bpAtGoalColor(goal)) }]
          : []),
        { label: reportLabels.compliance, value: cell(percent(compliance), complianceColor(compliance)) },
      ],
    };
  };
  const none = plain(reportLabels.none);

  if (type === 'weight') {
    const weights = inMonth.flatMap((r) => (r.weightLbs === null ? [] : [roundTenth(r.weightLbs)]));
    const fixed = (n: number) => plain(n.toFixed(1));
    return [
      {
        title: reportLabels.weight,
        weight: 4,
        figures: [
          { label: reportLabels.latest, value: weights.length ? fixed(weights.at(-1)!) : none },
          { label: reportLabels.high, value: weights.length ? fixed(Math.max(...weights)) : none },
          { label: reportLabels.low, value: weights.length ? fixed(Math.min(...weights)) : none },
          {
            label: reportLabels.mean,
            value: weights.length ? fixed(weights.reduce((a, b) => a + b, 0) / weights.length) : none,
          },
        ],
      },
      monthGroup(false),
    ];
  }

  const { bp, heartRate } = summary;
  const bpCell = (f: BpFigure | undefined) => (f ? cell(bpText(f), systolicColor(f.systolic)) : none);
  const hrCell = (n: number | undefined) => (n === undefined ? none : cell(String(n), heartRateColor(n)));
  return [
    {
      title: reportLabels.bloodPressure,
      weight: 3,
      figures: [
        { label: reportLabels.high, value: bpCell(bp?.high) },
        { label: reportLabels.low, value: bpCell(bp?.low) },
        { label: reportLabels.mean, value: bpCell(bp?.mean) },
      ],
    },
    {
      title: reportLabels.heartRate,
      weight: 3,
      figures: [
        { label: reportLabels.high, value: hrCell(heartRate?.high) },
        { label: reportLabels.low, value: hrCell(heartRate?.low) },
        { label: reportLabels.mean, value: hrCell(heartRate?.mean) },
      ],
    },
    monthGroup(true),
  ];
}

/** Chart colours: systolic dark, diastolic light, heart rate warm (dashed), weight dark. */
const chartColors = { systolic: '#1a4d8f', diastolic: '#5b9bd5', heartRate: '#c0504d', weight: '#1a4d8f' };

function buildChart(
  type: PatientReportType,
  inMonth: readonly ReadingRow[],
  range: MonthRange,
  timeZone: string,
): ReportChart {
  const readings = inMonth.map((r) => floorReading(asReading(r)));
  const ticks: ReportChart['ticks'] = [];
  for (let day = range.days.first; day <= range.days.last; day++) {
    const dayOfMonth = day - range.days.first + 1;
    // Every 5th day, and the 1st: the month's days are too many to label each.
    if (dayOfMonth === 1 || dayOfMonth % 5 === 0) {
      ticks.push({
        at: startOfCalendarDay(day, timeZone).getTime(),
        label: shortDate.format(new Date(day * 86_400_000)),
      });
    }
  }
  const base = { start: range.start.getTime(), end: range.end.getTime(), ticks };
  const points = (value: (r: Reading) => number | null | undefined) =>
    readings.flatMap((r) => {
      const v = value(r);
      return typeof v === 'number' ? [{ at: r.date.getTime(), value: v }] : [];
    });

  if (type === 'weight') {
    const weights = points((r) => r.weight);
    const values = weights.map((p) => p.value);
    // Fitted to the month's weights: on a 0-300 axis a 3 lb gain would not show.
    const yMin = values.length ? Math.max(0, Math.floor((Math.min(...values) - 5) / 10) * 10) : 100;
    const yMax = values.length ? Math.ceil((Math.max(...values) + 5) / 10) * 10 : 200;
    return {
      kind: 'weight',
      ...base,
      yMin,
      yMax,
      yStep: yMax - yMin > 60 ? 20 : 10,
      band: null,
      series: [{ name: reportLabels.weight, color: chartColors.weight, dashed: false, points: weights }],
    };
  }

  return {
    kind: 'bp',
    ...base,
    yMin: 0,
    yMax: bpAxisMax(readings.filter(hasBp)),
    yStep: 20,
    band: { from: bpGoalSystolic.min, to: bpGoalSystolic.max },
    series: [
      {
        name: reportLabels.systolic,
        color: chartColors.systolic,
        dashed: false,
        points: points((r) => r.systolic),
      },
      {
        name: reportLabels.diastolic,
        color: chartColors.diastolic,
        dashed: false,
        points: points((r) => r.diastolic),
      },
      {
        name: reportLabels.heartRate,
        color: chartColors.heartRate,
        dashed: true,
        points: points((r) => r.heartRate),
      },
    ],
  };
}

function toReportAlert(alert: AlertRow, patient: ReportPatient, now: Date): ReportAlert {
  const at = alert.readingDate ?? alert.createdAt;
  const status = alert.dismissedAt
    ? reportLabels.dismissed
    : alert.snoozedUntil && alert.snoozedUntil > now
      ? reportLabels.snoozed
      : reportLabels.active;
  return {
    date: `${formatDate(at, defaultTimeZone)} ${pacificTime.format(at)}`,
    category: categoryLabels[alert.category],
    // The detail page's words, with the thresholds in force for the patient.
    description: alertDescription(alert, resolveThresholds(patient.clinicCustomAlerts, patient.customAlerts)),
    status,
  };
}

function toReportNote(note: MonthlyNoteWithEditor | undefined): ReportMonthlyNote | null {
  if (!note?.approved || !note.content.trim()) return null;
  const editor =
    note.editorFirstName !== null ? `${note.editorFirstName} ${note.editorLastName ?? ''}`.trim() : null;
  const updated = formatDate(note.updatedAt, defaultTimeZone);
  return {
    content: note.content.trim(),
    caption: editor
      ? `Approved; last updated by ${editor} on ${updated}`
      : `Approved; last updated ${updated}`,
  };
}
