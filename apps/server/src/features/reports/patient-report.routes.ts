import { PatientReportQuery } from '@vigil/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { contentDisposition } from '../../lib/content-disposition.js';
import type { PatientReportService } from './patient-report.service.js';

/**
 * `GET /reports/patient` (spec patients 7; decision 0013): the PDF, shown inline; with `sendMail=true` the
 * same report emailed to the patient instead.
 */
export function patientReportRoutes(app: FastifyInstance, reports: PatientReportService) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/reports/patient',
      { schema: { tags: ['reports'], querystring: PatientReportQuery } },
      async (req, reply) => {
        if (req.query.sendMail) return { data: await reports.email(req.user, req.query, req.ip) };
        const { fileName, pdf } = await reports.generate(req.user, req.query, req.ip);
        return reply
          .type('application/pdf')
          .header('Cache-Control', 'private, no-store')
          .header('Content-Disposition', contentDisposition('inline', fileName))
          .send(pdf);
      },
    );
}
