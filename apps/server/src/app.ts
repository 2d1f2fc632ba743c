import { randomBytes } from 'node:crypto';
import path from 'node:path';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { avatarMaxBytes, type ErrorBody } from '@vigil/core';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { PgBoss } from 'pg-boss';
import { type Clock, systemClock } from './clock.js';
import type { Config } from './config.js';
import { type Database, openDatabase } from './db/client.js';
import { seedDemo } from './db/seed/demo.js';
import { alertsRoutes } from './features/alerts/alerts.routes.js';
import { createAlertsService } from './features/alerts/alerts.service.js';
import { createAuditService } from './features/audit/audit.service.js';
import { startAuditSealer } from './features/audit/audit-seal.js';
import { auditTrailRoutes } from './features/audit/audit-trail.routes.js';
import { createAuditTrailService } from './features/audit/audit-trail.service.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { createAuthService } from './features/auth/auth.service.js';
import { callsRoutes } from './features/calls/calls.routes.js';
import { createCallsService } from './features/calls/calls.service.js';
import { clinicsRoutes } from './features/clinics/clinics.routes.js';
import { createClinicsService } from './features/clinics/clinics.service.js';
import { devicesRoutes } from './features/devices/devices.routes.js';
import { createDevicesService } from './features/devices/devices.service.js';
import { formAdminRoutes } from './features/forms/form-admin.routes.js';
import { createFormAdminService } from './features/forms/form-admin.service.js';
import { formLinksRoutes } from './features/forms/form-links.routes.js';
import { createFormLinksService } from './features/forms/form-links.service.js';
import { formWebhookRoutes } from './features/forms/form-webhook.routes.js';
import { createFormWebhookService } from './features/forms/form-webhook.service.js';
import { formsRoutes } from './features/forms/forms.routes.js';
import { createFormsService } from './features/forms/forms.service.js';
import { healthRoutes } from './features/health/health.routes.js';
import { ingestionRoutes } from './features/ingestion/ingestion.routes.js';
import { createIngestionService } from './features/ingestion/ingestion.service.js';
import { createVendorPullService } from './features/ingestion/vendor-pulls.service.js';
import { activateWithingsDevice, storedTokensOpen } from './features/ingestion/withings-devices.service.js';
import { createMediaLinks } from './features/messages/media-links.js';
import { createMessageSender, type MessageSender } from './features/messages/message-sender.js';
import { messagesRoutes } from './features/messages/messages.routes.js';
import { createMessagesService } from './features/messages/messages.service.js';
import { twilioWebhooksRoutes } from './features/messages/twilio-webhooks.routes.js';
import { createTwilioWebhooksService } from './features/messages/twilio-webhooks.service.js';
import { monthlyNotesRoutes } from './features/monthly-notes/monthly-notes.routes.js';
import { createMonthlyNotesService } from './features/monthly-notes/monthly-notes.service.js';
import { notesRoutes } from './features/notes/notes.routes.js';
import { createNotesService } from './features/notes/notes.service.js';
import { devOutboxRoutes } from './features/outbox/outbox.routes.js';
import { createOutboxService, type DeliveryScheduler } from './features/outbox/outbox.service.js';
import { patientsRoutes } from './features/patients/patients.routes.js';
import { createPatientsService } from './features/patients/patients.service.js';
import { createPatientReadingsService } from './features/readings/patient-readings.service.js';
import { readingsRoutes } from './features/readings/readings.routes.js';
import { createReadingsService, type ReadingsService } from './features/readings/readings.service.js';
import { remindersRoutes } from './features/reminders/reminders.routes.js';
import { createRemindersService } from './features/reminders/reminders.service.js';
import { createBillingReportService } from './features/reports/billing-report.service.js';
import { createMonitoringPdfRenderer } from './features/reports/monitoring-report-pdf.js';
import { patientReportRoutes } from './features/reports/patient-report.routes.js';
import { createPatientReportService } from './features/reports/patient-report.service.js';
import {
  createReportBatchesService,
  type ReportEnqueuer,
} from './features/reports/report-batches.service.js';
import { reportsRoutes } from './features/reports/reports.routes.js';
import { createReportsService } from './features/reports/reports.service.js';
import { uploadsRoutes } from './features/uploads/uploads.routes.js';
import { createUsersRepository } from './features/users/users.repository.js';
import { usersRoutes } from './features/users/users.routes.js';
import { createUsersService } from './features/users/users.service.js';
import { createLocalEmailProvider } from './integrations/email/local-email.provider.js';
import { createSmtpEmailProvider } from './integrations/email/smtp-email.provider.js';
import { createUnconfiguredEmailProvider } from './integrations/email/unconfigured-email.provider.js';
import { createLocalSmsProvider } from './integrations/sms/local-sms.provider.js';
import { createTwilioSmsProvider } from './integrations/sms/twilio-sms.provider.js';
import { createUnconfiguredSmsProvider } from './integrations/sms/unconfigured-sms.provider.js';
import { createLocalDiskStorage } from './integrations/storage/local-disk.storage.js';
import { demoWithingsTokens, fakeVendors } from './integrations/vendors/fake-vendors.js';
import { tokenKeyMismatch } from './integrations/vendors/token-cipher.js';
import { createBoss } from './jobs/boss.js';
import { startBuildReports } from './jobs/build-report.job.js';
import { startDeliverOutbox } from './jobs/deliver-outbox.job.js';
import { startMonthlyReportEmail } from './jobs/monthly-report-email.job.js';
import { startPurgeAuth } from './jobs/purge-auth.job.js';
import { startRefreshMetrics } from './jobs/refresh-metrics.job.js';
import { startSendReminders } from './jobs/send-reminders.job.js';
import { startSnoozeExpiry } from './jobs/snooze-expiry.job.js';
import {
  startWithingsNotifications,
  type WithingsNotificationQueue,
} from './jobs/withings-notification.job.js';
import { loggableError } from './lib/loggable-error.js';
import { registerAuth } from './plugins/auth.js';
import { registerDocs } from './plugins/docs.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { refuseMultipartElsewhere } from './plugins/multipart-routes.js';
import { createSecurityHeaders, registerSecurityHeaders } from './plugins/security.js';
import { rejectUnstorableText } from './plugins/storable-text.js';
import { registerWeb } from './plugins/web.js';

export interface BuildOptions {
  clock?: Clock;
  /** An already open database (tests share one per file); otherwise opened from the config. */
  database?: Database;
}

/** A route as registered: one method of one URL pattern ('/api/pacients/:id'). */
export interface RegisteredRoute {
  method: string;
  url: string;
}

export interface Vigil {
  config: Config;
  database: Database;
  clock: Clock;
  seeded: boolean;
  /** The one way readings are stored (webhooks, manual entry, tests). */
  readings: ReadingsService;
  /** The one way a text reaches a patient (staff, welcome, reminders, HELP); decision 0011. */
  messageSender: MessageSender;
  /**
   * Every route, as Fastify registered it: the audit coverage test reads it to call each patient-data route
   * and to fail on a route nobody classified (decision 0012).
   */
  routes: readonly RegisteredRoute[];
}

declare module 'fastify' {
  interface FastifyInstance {
    vigil: Vigil;
  }
}

/** The whole server: used by main.ts and by every API test. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const clock = options.clock ?? systemClock;
  const securityHeaders = createSecurityHeaders(config.formHosts);
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            // Request logs carry method, route and status only: no bodies, headers or query strings,
            // so no patient data, passwords or tokens reach the log.
            serializers: {
              req: (req) => ({ method: req.method, url: req.routeOptions?.url ?? 'unmatched' }),
              res: (res) => ({ statusCode: res.statusCode }),
              // Errors without a query's values or the database's message and detail (DESIGN 5).
              err: loggableError,
            },
          },
    bodyLimit: 1_048_576,
    trustProxy: config.trustProxy,
    // A URL the router cannot read (broken percent-encoding, a parameter too long) never reaches a route or
    // its hooks: answered here as every client error is, with the security headers, not echoing the URL.
    frameworkErrors: (error, req, reply: FastifyReply) =>
      securityHeaders(req.raw, reply.raw, () => {
        const body: ErrorBody = { message: 'Invalid request', code: error.code };
        // 414 for a parameter too long, else 400: the client's mistake either way.
        const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
        reply.code(status).header('cache-control', 'no-store').send(body);
      }),
  });
  // The API speaks JSON (and multipart for uploads); a text body is a client mistake, answered 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  rejectUnstorableText(app);
  refuseMultipartElsewhere(app);
  // Before any route, so every plugin's routes (registered later, inheriting the hook) are seen.
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });

  const database = options.database ?? (await openDatabase(config));
  await database.migrate();
  const seeded = config.seedDemo
    ? await seedDemo(database.db, clock, { withingsTokens: demoWithingsTokens(config) })
    : false;
  const audit = createAuditService({ clock });
  const readings = createReadingsService({ db: database.db, clock, audit });

  const production = config.env === 'production';
  const sms = config.twilio
    ? createTwilioSmsProvider({ ...config.twilio, inboundUrl: `${config.publicUrl}/api/webhooks/twilio/sms` })
    : production
      ? createUnconfiguredSmsProvider()
      : createLocalSmsProvider();
  const email = config.smtpUrl
    ? createSmtpEmailProvider(config.smtpUrl, config.emailFrom)
    : production
      ? createUnconfiguredEmailProvider()
      : createLocalEmailProvider();
  if (production && (!config.twilio || !config.smtpUrl)) {
    app.log.warn('SMS or email is not configured: such messages will fail (see TWILIO_* and SMTP_URL)');
  }
  if (!(await storedTokensOpen(config.vendors, database.db))) {
    app.log.warn(`${tokenKeyMismatch}: Withings readings cannot be pulled until it is`);
  }
  if (!(await createUsersRepository(database.db).any())) {
    app.log.warn(
      'No accounts yet: create the first administrator with npm run admin:create (README, "Running in production")',
    );
  }

  let boss: PgBoss | undefined;
  let scheduleDelivery: DeliveryScheduler | undefined;
  const outbox = createOutboxService({ db: database.db, clock, schedule: () => scheduleDelivery });
  const messageSender = createMessageSender({ db: database.db, clock, audit, outbox });
  app.decorate('vigil', { config, database, clock, seeded, readings, messageSender, routes });
  // Signed, expiring links to an MMS's media for Twilio; keyed with the Twilio token (or a local key).
  const mediaLinks = createMediaLinks({
    publicUrl: config.publicUrl,
    // In production without Twilio nothing is sent, so a per-process key serves no link anyone fetches.
    key: config.twilioWebhookToken ?? randomBytes(32).toString('hex'),
  });
  const auth = createAuthService({ db: database.db, clock, audit, outbox, publicUrl: config.publicUrl });
  const storage = createLocalDiskStorage(path.join(config.dataDir, 'uploads'));
  const users = createUsersService({ db: database.db, clock, audit, auth, storage });
  const clinics = createClinicsService({
    db: database.db,
    clock,
    audit,
    auth,
    sms,
    onNumberNotReleased: (phoneNumber, error) =>
      app.log.error(
        { err: error, phoneNumber },
        'a texting number bought for a clinic that was not saved could not be released: release it at the provider',
      ),
  });
  const reminders = createRemindersService({
    db: database.db,
    clock,
    sender: messageSender,
    onWelcomeFailed: (error) =>
      app.log.error({ err: error }, 'welcome text failed after the patient was saved'),
  });
  const patients = createPatientsService({
    db: database.db,
    clock,
    audit,
    welcome: reminders.welcomeAfterSave,
  });
  const notes = createNotesService({ db: database.db, clock, audit });
  const monthlyNotes = createMonthlyNotesService({ db: database.db, clock, audit });
  const auditTrail = createAuditTrailService({ db: database.db, audit });
  const patientReadings = createPatientReadingsService({ db: database.db, clock, audit, readings });
  const ingestion = createIngestionService({ db: database.db, clock, readings });
  const vendors = config.vendors;
  const pulls = createVendorPullService({
    db: database.db,
    clock,
    audit,
    ingestion,
    withings: { vendors, clock },
    smartMeter: vendors.smartMeter,
    log: app.log,
  });
  let withingsQueue: WithingsNotificationQueue | undefined;
  let enqueueReport: ReportEnqueuer | undefined;
  const reportBatches = createReportBatchesService({
    db: database.db,
    clock,
    audit,
    storage,
    render: createMonitoringPdfRenderer({ db: database.db, clock }),
    enqueue: () => enqueueReport,
  });
  // Pairing a Withings device activates it with Withings, before the pairing's transaction (decision 0009).
  const devices = createDevicesService({
    db: database.db,
    clock,
    audit,
    activateWithings: async (device) => (await activateWithingsDevice({ vendors, clock }, device)).store,
  });

  if (config.jobs) {
    boss = createBoss(database, config.databaseUrl);
    boss.on('error', (error) => app.log.error({ err: error }, 'job queue error'));
    await boss.start();
    scheduleDelivery = await startDeliverOutbox(
      boss,
      {
        db: database.db,
        clock,
        sms,
        email,
        patientTexts: { mediaLinks, statusCallbackUrl: `${config.publicUrl}/api/webhooks/twilio/status` },
        storage,
        forgetSentBodies: config.env === 'production',
      },
      app.log,
    );
    await startPurgeAuth(boss, { db: database.db, clock });
    await startRefreshMetrics(boss, { db: database.db, clock });
    await startSnoozeExpiry(boss, { db: database.db, clock });
    await startSendReminders(boss, { reminders });
    await startMonthlyReportEmail(boss, { db: database.db, clock, outbox, storage });
    withingsQueue = await startWithingsNotifications(boss, { pulls, log: app.log });
    enqueueReport = await startBuildReports(boss, { clock, reports: reportBatches, log: app.log });
  }

  registerSecurityHeaders(app, securityHeaders);
  await app.register(rateLimit, { global: false });
  await app.register(multipart, {
    limits: { fileSize: avatarMaxBytes, files: 1, fields: 5 },
    throwFileSizeLimit: true,
  });
  await registerDocs(app);

  await app.register(
    async (api) => {
      registerAuth(api, auth);
      healthRoutes(api, database.ping);
      authRoutes(api, auth, { perMinute: config.authRateLimitPerMinute });
      usersRoutes(api, users);
      clinicsRoutes(api, clinics);
      patientsRoutes(api, patients);
      devicesRoutes(api, devices);
      notesRoutes(api, notes);
      monthlyNotesRoutes(api, monthlyNotes);
      auditTrailRoutes(api, auditTrail);
      readingsRoutes(api, patientReadings, clock);
      alertsRoutes(api, createAlertsService({ db: database.db, clock, audit }), () => clock.now());
      callsRoutes(api, createCallsService({ db: database.db, clock, audit }));
      const patientReports = createPatientReportService({ db: database.db, clock, audit, outbox, storage });
      patientReportRoutes(api, patientReports);
      uploadsRoutes(api, storage);
      reportsRoutes(api, {
        reports: createReportsService({ db: database.db }),
        billing: createBillingReportService({ db: database.db, clock, audit }),
        batches: reportBatches,
      });
      const texting = { db: database.db, clock, audit, storage, sender: messageSender };
      messagesRoutes(api, createMessagesService(texting));
      twilioWebhooksRoutes(api, {
        service: createTwilioWebhooksService({
          ...texting,
          mediaLinks,
          twilioAccount: config.twilio,
          log: app.log,
        }),
        authToken: config.twilioWebhookToken,
        publicUrl: config.publicUrl,
      });
      const forming = { db: database.db, clock, audit };
      formsRoutes(api, createFormsService({ ...texting, publicUrl: config.publicUrl }));
      formLinksRoutes(api, createFormLinksService({ ...forming, storage }), {
        perMinute: config.authRateLimitPerMinute,
      });
      formWebhookRoutes(api, createFormWebhookService(forming));
      formAdminRoutes(api, createFormAdminService(forming));
      if (config.env !== 'production') devOutboxRoutes(api, outbox);
      if (config.env !== 'production') remindersRoutes(api, reminders);
      ingestionRoutes(api, { ingestion, pulls, vendors, withingsQueue: () => withingsQueue });
      const fakes = { prefix: '/dev/vendors', withings: vendors.withings, smartMeter: vendors.smartMeter };
      if (config.env !== 'production') api.register(fakeVendors, fakes);
    },
    { prefix: '/api' },
  );

  await registerWeb(app, config.webDist);

  const sealer =
    config.auditSealIntervalMs === null
      ? null
      : startAuditSealer({
          database,
          intervalMs: config.auditSealIntervalMs,
          onError: (error) => app.log.error({ err: error }, 'audit seal failed'),
        });
  app.addHook('onClose', async () => {
    // Jobs stop first (finishing the one in hand), then the sealer seals what they and the requests wrote,
    // then the database closes.
    await boss?.stop({ graceful: true, timeout: 10_000 });
    await sealer?.stop();
    if (!options.database) await database.close();
  });
  return app;
}
