import { PatientReportQuery } from '@vigil/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PatientReportService } from './patient-report.service.js';

/** A header parameter's UTF-8 value (RFC 5987): encodeURIComponent leaves ' ( ) * ! as they are. */
const rfc5987 = (value: string) =>
  encodeURIComponent(value).replace(/['()*!]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

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
          .header(
            'Content-Disposition',
            `inline; filename="${fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${rfc5987(fileName)}`,
          )
          .send(pdf);
      },
    );
}
