/** @jsxRuntime automatic */
/** @jsxImportSource react */
// tsx runs the server from the repository root, where no tsconfig sets the JSX transform: these say it.
import { Document, Page, Text, View } from '@react-pdf/renderer';
import type { ReactNode } from 'react';
import type { PatientReportData, ReportCell, ReportDetails } from './patient-report-data.js';
import { reportLabels } from './patient-report-data.js';
import { ReportChartSvg } from './report-chart.js';
import { bandColors, styles } from './report-styles.js';

/** A column: its heading, its share of the width, and what a row prints in it. */
interface Column<R> {
  title: string;
  width: string;
  render: (row: R) => ReactNode;
}

function Band({ value }: { value: ReportCell | null }) {
  if (!value) return <Text>{reportLabels.none}</Text>;
  if (!value.color) return <Text>{value.text}</Text>;
  const colors = bandColors[value.color];
  return (
    <View style={[styles.pill, { backgroundColor: colors.bg }]}>
      <Text style={[styles.pillText, { color: colors.fg }]}>{value.text}</Text>
    </View>
  );
}

/** A table's heading row and its rows, apart: the section keeps the heading with the first row. */
function tableParts<R>(columns: Column<R>[], rows: R[]) {
  const head = (
    <View style={styles.headRow}>
      {columns.map((c) => (
        <Text key={c.title} style={[styles.headCell, { width: c.width }]}>
          {c.title}
        </Text>
      ))}
    </View>
  );
  const row = (r: R, i: number) => (
    <View key={i} style={i % 2 ? [styles.row, styles.stripe] : styles.row} wrap={false}>
      {columns.map((c) => (
        <View key={c.title} style={[styles.cell, { width: c.width }]}>
          {c.render(r)}
        </View>
      ))}
    </View>
  );
  return { head, rows: rows.map(row) };
}

/**
 * A titled part of the report. Its title never ends a page alone: it is kept with the whole part, or, for a
 * table, with its column headings and first row; the other rows flow onto the next pages.
 */
function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <View style={styles.section} wrap={false}>
      <Text style={styles.sectionTitle}>{title}</Text>
      {children}
    </View>
  );
}

function TableSection<R>({
  title,
  columns,
  rows,
  empty,
}: {
  title: string;
  columns: Column<R>[];
  rows: R[];
  empty: string;
}) {
  if (!rows.length) {
    return (
      <Section title={title}>
        <Text style={styles.empty}>{empty}</Text>
      </Section>
    );
  }
  const table = tableParts(columns, rows);
  // The page the table starts on, learnt as it is laid out: the repeated heading row is left off there.
  let startPage: number | undefined;
  return (
    <View style={styles.section}>
      {/* The title never ends a page alone: it stays with the column headings and the first row. */}
      <View wrap={false}>
        <Text
          style={styles.sectionTitle}
          render={({ pageNumber }) => {
            startPage = pageNumber;
            return title;
          }}
        />
        {table.head}
        {table.rows[0]}
      </View>
      <View
        fixed
        render={({ pageNumber }) => (startPage !== undefined && pageNumber > startPage ? table.head : null)}
      />
      {table.rows.slice(1)}
    </View>
  );
}

function Info({ label, value }: { label: string; value: string }) {
  return (
    <View style={styles.infoItem}>
      <Text style={styles.label}>{label}</Text>
      <Text style={styles.value}>{value}</Text>
    </View>
  );
}

function ReadingsTable({ data }: { data: PatientReportData }) {
  const text = (s: string) => <Text>{s}</Text>;
  if (data.request.type === 'weight') {
    return (
      <TableSection
        title={`Weights (${data.weightRows.length})`}
        rows={data.weightRows}
        empty="No weights this month."
        columns={[
          { title: 'Date', width: '17%', render: (r) => text(r.date) },
          { title: 'Time (Pacific)', width: '17%', render: (r) => text(r.time) },
          { title: 'Weight (lbs)', width: '16%', render: (r) => text(r.weight) },
          { title: 'vs. previous day', width: '18%', render: (r) => <Band value={r.changeOneDay} /> },
          { title: 'vs. 7 days earlier', width: '18%', render: (r) => <Band value={r.changeSevenDays} /> },
          { title: 'Source', width: '14%', render: (r) => text(r.source) },
        ]}
      />
    );
  }
  return (
    <TableSection
      title={`Readings (${data.bpRows.length})`}
      rows={data.bpRows}
      empty="No blood pressure readings this month."
      columns={[
        { title: 'Date', width: '20%', render: (r) => text(r.date) },
        { title: 'Time (Pacific)', width: '20%', render: (r) => text(r.time) },
        { title: 'BP (mmHg)', width: '22%', render: (r) => <Band value={r.bp} /> },
        { title: 'HR (bpm)', width: '18%', render: (r) => <Band value={r.heartRate} /> },
        { title: 'Source', width: '20%', render: (r) => text(r.source) },
      ]}
    />
  );
}

function Details({ details }: { details: ReportDetails }) {
  return (
    <>
      <Section title="Summary">
        <View style={styles.summaryRow}>
          {details.summary.map((group) => (
            <View key={group.title} style={[styles.summaryGroup, { flexGrow: group.weight }]}>
              <Text style={styles.summaryTitle}>{group.title}</Text>
              <View style={styles.summaryFigures}>
                {group.figures.map((f) => (
                  <View key={f.label} style={styles.figure}>
                    <Text style={styles.figureLabel}>{f.label}</Text>
                    <Band value={f.value} />
                  </View>
                ))}
              </View>
            </View>
          ))}
        </View>
      </Section>
      <Section title={details.chart.kind === 'bp' ? 'Blood Pressure and Heart Rate' : 'Weight'}>
        <ReportChartSvg chart={details.chart} />
      </Section>
      <TableSection
        title={`Alerts (${details.alerts.length})`}
        rows={details.alerts}
        empty="No alerts this month."
        columns={[
          { title: 'Date', width: '22%', render: (a) => <Text>{a.date}</Text> },
          { title: 'Category', width: '16%', render: (a) => <Text>{a.category}</Text> },
          { title: 'Alert', width: '48%', render: (a) => <Text>{a.description}</Text> },
          { title: 'Status', width: '14%', render: (a) => <Text>{a.status}</Text> },
        ]}
      />
      <Section title="Monthly Note">
        {details.monthlyNote ? (
          <View style={styles.note}>
            {details.monthlyNote.content.split('\n').map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the note's lines, in order.
              <Text key={i} style={styles.noteText}>
                {line || ' '}
              </Text>
            ))}
            <Text style={styles.noteCaption}>{details.monthlyNote.caption}</Text>
          </View>
        ) : (
          <Text style={styles.empty}>No approved monthly note for this month.</Text>
        )}
      </Section>
    </>
  );
}

function RunningHeader({ clinic, right }: { clinic: string; right: string }) {
  return (
    <View style={styles.header} fixed>
      <Text style={styles.headerClinic}>{clinic}</Text>
      <Text>{right}</Text>
    </View>
  );
}

/**
 * One patient's report: its pages are one react-pdf Page, so the page numbers count within the report
 * (a batch prints many reports in one document).
 */
export function PatientReportPage({ data }: { data: PatientReportData }) {
  return (
    <Page size="LETTER" style={styles.page} wrap>
      <RunningHeader
        clinic={data.clinic.name}
        right={`${data.title} · ${data.patient.name} · ${data.monthLabel}`}
      />
      {/* Fixed elements go first: react-pdf lays out the running ones before the flowing content. */}
      <View style={styles.footer} fixed>
        <Text>{`Generated ${data.generatedOn} · Confidential: protected health information`}</Text>
        <Text
          render={({ subPageNumber, subPageTotalPages }) => `Page ${subPageNumber} of ${subPageTotalPages}`}
        />
      </View>
      <Text style={styles.title}>{data.title}</Text>
      <Text style={styles.subtitle}>{data.monthLabel}</Text>
      <View style={styles.infoBox} wrap={false}>
        <Info label="Patient" value={data.patient.name} />
        <Info label="Date of birth" value={data.patient.dateOfBirth} />
        <Info label="MR number" value={data.patient.mr} />
        <Info label="Diagnosis" value={data.patient.diagnosis} />
        <Info label="Physician" value={data.patient.physician} />
        <Info label="Clinic" value={data.clinic.name} />
      </View>
      {data.details && <Details details={data.details} />}
      <ReadingsTable data={data} />
    </Page>
  );
}

/** The document of many reports, each starting on a new page; none prints one page that says so. */
export function PatientReportsDocument({
  reports,
  title,
  emptyText,
}: {
  reports: readonly PatientReportData[];
  title: string;
  emptyText: string;
}) {
  return (
    <Document title={title} author="Vigil" creator="Vigil" producer="Vigil">
      {reports.length ? (
        reports.map((data, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a patient may appear once per report; order is fixed.
          <PatientReportPage key={i} data={data} />
        ))
      ) : (
        <Page size="LETTER" style={styles.page}>
          <Text style={styles.emptyPage}>{emptyText}</Text>
        </Page>
      )}
    </Document>
  );
}
