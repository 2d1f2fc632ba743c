import { BillingReportQuery, GenerateReportRequest } from '@vigil/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../lib/content-disposition.js';
import type { BillingReportService } from './billing-report.service.js';
import type { ReportBatchesService } from './report-batches.service.js';
import type { ReportsService } from './reports.service.js';

/**
 * The report calls' clinic and physician may be left out (decision 0013): a CLINIC user's clinic is then
 * theirs (an operator is asked for one), and no physician, or 'all', means every physician of the clinic.
 * The Reports section's forms always name both.
 */
const target = {
  clinic: z.string().trim().max(100).optional(),
  physician: z.string().trim().max(100).optional(),
};
const BillingQuery = BillingReportQuery.extend(target);
const GenerateBody = GenerateReportRequest.extend(target);
const ReportsQuery = z.object({ userId: z.string().max(100).optional() });
const BatchQuery = z.object({ reportId: z.string().max(100) });

/** A file answered for download or display, with its name (plain ASCII, and in full as UTF-8). */
function sendFile(
  reply: FastifyReply,
  file: { fileName: string; type: string; disposition: 'inline' | 'attachment'; body: string | Buffer },
) {
  return reply
    .type(file.type)
    .header('Cache-Control', 'private, no-store')
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Disposition', contentDisposition(file.disposition, file.fileName))
    .send(file.body);
}

/** The Reports section's calls (spec administration 7; decision 0013). */
export function reportsRoutes(
  app: FastifyInstance,
  services: { reports: ReportsService; billing: BillingReportService; batches: ReportBatchesService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reports'];

  api.get('/reports/first-reading-date', { schema: { tags } }, async (req) => ({
    data: await services.reports.firstReadingDate(req.user),
  }));

  api.get('/reports/billing', { schema: { tags, querystring: BillingQuery } }, async (req, reply) => {
    const file = await services.billing.billingReport(req.user, req.query, req.ip);
    return sendFile(reply, {
      fileName: file.fileName,
      type: 'text/csv; charset=utf-8',
      disposition: 'attachment',
      body: file.csv,
    });
  });

  api.post('/reports/generate-batch', { schema: { tags, body: GenerateBody } }, async (req) => ({
    data: await services.batches.generate(req.user, req.body, req.ip),
  }));

  api.get('/reports', { schema: { tags, querystring: ReportsQuery } }, async (req) => ({
    data: await services.batches.list(req.user, req.query.userId),
  }));

  api.get('/reports/batch', { schema: { tags, querystring: BatchQuery } }, async (req, reply) => {
    const file = await services.batches.file(req.user, req.query.reportId, req.ip);
    return sendFile(reply, {
      fileName: file.fileName,
      type: 'application/pdf',
      disposition: 'inline',
      body: file.bytes,
    });
  });
}
