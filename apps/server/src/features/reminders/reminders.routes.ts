import { defaultTimeZone, ManualRemindersBody, manualReminderTimes } from '@vigil/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RemindersService } from './reminders.service.js';

/**
 * The reminder test tools of spec administration 2 and 7, for any signed-in user, reaching the patients
 * that user sees. Registered only outside production (app.ts), so there both paths answer 404 and the web
 * app hides the tools.
 */
export function remindersRoutes(app: FastifyInstance, reminders: RemindersService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reminders'];

  // How the web app knows this is a test, stage or local host: the tools are here, with their choices.
  api.get('/manualCronJobs/smsReminders', { schema: { tags } }, async () => ({
    data: { times: manualReminderTimes, timeZone: defaultTimeZone },
  }));

  api.post('/manualCronJobs/smsReminders', { schema: { tags, body: ManualRemindersBody } }, async (req) => ({
    data: await reminders.runManual(req.user, req.body.time, req.ip),
  }));
}
