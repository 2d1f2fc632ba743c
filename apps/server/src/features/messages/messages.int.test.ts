import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { helpReply, maxMessageLength, textMessageTexts } from '@vigil/core';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alerts,
  auditEvents,
  clinics,
  messages,
  messageUploads,
  patientMetrics,
  patients,
  smsOptOuts,
  unmatchedMessages,
} from '../../db/schema/index.js';
import type { SmsProvider } from '../../integrations/sms/sms-provider.js';
import { deliverOutboxMessage } from '../../jobs/deliver-outbox.job.js';
import {
  type InboundSms,
  inboundSmsParams,
  signedTwilioRequest,
  statusCallbackParams,
  twilioWebhookPaths,
} from '../../simulator/twilio-wire.js';
import { anyValue, idArbitrary, type MalformedCall } from '../../test/malformed-calls.js';
import { multipartFile, tinyPng } from '../../test/multipart.js';
import { whileSlowing } from '../../test/refuse-writes.js';
import { onPostgres } from '../../test/test-app.js';
import { createOutboxRepository } from '../outbox/outbox.repository.js';
import {
  addPatient,
  everyUser,
  expectClientAnswers,
  fixtureIds,
  patientBody,
  worldWithPatientInEachClinic,
} from '../patients/patient-fixtures.js';
import { createMediaLinks } from './media-links.js';

const clinicNumber = '+15035550101';
const patientNumber = '+15551234567';
const publicUrl = 'http://localhost:3000';

let mediaServer: Server;
let mediaBase = '';
const world = worldWithPatientInEachClinic(async (w) => {
  const { db } = w.t.app.vigil.database;
  await db.update(clinics).set({ twilioNumber: clinicNumber }).where(eq(clinics.id, fixtureIds.north));
});
beforeAll(async () => {
  // Twilio's media host, faked: /a.png answers a PNG, /b.txt some text.
  mediaServer = createServer((req, res) => {
    if (req.url === '/a.png') res.writeHead(200, { 'content-type': 'image/png' }).end(tinyPng);
    else if (req.url === '/b.txt')
      res.writeHead(200, { 'content-type': 'text/plain' }).end('pill bottle label');
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => mediaServer.listen(0, '127.0.0.1', r));
  mediaBase = `http://127.0.0.1:${(mediaServer.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => mediaServer.close(() => r())));

const db = () => world.t.app.vigil.database.db;

function postSigned(path: string, params: Record<string, string>, token?: string) {
  const { headers, body } = signedTwilioRequest(`${publicUrl}${path}`, params, token);
  return world.t.app.inject({ method: 'POST', url: path, headers, payload: body });
}
const inbound = (sms: Partial<InboundSms> = {}) =>
  postSigned(twilioWebhookPaths.sms, inboundSmsParams({ from: patientNumber, to: clinicNumber, ...sms }));

const patientMessages = () => db().select().from(messages).where(eq(messages.patientId, world.northPatient));
const score = async () =>
  (await db().select().from(patientMetrics).where(eq(patientMetrics.patientId, world.northPatient)))[0]!
    .priorityScore;
const openSmsAlerts = async () =>
  (await db().select().from(alerts).where(eq(alerts.patientId, world.northPatient))).filter(
    (a) => a.type === 'SMSUnseen' && !a.dismissedAt,
  );

describe('POST /api/webhooks/twilio/sms', () => {
  it('stores a signed text once on replay, answers empty TwiML, and opens SMSUnseen moving the priority list', async () => {
    const before = await score();
    const params = inboundSmsParams({ from: patientNumber, to: clinicNumber, body: 'My BP is high' });
    const first = await postSigned(twilioWebhookPaths.sms, params);
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^text\/xml/);
    expect(first.body).toContain('<Response/>');
    expect((await postSigned(twilioWebhookPaths.sms, params)).statusCode).toBe(200);
    const stored = (await patientMessages()).filter((m) => m.providerSid === params.MessageSid);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      direction: 'inbound',
      kind: 'patient',
      status: 'received',
      body: 'My BP is high',
    });
    expect(await openSmsAlerts()).toHaveLength(1);
    const opened = await score();
    expect(opened).toBeLessThan(before);

    // A second text moves the same alert; then marking it addressed dismisses it and the list moves back.
    world.t.clock.advance(60_000);
    await inbound({ body: 'Still high' });
    expect(await openSmsAlerts()).toHaveLength(1);
    const view = await world.as('northStaff').get(`/api/sms/${world.northPatient}`);
    expect(view.statusCode).toBe(200);
    expect(view.headers['cache-control']).toBe('no-store');
    const last = view.json().data.sms.at(-1);
    expect(last).toMatchObject({ type: 'SENT', text: 'Still high', fromUser: null });
    const earlier = new Date(Date.parse(last.date) - 30_000).toISOString();
    const partial = await world.as('northStaff').post(`/api/sms/set-last-addressed/${world.northPatient}`, {
      addressed: true,
      date: earlier,
    });
    expect(partial.statusCode).toBe(200);
    expect(await openSmsAlerts()).toHaveLength(1);
    const date = new Date(Date.parse(last.date) + 10_000).toISOString();
    const res = await world
      .as('northStaff')
      .post(`/api/sms/set-last-addressed/${world.northPatient}`, { addressed: true, date });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ lastAddressed: date });
    expect(await openSmsAlerts()).toHaveLength(0);
    expect(await score()).toBe(before);
    const audit = await db().select().from(auditEvents).where(eq(auditEvents.action, 'message.addressed'));
    expect((audit.at(-1)!.details as { message: string }).message).toMatch(/^Marked texts addressed up to /);
  });

  it('takes an addressed mark at most 10 seconds ahead: a text that comes later is not taken as read', async () => {
    const now = world.t.clock.now().getTime();
    const res = await world.as('northStaff').post(`/api/sms/set-last-addressed/${world.northPatient}`, {
      addressed: true,
      date: '2099-01-01T00:00:00Z',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ lastAddressed: new Date(now + 10_000).toISOString() });
    world.t.clock.advance(60_000);
    await inbound({ body: 'Are you there?' });
    expect(await openSmsAlerts()).toHaveLength(1);
    const view = (await world.as('northStaff').get(`/api/sms/${world.northPatient}`)).json().data;
    expect(Date.parse(view.sms.at(-1).date)).toBeGreaterThan(Date.parse(view.lastAddressed));
  });

  it('refuses a missing or wrong signature with 403 and stores nothing', async () => {
    const params = inboundSmsParams({ from: patientNumber, to: clinicNumber, body: 'forged' });
    const count = (await patientMessages()).length;
    const wrong = await postSigned(twilioWebhookPaths.sms, params, 'not-the-token');
    expect(wrong.statusCode).toBe(403);
    expect(typeof wrong.json().message).toBe('string');
    const { body } = signedTwilioRequest(`${publicUrl}${twilioWebhookPaths.sms}`, params);
    const unsigned = await world.t.app.inject({
      method: 'POST',
      url: twilioWebhookPaths.sms,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: body,
    });
    expect(unsigned.statusCode).toBe(403);
    // Signed for other parameters than those posted.
    const signed = signedTwilioRequest(`${publicUrl}${twilioWebhookPaths.sms}`, params);
    const tampered = await world.t.app.inject({
      method: 'POST',
      url: twilioWebhookPaths.sms,
      headers: signed.headers,
      payload: signed.body.replace('forged', 'tampered'),
    });
    expect(tampered.statusCode).toBe(403);
    expect(await patientMessages()).toHaveLength(count);
    expect(
      await db()
        .select()
        .from(unmatchedMessages)
        .where(eq(unmatchedMessages.providerSid, params.MessageSid!)),
    ).toHaveLength(0);
  });

  it('keeps an MMS’s two media in storage, served to users who may see the patient only', async () => {
    const res = await inbound({
      body: 'Photos',
      media: [
        { url: `${mediaBase}/a.png`, contentType: 'image/png' },
        { url: `${mediaBase}/b.txt`, contentType: 'text/plain' },
      ],
    });
    expect(res.statusCode).toBe(200);
    const view = (await world.as('northPhysician').get(`/api/sms/${world.northPatient}`)).json().data;
    const mms = view.sms.find((m: { text: string }) => m.text === 'Photos');
    expect(mms.attachments).toHaveLength(2);
    expect(mms.attachments.map((a: { contentType: string }) => a.contentType)).toEqual([
      'image/png',
      'text/plain',
    ]);
    const download = await world.as('northPhysician').get(mms.attachments[0].url);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(tinyPng)).toBe(true);
    expect((await world.as('navigatorA').get(mms.attachments[1].url)).body).toBe('pill bottle label');
    expect((await world.as('southPhysician').get(mms.attachments[0].url)).statusCode).toBe(404);
    const other = `/api/sms/${world.southPatient}/attachments/${mms.attachments[0].id}`;
    expect((await world.as('southPhysician').get(other)).statusCode).toBe(404);
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'message.attachment.viewed'));
    expect((audit[0]!.details as { message: string }).message).toMatch(
      /^Viewed an attachment: media-1\.png$/,
    );
  });

  it('keeps a text from an unknown sender unmatched, once', async () => {
    const params = inboundSmsParams({ from: '+15559990000', to: clinicNumber, body: 'Who is this?' });
    expect((await postSigned(twilioWebhookPaths.sms, params)).statusCode).toBe(200);
    expect((await postSigned(twilioWebhookPaths.sms, params)).statusCode).toBe(200);
    const rows = await db()
      .select()
      .from(unmatchedMessages)
      .where(eq(unmatchedMessages.providerSid, params.MessageSid!));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      fromNumber: '+15559990000',
      toNumber: clinicNumber,
      body: 'Who is this?',
    });
  });
  it('a number two patients share: a text goes to the patient the clinic texted last from that number', async () => {
    const spouse = await addPatient(world, 'northStaff', patientBody({ firstName: 'Spouse' }));
    const lastText = async (patientId: string) =>
      (await db().select().from(messages).where(eq(messages.patientId, patientId)))
        .filter((m) => m.direction === 'inbound')
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
        .at(-1)?.body;
    const textAndReply = async (patientId: string, reply: string) => {
      world.t.clock.advance(60_000);
      const sent = await world
        .as('northStaff')
        .post(`/api/sms/${patientId}`, { text: 'How are you?', attachments: [] });
      expect(sent.statusCode, sent.body).toBe(201);
      world.t.clock.advance(60_000);
      expect((await inbound({ body: reply })).statusCode).toBe(200);
    };
    await textAndReply(spouse, 'Fine, thanks');
    expect(await lastText(spouse)).toBe('Fine, thanks');
    await textAndReply(world.northPatient, 'A little dizzy');
    expect(await lastText(world.northPatient)).toBe('A little dizzy');
    expect(await lastText(spouse)).toBe('Fine, thanks');
  });
});

describe('who a text belongs to, and what it reopens', () => {
  const textedBy = async (from: string, body: string) => {
    const params = inboundSmsParams({ from, to: clinicNumber, body });
    expect((await postSigned(twilioWebhookPaths.sms, params)).statusCode).toBe(200);
    const [row] = await db().select().from(messages).where(eq(messages.providerSid, params.MessageSid!));
    return row?.patientId ?? null;
  };

  it('a text from a phone on the record that is not the texting number reaches the patient; the texting number’s holder comes first', async () => {
    const patient = await addPatient(
      world,
      'northStaff',
      patientBody({
        phones: [
          { number: '555-300-0001', type: 'Cell', notes: '' },
          { number: '555-300-0002', type: 'Cell', notes: '' },
        ],
        phone: '5553000001',
      }),
    );
    expect(await textedBy('+15553000002', 'I feel dizzy')).toBe(patient);
    const alert = (await db().select().from(alerts).where(eq(alerts.patientId, patient))).find(
      (a) => a.type === 'SMSUnseen' && !a.dismissedAt,
    );
    expect(alert).toBeDefined();

    const textsFromIt = await addPatient(
      world,
      'northStaff',
      patientBody({ phones: [{ number: '555-300-0002', type: 'Cell', notes: '' }], phone: '5553000002' }),
    );
    expect(await textedBy('+15553000002', 'Hello from the other one')).toBe(textsFromIt);
  });

  it('a new text ends the snooze of the open SMSUnseen alert: the snooze was for the texts before it', async () => {
    world.t.clock.advance(60_000);
    await inbound({ body: 'Question about my pills' });
    const [alert] = await openSmsAlerts();
    const until = new Date(world.t.clock.now().getTime() + 3 * 86_400_000).toISOString();
    const snoozed = await world
      .as('northStaff')
      .post(`/api/alerts/${alert!.id}/snooze`, { snoozeUntil: until });
    expect(snoozed.statusCode, snoozed.body).toBe(200);
    expect((await openSmsAlerts())[0]!.snoozedUntil).not.toBeNull();
    const snoozedScore = await score();

    world.t.clock.advance(60_000);
    await inbound({ body: 'Now I have chest pain' });
    const open = await openSmsAlerts();
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ id: alert!.id, snoozedUntil: null, readingDate: world.t.clock.now() });
    expect(await score()).toBeLessThan(snoozedScore);
  });

  it('clearing the SMSUnseen alert marks the texts it was about addressed, and no later one', async () => {
    world.t.clock.advance(60_000);
    await inbound({ body: 'Is my dose right?' });
    const [alert] = await openSmsAlerts();
    const cleared = await world.as('northStaff').post(`/api/alerts/${alert!.id}/dismiss`, {});
    expect(cleared.statusCode, cleared.body).toBe(200);
    const view = (await world.as('northStaff').get(`/api/sms/${world.northPatient}`)).json().data;
    const last = view.sms.at(-1);
    expect(last.text).toBe('Is my dose right?');
    expect(Date.parse(view.lastAddressed)).toBe(Date.parse(last.date));

    world.t.clock.advance(60_000);
    await inbound({ body: 'Hello again' });
    const after = (await world.as('northStaff').get(`/api/sms/${world.northPatient}`)).json().data;
    expect(Date.parse(after.sms.at(-1).date)).toBeGreaterThan(Date.parse(after.lastAddressed));
    expect(await openSmsAlerts()).toHaveLength(1);
  });

  it('ticking an older text after a newer one leaves the newer addressed: the mark never moves back', async () => {
    world.t.clock.advance(60_000);
    await inbound({ body: 'First' });
    world.t.clock.advance(60_000);
    await inbound({ body: 'Second' });
    const sms = (await world.as('northStaff').get(`/api/sms/${world.northPatient}`)).json().data.sms;
    const [first, second] = sms.slice(-2).map((m: { date: string }) => Date.parse(m.date));
    const mark = (date: number) =>
      world.as('northStaff').post(`/api/sms/set-last-addressed/${world.northPatient}`, {
        addressed: true,
        date: new Date(date + 10_000).toISOString(),
      });
    expect((await mark(second)).json().data).toEqual({
      lastAddressed: new Date(second + 10_000).toISOString(),
    });
    expect(await openSmsAlerts()).toHaveLength(0);
    const stale = await mark(first);
    expect(stale.statusCode).toBe(200);
    expect(stale.json().data).toEqual({ lastAddressed: new Date(second + 10_000).toISOString() });
    const view = (await world.as('northStaff').get(`/api/sms/${world.northPatient}`)).json().data;
    expect(view.lastAddressed).toBe(new Date(second + 10_000).toISOString());
    expect(await openSmsAlerts()).toHaveLength(0);
  });
});

describe('opt-out, HELP and delivery status', () => {
  it('STOP refuses a staff send with the core’s message, START opens it again', async () => {
    await inbound({ body: 'stop ' });
    expect(await db().select().from(smsOptOuts)).toHaveLength(1);
    expect((await world.as('northStaff').get(`/api/sms/${world.northPatient}`)).json().data.optedOut).toBe(
      true,
    );
    const optedOutOnPatient = async () =>
      (await world.as('northStaff').get(`/api/pacients/${world.northPatient}/details`)).json().data
        .smsOptedOut;
    expect(await optedOutOnPatient()).toBe(true);
    const count = (await patientMessages()).length;
    const refused = await world
      .as('northStaff')
      .post(`/api/sms/${world.northPatient}`, { text: 'Hello?', attachments: [] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(textMessageTexts.optedOut);
    expect(await patientMessages()).toHaveLength(count + 0);
    // HELP from an opted-out number gets no answer.
    await inbound({ body: 'HELP' });
    expect((await patientMessages()).filter((m) => m.kind === 'help')).toHaveLength(0);

    await inbound({ body: 'START', optOutType: 'START' });
    expect(await db().select().from(smsOptOuts)).toHaveLength(0);
    expect(await optedOutOnPatient()).toBe(false);
    const sent = await world
      .as('northStaff')
      .post(`/api/sms/${world.northPatient}`, { text: 'Welcome back', attachments: [] });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data.message).toMatchObject({
      type: 'RECEIVED',
      kind: 'staff',
      text: 'Welcome back\n\n— staff, North Clinic',
      status: 'queued',
      fromUser: { firstName: 'staff', lastName: 'Fixture' },
    });
  });

  it('a START or STOP delivered again changes nothing: the opt-out follows the texts stored, in order', async () => {
    const optOuts = () => db().select().from(smsOptOuts);
    await inbound({ body: 'START', optOutType: 'START', sid: 'SMstart-once' });
    await inbound({ body: 'STOP', optOutType: 'STOP', sid: 'SMstop-once' });
    expect(await optOuts()).toHaveLength(1);
    // Twilio retries the START it had delivered before the STOP: a duplicate.
    expect((await inbound({ body: 'START', optOutType: 'START', sid: 'SMstart-once' })).statusCode).toBe(200);
    expect(await optOuts()).toHaveLength(1);
    const refused = await world
      .as('northStaff')
      .post(`/api/sms/${world.northPatient}`, { text: 'Still there?', attachments: [] });
    expect(refused.statusCode).toBe(409);

    await inbound({ body: 'START', optOutType: 'START', sid: 'SMstart-twice' });
    expect(await optOuts()).toHaveLength(0);
    await inbound({ body: 'STOP', optOutType: 'STOP', sid: 'SMstop-once' });
    expect(await optOuts()).toHaveLength(0);

    // The same from a number no patient has.
    const stranger = { from: '+15035559876', to: clinicNumber };
    const strangerText = (body: 'START' | 'STOP', sid: string) =>
      postSigned(twilioWebhookPaths.sms, inboundSmsParams({ ...stranger, body, optOutType: body, sid }));
    await strangerText('STOP', 'SMstranger-stop');
    await strangerText('START', 'SMstranger-start');
    await strangerText('STOP', 'SMstranger-stop');
    expect(await optOuts()).toHaveLength(0);
  });

  it('HELP answers with the clinic’s name and number', async () => {
    await inbound({ body: 'help' });
    const help = (await patientMessages()).filter((m) => m.kind === 'help');
    expect(help).toHaveLength(1);
    expect(help[0]!.body).toContain('North Clinic');
    expect(help[0]!.body).toContain('(503) 555-0101');

    // A clinic with a phone gives it (its texting number answers no call), in the patient's language.
    await db().update(clinics).set({ adminPhone: '5035550103' }).where(eq(clinics.id, fixtureIds.north));
    await db().update(patients).set({ language: 'ES' }).where(eq(patients.id, world.northPatient));
    world.t.clock.advance(60_000);
    await inbound({ body: 'HELP' });
    const spanish = (await patientMessages()).filter((m) => m.kind === 'help').at(-1)!.body;
    expect(spanish).toBe(
      helpReply(
        { language: 'ES' },
        { name: 'North Clinic', phone: '5035550103', textingNumber: clinicNumber },
      ),
    );
    expect(spanish).toContain('Para ayuda llame al (503) 555-0103.');
    await db().update(clinics).set({ adminPhone: null }).where(eq(clinics.id, fixtureIds.north));
    await db().update(patients).set({ language: 'EN' }).where(eq(patients.id, world.northPatient));
  });

  it('the status callback records delivered, and failed with 30007’s reason', async () => {
    const res = await world
      .as('northStaff')
      .post(`/api/sms/${world.northPatient}`, { text: 'Status?', attachments: [] });
    const id = res.json().data.message._id as string;
    const [row] = await db().select().from(messages).where(eq(messages.id, id));
    await db().update(messages).set({ providerSid: 'SMstatus1', status: 'sent' }).where(eq(messages.id, id));
    expect(
      (
        await postSigned(
          twilioWebhookPaths.status,
          statusCallbackParams({ sid: 'SMstatus1', status: 'delivered' }),
        )
      ).statusCode,
    ).toBe(200);
    expect((await db().select().from(messages).where(eq(messages.id, row!.id)))[0]!.status).toBe('delivered');
    await postSigned(
      twilioWebhookPaths.status,
      statusCallbackParams({ sid: 'SMstatus1', status: 'failed', errorCode: 30007 }),
    );
    const view = (await world.as('northStaff').get(`/api/sms/${world.northPatient}`)).json().data;
    expect(view.sms.find((m: { _id: string }) => m._id === id)).toMatchObject({
      status: 'failed',
      errorMessage: 'Filtered by the carrier as spam',
    });
    const forged = await postSigned(
      twilioWebhookPaths.status,
      statusCallbackParams({ sid: 'SMstatus1', status: 'delivered' }),
      'x',
    );
    expect(forged.statusCode).toBe(403);
  });

  it('a callback that comes before the job has stored Twilio’s id finds the text by ours, and the job then moves nothing back', async () => {
    const res = await world
      .as('northStaff')
      .post(`/api/sms/${world.northPatient}`, { text: 'Early?', attachments: [] });
    const id = res.json().data.message._id as string;
    const [queued] = await db().select().from(messages).where(eq(messages.id, id));
    expect(queued).toMatchObject({ status: 'queued' });
    const callbacks: number[] = [];
    const sms: SmsProvider = {
      name: 'fake',
      // Twilio's 'delivered' arrives while the job still waits for the send's answer.
      send: async (m) => {
        const url = new URL(m.statusCallback!);
        expect(url.search).toBe(`?text=${id}`);
        const params = statusCallbackParams({ sid: 'SMearly1', status: 'delivered' });
        callbacks.push((await postSigned(`${url.pathname}${url.search}`, params)).statusCode);
        return { providerId: 'SMearly1' };
      },
      provisionNumber: async () => '',
      releaseNumber: async () => undefined,
    };
    await deliverOutboxMessage(
      {
        db: db(),
        clock: world.t.clock,
        sms,
        email: { name: 'unused', send: async () => ({ providerId: 'x' }) },
        patientTexts: {
          mediaLinks: createMediaLinks({ publicUrl, key: 'k' }),
          statusCallbackUrl: `${publicUrl}${twilioWebhookPaths.status}`,
        },
      },
      queued!.providerSid!,
      false,
    );
    expect(callbacks).toEqual([200]);
    const [after] = await db().select().from(messages).where(eq(messages.id, id));
    expect(after).toMatchObject({ status: 'delivered', providerSid: 'SMearly1' });
    const statusEvents = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, 'message.status-changed')));
    expect(statusEvents.map((e) => (e.details as { status: string }).status)).toEqual(['delivered']);

    // A later callback naming the text, or naming none, or a text that is not this one, finds it by Twilio's id.
    const failed = statusCallbackParams({ sid: 'SMearly1', status: 'failed', errorCode: 30007 });
    await postSigned(`${twilioWebhookPaths.status}?text=${randomUUID()}`, failed);
    expect((await db().select().from(messages).where(eq(messages.id, id)))[0]!.status).toBe('failed');
    // A malformed id is no match either; one too long to be an id is refused, and changes nothing.
    expect((await postSigned(`${twilioWebhookPaths.status}?text=nope`, failed)).statusCode).toBe(200);
    const delivered = statusCallbackParams({ sid: 'SMearly1', status: 'delivered' });
    expect(
      (await postSigned(`${twilioWebhookPaths.status}?text=${'x'.repeat(101)}`, delivered)).statusCode,
    ).toBe(400);
    expect((await db().select().from(messages).where(eq(messages.id, id)))[0]!.status).toBe('failed');
  });

  it('a text queued before the patient texted STOP is not sent, and fails with the opt-out’s reason', async () => {
    const res = await world
      .as('northStaff')
      .post(`/api/sms/${world.northPatient}`, { text: 'Before STOP', attachments: [] });
    const id = res.json().data.message._id as string;
    const [queued] = await db().select().from(messages).where(eq(messages.id, id));
    await inbound({ body: 'STOP', optOutType: 'STOP' });
    const sent: string[] = [];
    await deliverOutboxMessage(
      {
        db: db(),
        clock: world.t.clock,
        sms: {
          name: 'fake',
          send: async (m) => {
            sent.push(m.body);
            return { providerId: 'SMnever' };
          },
          provisionNumber: async () => '',
          releaseNumber: async () => undefined,
        },
        email: { name: 'unused', send: async () => ({ providerId: 'x' }) },
      },
      queued!.providerSid!,
      false,
    );
    expect(sent).toEqual([]);
    const view = (await world.as('northStaff').get(`/api/sms/${world.northPatient}`)).json().data;
    expect(view.sms.find((m: { _id: string }) => m._id === id)).toMatchObject({
      status: 'failed',
      errorMessage: 'The patient opted out of texts (STOP)',
    });
    const outboxRow = await createOutboxRepository(db()).findById(queued!.providerSid!);
    expect(outboxRow).toMatchObject({ status: 'failed' });
    await inbound({ body: 'START', optOutType: 'START' });
  });

  // PGlite runs one statement at a time, so two callbacks cannot overlap there.
  it.runIf(onPostgres)(
    'of two callbacks at the same moment, a late sent never replaces delivered (PostgreSQL only)',
    async () => {
      const res = await world
        .as('northStaff')
        .post(`/api/sms/${world.northPatient}`, { text: 'Race?', attachments: [] });
      const id = res.json().data.message._id as string;
      await db()
        .update(messages)
        .set({ providerSid: 'SMrace1', status: 'queued' })
        .where(eq(messages.id, id));
      // 'delivered' holds its transaction open a moment after its write; 'sent' arrives inside that window.
      await whileSlowing(
        db(),
        { table: 'messages', operation: 'update', when: "new.status = 'delivered'", ms: 400 },
        async () => {
          const delivered = postSigned(
            twilioWebhookPaths.status,
            statusCallbackParams({ sid: 'SMrace1', status: 'delivered' }),
          );
          await new Promise((r) => setTimeout(r, 100));
          const sent = postSigned(
            twilioWebhookPaths.status,
            statusCallbackParams({ sid: 'SMrace1', status: 'sent' }),
          );
          expect((await Promise.all([delivered, sent])).map((r) => r.statusCode)).toEqual([200, 200]);
        },
      );
      expect((await db().select().from(messages).where(eq(messages.id, id)))[0]!.status).toBe('delivered');
    },
  );
});

describe('the /sms calls', () => {
  const uploadPhoto = (bytes: Buffer = tinyPng) => {
    const file = multipartFile('file', 'photo.jpg', 'image/jpeg', bytes);
    return world.t.app.inject({
      method: 'POST',
      url: `/api/sms/${world.northPatient}/attachment`,
      headers: { ...file.headers, authorization: `Bearer ${world.tokens.northStaff}` },
      payload: file.payload,
    });
  };

  it('refuses attachments over 5 MB in all, which Twilio would not send, and keeps the uploads for another text', async () => {
    // Each a PNG of 3 MB: under the limit of one upload, over that of one message together.
    const large = Buffer.concat([tinyPng, Buffer.alloc(3 * 1024 * 1024)]);
    const references = [];
    for (let i = 0; i < 2; i++) {
      const up = await uploadPhoto(large);
      expect(up.statusCode, up.body).toBe(201);
      references.push(up.json().data.uploadedAt as string);
    }
    const before = (await patientMessages()).length;
    const both = await world
      .as('northStaff')
      .post(`/api/sms/${world.northPatient}`, { text: 'Two photos', attachments: references });
    expect(both.statusCode).toBe(400);
    expect(both.json()).toMatchObject({
      message: textMessageTexts.attachmentsTooLarge,
      fields: { attachments: textMessageTexts.attachmentsTooLarge },
    });
    expect(await patientMessages()).toHaveLength(before);
    const one = await world
      .as('northStaff')
      .post(`/api/sms/${world.northPatient}`, { text: 'One photo', attachments: [references[0]] });
    expect(one.statusCode, one.body).toBe(201);
  });

  it('takes a text as long as Twilio sends once signed, and refuses one character more, storing nothing', async () => {
    const view = (await world.as('northStaff').get(`/api/sms/${world.northPatient}`)).json().data;
    expect(view.signature).toBe('— staff, North Clinic');
    const room = maxMessageLength - view.signature.length - 2;
    const before = (await patientMessages()).length;
    const over = await world
      .as('northStaff')
      .post(`/api/sms/${world.northPatient}`, { text: 'x'.repeat(room + 1), attachments: [] });
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({
      message: textMessageTexts.textTooLong,
      fields: { text: textMessageTexts.textTooLong },
    });
    expect(await patientMessages()).toHaveLength(before);
    const full = await world
      .as('northStaff')
      .post(`/api/sms/${world.northPatient}`, { text: 'x'.repeat(room), attachments: [] });
    expect(full.statusCode, full.body).toBe(201);
    expect(full.json().data.message.text).toHaveLength(maxMessageLength);
  });

  it('sends a text with an uploaded attachment; the upload is checked by content and used once', async () => {
    const up = await uploadPhoto();
    expect(up.statusCode).toBe(201);
    const { attachment, uploadedAt } = up.json().data;
    expect(attachment).toMatchObject({
      fileName: 'photo.jpg',
      contentType: 'image/png',
      size: tinyPng.length,
    });
    // The spec's reference (patients 7) is the file's address.
    expect(uploadedAt).toBe(attachment.url);
    const sent = await world
      .as('northStaff')
      .post(`/api/sms/${world.northPatient}`, { text: '', attachments: [uploadedAt] });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().data.message.attachments).toHaveLength(1);
    expect(sent.json().data.message.text).toBe('— staff, North Clinic');
    const again = await world
      .as('northStaff')
      .post(`/api/sms/${world.northPatient}`, { text: 'x', attachments: [attachment.id] });
    expect(again.statusCode).toBe(400);
    const empty = await world
      .as('northStaff')
      .post(`/api/sms/${world.northPatient}`, { text: '  ', attachments: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(textMessageTexts.provideMessageOrAttachment);
    // A value of the wrong kind is told what was expected, not 'Required' (decision 0019).
    const number = await world.as('northStaff').post(`/api/sms/${world.northPatient}`, { text: 5 });
    expect(number.statusCode).toBe(400);
    expect(number.json().fields).toEqual({ text: 'Invalid input: expected string, received number' });

    // Twilio fetches the file by a signed link, served as a download that no browser runs as a page.
    const messageId = sent.json().data.message._id as string;
    const [stored] = await db().select().from(messages).where(eq(messages.id, messageId));
    const { config } = world.t.app.vigil;
    const links = createMediaLinks({ publicUrl: config.publicUrl, key: config.twilioWebhookToken! });
    const link = new URL(links.url(messageId, stored!.attachments[0]!.id, world.t.clock.now()));
    const media = await world.t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(media.statusCode).toBe(200);
    expect(media.rawPayload.equals(tinyPng)).toBe(true);
    expect(media.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': 'attachment',
      'content-security-policy': 'sandbox',
      'x-content-type-options': 'nosniff',
    });
    const tampered = `${link.pathname}${link.search.replace(/signature=./, 'signature=x')}`;
    expect((await world.t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
  });

  it.runIf(onPostgres)(
    'sends an upload with one text when Send is pressed twice at once (PostgreSQL only)',
    async () => {
      const { attachment } = (await uploadPhoto()).json().data;
      const send = () =>
        world
          .as('northStaff')
          .post(`/api/sms/${world.northPatient}`, { text: 'Twice?', attachments: [attachment.id] });
      const answers = await Promise.all([send(), send()]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400]);
      expect(answers.find((r) => r.statusCode === 400)!.json().message).toBe(
        textMessageTexts.attachmentNotFound,
      );
      const carrying = (await patientMessages()).filter((m) =>
        m.attachments.some((a) => a.id === attachment.id),
      );
      expect(carrying).toHaveLength(1);
    },
  );

  it('takes an upload by its id too, and no address under another patient', async () => {
    const first = (await uploadPhoto()).json().data;
    const byId = await world
      .as('northStaff')
      .post(`/api/sms/${world.northPatient}`, { text: 'x', attachments: [first.attachment.id] });
    expect(byId.statusCode).toBe(201);
    const second = (await uploadPhoto()).json().data;
    const elsewhere = second.uploadedAt.replace(world.northPatient, randomUUID());
    const refused = await world
      .as('northStaff')
      .post(`/api/sms/${world.northPatient}`, { text: 'x', attachments: [elsewhere] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.attachments).toBe(textMessageTexts.attachmentNotFound);
  });

  it('answers 404 for another clinic’s patient on every route, and changes nothing', async () => {
    const before = {
      messages: (await db().select().from(messages)).length,
      uploads: (await db().select().from(messageUploads)).length,
    };
    const p = world.northPatient;
    const as = world.as('southPhysician');
    expect((await as.get(`/api/sms/${p}`)).statusCode).toBe(404);
    expect((await as.post(`/api/sms/${p}`, { text: 'hi', attachments: [] })).statusCode).toBe(404);
    expect(
      (await as.post(`/api/sms/set-last-addressed/${p}`, { addressed: true, date: new Date().toISOString() }))
        .statusCode,
    ).toBe(404);
    const file = multipartFile('file', 'x.pdf', 'application/pdf', Buffer.from('%PDF-1.4'));
    const up = await world.t.app.inject({
      method: 'POST',
      url: `/api/sms/${p}/attachment`,
      headers: { ...file.headers, authorization: `Bearer ${world.tokens.southPhysician}` },
      payload: file.payload,
    });
    expect(up.statusCode).toBe(404);
    expect((await world.t.app.inject({ method: 'GET', url: `/api/sms/${p}` })).statusCode).toBe(401);
    expect((await db().select().from(messages)).length).toBe(before.messages);
    expect((await db().select().from(messageUploads)).length).toBe(before.uploads);
  });

  it('answers random bodies and ids from every role with a 4xx and a message, never a 5xx', async () => {
    const ids = () => [world.northPatient, world.southPatient];
    const call: fc.Arbitrary<MalformedCall> = fc.oneof(
      fc.record({ method: fc.constant('GET' as const), url: idArbitrary(ids).map((id) => `/api/sms/${id}`) }),
      fc.record({
        method: fc.constant('POST' as const),
        url: idArbitrary(ids).map((id) => `/api/sms/${id}`),
        body: fc.oneof(
          anyValue,
          fc.record({ text: anyValue, attachments: fc.oneof(anyValue, fc.array(fc.string())) }),
        ),
      }),
      fc.record({
        method: fc.constant('POST' as const),
        url: idArbitrary(ids).map((id) => `/api/sms/set-last-addressed/${id}`),
        body: fc.oneof(
          anyValue,
          fc.record({
            addressed: anyValue,
            date: fc.oneof(
              anyValue,
              fc.date().map((d) => (Number.isNaN(d.getTime()) ? '' : d.toISOString())),
            ),
          }),
        ),
      }),
      fc.record({
        method: fc.constant('GET' as const),
        url: fc.tuple(idArbitrary(ids), idArbitrary(ids)).map(([p, a]) => `/api/sms/${p}/attachments/${a}`),
      }),
      fc.record({
        method: fc.constant('POST' as const),
        url: idArbitrary(ids).map((id) => `/api/sms/${id}/attachment`),
        body: anyValue,
      }),
    );
    await expectClientAnswers(world, call, everyUser, 60);
    // Webhooks with random forms, unsigned: 403 always.
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.string({ maxLength: 10 }), fc.string({ maxLength: 20 })),
        async (form) => {
          const res = await world.t.app.inject({
            method: 'POST',
            url: twilioWebhookPaths.sms,
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': 'abc' },
            payload: new URLSearchParams(form).toString(),
          });
          expect(res.statusCode).toBe(403);
        },
      ),
      { numRuns: 20 },
    );
    // Signed, but without the fields: 400 with a message.
    const res = await postSigned(twilioWebhookPaths.sms, { Body: 'no sid' });
    expect(res.statusCode).toBe(400);
  });
});
