import {
  type AppError,
  type DeviceSource,
  messages,
  PatientIdParams,
  unrecognisedReasons,
} from '@vigil/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { VendorConfig } from '../../config.js';
import { acceptFormBodies } from '../../integrations/vendors/form-body.js';
import type { WithingsNotificationQueue } from '../../jobs/withings-notification.job.js';
import { adaptBodyTrace } from './adapters/bodytrace.adapter.js';
import { adaptEDevice } from './adapters/edevice.adapter.js';
import { PartlyMalformedPayload, parsePayload } from './adapters/parse-payload.js';
import { adaptPylo } from './adapters/pylo.adapter.js';
import { adaptSmartMeter } from './adapters/smart-meter.adapter.js';
import { adaptTenovi } from './adapters/tenovi.adapter.js';
import type { IngestionService } from './ingestion.service.js';
import type { DeviceDelivery } from './ingestion.types.js';
import type { VendorPullService } from './vendor-pulls.service.js';
import { requireVendorSecret, webhookAuthorised } from './webhook-auth.js';

export interface IngestionRouteDeps {
  ingestion: IngestionService;
  pulls: VendorPullService;
  vendors: VendorConfig;
  /** The Withings notification queue once the jobs run; undefined while they are off (tests). */
  withingsQueue: () => WithingsNotificationQueue | undefined;
}

/**
 * A whole number as a form sends it, digits only: coerced, an empty `startdate` had become 0 and asked
 * Withings for every measure since 1970. Whatever is wrong with it, the field's message says so (a union
 * alone answers 'Invalid input').
 */
const formInteger = (message: string) =>
  z.union(
    [
      z.number().int(message).nonnegative(message),
      z
        .string()
        .trim()
        .regex(/^\d{1,12}$/, message)
        .transform(Number),
    ],
    { error: message },
  );

/**
 * Withings notifications that say a measure or a link went away: nothing to pull, so nothing of them is
 * checked (their dates may be missing), and they are answered 200, which Withings takes as delivered.
 */
const withingsRemovals = new Set(['delete', 'unlink']);
const isRemoval = (body: unknown) => {
  const action =
    typeof body === 'object' && body !== null ? (body as { action?: unknown }).action : undefined;
  return typeof action === 'string' && withingsRemovals.has(action);
};

const WithingsNotificationForm = z
  .object({
    userid: z.union([z.string(), z.number()]).transform((v) => String(v).trim()),
    // Optional: left empty, it is not given.
    appli: z
      .union([z.literal('').transform(() => undefined), formInteger('Expected a whole number')], {
        error: 'Expected a whole number',
      })
      .optional(),
    startdate: formInteger('Expected Unix seconds'),
    enddate: formInteger('Expected Unix seconds'),
    action: z.string().optional(),
  })
  .loose()
  .refine((n) => n.userid.length > 0, { message: messages.required, path: ['userid'] })
  .refine((n) => n.userid.length <= 64, { message: messages.tooLong(64), path: ['userid'] })
  .refine((n) => n.startdate <= n.enddate, { message: 'Must not be after enddate', path: ['startdate'] });

/** The vendor webhooks (decision 0009, vendors.md) and a patient's manual sync. */
export function ingestionRoutes(app: FastifyInstance, deps: IngestionRouteDeps) {
  const tags = ['webhooks'];
  const config = { public: true };
  const authorised = webhookAuthorised(deps.vendors);

  /**
   * Adapts, ingests, and answers after the commit: 200 with the counts, or 202 when set aside. A payload
   * with readings refused by the checks answers 422 with the first one's message, having stored the rest
   * (counted in the body when there were any): a vendor that sends it again stores nothing twice. A
   * gateway's array with malformed elements answers their 400 the same way, having stored what the others
   * made. A device all of whose readings are refused was still seen (decision 0009).
   */
  async function deliver(
    req: FastifyRequest,
    reply: FastifyReply,
    source: DeviceSource,
    adapt: (payload: unknown) => DeviceDelivery[],
  ) {
    let deliveries: DeviceDelivery[];
    let malformed: AppError | null = null;
    try {
      deliveries = adapt(req.body);
    } catch (error) {
      if (!(error instanceof PartlyMalformedPayload)) throw error;
      deliveries = error.readable;
      malformed = error;
    }
    const outcome = await deps.ingestion.ingest(deliveries);
    // Counts and reasons only: no identifier, value or patient reaches the log.
    req.log.info(
      { source, stored: outcome.stored, duplicates: outcome.duplicates, setAside: outcome.unrecognised },
      'webhook delivery',
    );
    if (outcome.refused.length > 0) {
      req.log.warn(
        {
          source,
          refused: outcome.refused.length,
          fields: outcome.refused.flatMap((e) => Object.keys(e.fields ?? {})),
        },
        'webhook reading refused',
      );
    }
    const problem = malformed ?? outcome.refused[0];
    if (problem) {
      const counted = outcome.stored + outcome.duplicates > 0;
      return reply.status(problem.status).send({
        message: problem.message,
        code: problem.code,
        fields: problem.fields,
        ...(counted && { stored: outcome.stored, duplicates: outcome.duplicates }),
      });
    }
    if (!outcome.accepted) {
      const reason = outcome.unrecognised[0]!;
      return reply.status(202).send({ message: unrecognisedReasons[reason], reason });
    }
    return reply.status(200).send({ stored: outcome.stored, duplicates: outcome.duplicates });
  }

  const webhooks = [
    ['bodytrace', 'BODYTRACE', authorised.bodytrace, adaptBodyTrace],
    ['tenovi', 'TENOVI', authorised.tenovi, adaptTenovi],
    ['smart-meter', 'SMART_METER', authorised.smartMeter, adaptSmartMeter],
    ['pylo', 'PYLO', authorised.pylo, adaptPylo],
    ['edevice', 'EDEVICE', authorised.edevice, adaptEDevice],
  ] as const;
  for (const [path, source, check, adapt] of webhooks) {
    app.post(
      `/webhooks/${path}`,
      { config, onRequest: requireVendorSecret(check), schema: { tags } },
      (req, reply) => deliver(req, reply, source, adapt),
    );
  }

  // Withings speaks forms, so its route sits in a scope of its own with a form parser.
  app.register(async (scope) => {
    acceptFormBodies(scope);
    // Withings checks the callback URL with a HEAD before it sends anything.
    scope.head('/webhooks/withings', { config, schema: { tags } }, (_req, reply) => reply.status(200).send());
    const perAddress = { max: deps.vendors.withings.notificationsPerMinute, timeWindow: '1 minute' };
    scope.post(
      '/webhooks/withings',
      { config: { ...config, rateLimit: perAddress }, schema: { tags } },
      async (req, reply) => {
        if (isRemoval(req.body)) return reply.status(200).send({ queued: false });
        const n = parsePayload('Withings notification', WithingsNotificationForm, req.body);
        // Withings counts any status below 400 as delivered, and retries otherwise: an unknown user is
        // counted in the unrecognised log and still answered 200, so it is not sent again for hours.
        if (!(await deps.pulls.recogniseWithingsUser(n.userid, req.body))) {
          req.log.info({ source: 'WITHINGS', setAside: ['unknownWithingsUser'] }, 'webhook delivery');
          return reply.status(200).send({ queued: false });
        }
        const queue = deps.withingsQueue();
        if (!queue) {
          req.log.warn({ source: 'WITHINGS' }, 'jobs are off: the notification is not pulled');
          return reply.status(200).send({ queued: false });
        }
        await queue({ userid: n.userid, appli: n.appli ?? null, startdate: n.startdate, enddate: n.enddate });
        return reply.status(200).send({ queued: true });
      },
    );
  });

  app
    .withTypeProvider<ZodTypeProvider>()
    // A vendor that cannot be reached is answered 502 and logged, with what went wrong, by the error handler.
    .get('/pacients/:id/sync', { schema: { tags: ['devices'], params: PatientIdParams } }, async (req) =>
      deps.pulls.syncPatient(req.user, req.params.id, req.ip),
    );
}
