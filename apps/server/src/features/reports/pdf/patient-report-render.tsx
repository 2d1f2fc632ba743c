/** @jsxRuntime automatic */
/** @jsxImportSource react */
// tsx runs the server from the repository root, where no tsconfig sets the JSX transform: these say it.
import { Font, renderToBuffer } from '@react-pdf/renderer';
import type { PatientReportData } from './patient-report-data.js';
import { PatientReportsDocument } from './patient-report-document.js';

// Names and notes are printed whole: react-pdf would otherwise hyphenate words at a line's end.
Font.registerHyphenationCallback((word) => [word]);

export interface PdfRenderRequest {
  reports: readonly PatientReportData[];
  title: string;
  emptyText: string;
}

/**
 * Lays out and writes the PDF in the calling thread. react-pdf's layout is synchronous work that grows
 * with the readings printed (seconds for a batch), so the server calls this only from the render thread
 * (`pdf-render-thread.ts`), never from the thread that answers requests.
 */
export function renderReportsHere({ reports, title, emptyText }: PdfRenderRequest): Promise<Buffer> {
  return renderToBuffer(<PatientReportsDocument reports={reports} title={title} emptyText={emptyText} />);
}
