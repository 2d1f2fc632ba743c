import { performance } from 'node:perf_hooks';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.js';
import type { PatientReportData } from './patient-report-data.js';
import { createPdfRenderThread } from './pdf-render-thread.js';

/** An Old Version Blood Pressure report of `rows` readings, for the patient named `name`. */
function report(name: string, rows: number): PatientReportData {
  return {
    request: { patientId: crypto.randomUUID(), type: 'data', version: 'old', month: 10, year: 2026 },
    title: 'Blood Pressure Report',
    monthLabel: 'October 2026',
    generatedOn: '11/02/2026',
    clinic: { id: crypto.randomUUID(), name: 'North Clinic', address: '1 Main St' },
    patient: { name, dateOfBirth: '01/02/1950', mr: 'MR-1', diagnosis: 'I10', physician: 'Dr. Ada Chen' },
    bpRows: Array.from({ length: rows }, (_, n) => ({
      date: '10/05/2026',
      time: `08:${String(n % 60).padStart(2, '0')} AM`,
      bp: { text: `${120 + (n % 40)}/80`, color: 'green' as const },
      heartRate: { text: '72', color: null },
      source: 'Device',
    })),
    weightRows: [],
    details: null,
  };
}

const request = (reports: PatientReportData[]) => ({
  reports,
  title: 'Monitoring Report',
  emptyText: 'No patients',
});

describe('the PDF render thread', { timeout: 60_000 }, () => {
  const thread = createPdfRenderThread();
  afterAll(() => thread.close());

  it('renders the reports it is given, each answered by its own request', async () => {
    const [rosa, omar] = await Promise.all([
      thread.render(request([report('Rosa Diaz', 3)])),
      thread.render(request([report('Omar Haddad', 3)])),
    ]);
    expect(await pdfText(rosa!)).toContain('Rosa Diaz');
    expect(await pdfText(rosa!)).not.toContain('Omar Haddad');
    expect(await pdfText(omar!)).toContain('Omar Haddad');
  });

  it('keeps the calling thread free while a batch is laid out', async () => {
    const batch = request(Array.from({ length: 6 }, (_, n) => report(`Patient ${n}`, 60)));
    const before = performance.eventLoopUtilization();
    const pdf = await thread.render(batch);
    // The share of the render's time this thread spent running code rather than waiting: near 1 if the
    // layout ran here.
    const busy = performance.eventLoopUtilization(before).utilization;
    expect(await pdfText(pdf)).toContain('Patient 5');
    expect(busy).toBeLessThan(0.5);
  });

  it('answers a render that fails with its error, and renders the next', async () => {
    const broken = { ...report('Rosa Diaz', 1), patient: undefined } as unknown as PatientReportData;
    await expect(thread.render(request([broken]))).rejects.toThrow(/The PDF could not be rendered/);
    expect(await pdfText(await thread.render(request([report('Omar Haddad', 1)])))).toContain('Omar Haddad');
  });

  it('fails the renders pending when the thread stops, and starts a new thread for the next', async () => {
    const pending = thread.render(request([report('Rosa Diaz', 50)]));
    await thread.close();
    await expect(pending).rejects.toThrow(/render thread stopped/);
    expect(await pdfText(await thread.render(request([report('Omar Haddad', 1)])))).toContain('Omar Haddad');
  });

  it('refuses data that cannot be copied to the thread, and renders the next', async () => {
    const uncopyable = { ...report('Rosa Diaz', 1), title: () => 'x' } as unknown as PatientReportData;
    await expect(thread.render(request([uncopyable]))).rejects.toThrow(/could not be cloned/);
    expect(await pdfText(await thread.render(request([report('Omar Haddad', 1)])))).toContain('Omar Haddad');
  });
});
