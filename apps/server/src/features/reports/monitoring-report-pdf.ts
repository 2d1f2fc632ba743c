import type { Clock } from '../../clock.js';
import type { Db } from '../../db/client.js';
import { loadPatientReportData, renderPatientReportsPdf } from './pdf/patient-report-pdf.js';
import type { BatchPdfRenderer } from './report-batches.service.js';

/**
 * A monitoring batch report's PDF: the Blood Pressure report of each patient, in the order given, in one
 * document (decision 0013). A patient's data is read one at a time, so a claim lost midway (the job's
 * signal) stops the work between two patients.
 */
export function createMonitoringPdfRenderer(deps: { db: Db; clock: Clock }): BatchPdfRenderer {
  return async ({ patientIds, month, year, version, signal }) => {
    const reports = [];
    for (const patientId of patientIds) {
      signal?.throwIfAborted();
      const data = await loadPatientReportData(
        deps.db,
        { patientId, type: 'data', version, month, year },
        { now: deps.clock.now() },
      );
      // A patient removed since the report was asked for is left out.
      if (data) reports.push(data);
    }
    signal?.throwIfAborted();
    return renderPatientReportsPdf(reports, { title: 'Monitoring Report' });
  };
}
