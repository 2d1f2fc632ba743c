import { createHmac } from 'node:crypto';
import path from 'node:path';
import { bulkTimeNotes, type DeviceBrand } from '@vigil/core';
import { eq, gt, max, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, messages } from '../../db/schema/index.js';
import { createLocalDiskStorage } from '../../integrations/storage/local-disk.storage.js';
import {
  inboundSmsParams,
  signedTwilioRequest,
  statusCallbackParams,
  twilioWebhookPaths,
} from '../../simulator/twilio-wire.js';
import { multipartFile, tinyPng } from '../../test/multipart.js';
import { macSerial, nextImei, nextMac, nextSerial } from '../devices/device-fixtures.js';
import bodyTraceScale from '../ingestion/fixtures/bodytrace-scale.json' with { type: 'json' };
import eDevice from '../ingestion/fixtures/edevice.json' with { type: 'json' };
import pylo from '../ingestion/fixtures/pylo.json' with { type: 'json' };
import smartMeter from '../ingestion/fixtures/smart-meter.json' with { type: 'json' };
import tenoviArray from '../ingestion/fixtures/tenovi-array.json' with { type: 'json' };
import { deliver, pairDevice, startFakeVendors } from '../ingestion/ingestion-fixtures.js';
import { createMediaLinks } from '../messages/media-links.js';
import {
  addPatient,
  fixturePassword,
  fixtureIds as ids,
  patientBody,
  type Who,
  type World,
} from '../patients/patient-fixtures.js';
import {
  addReminderPatient,
  createTextingWorld,
  nextCell,
  northNumber,
} from '../reminders/reminder-fixtures.js';
import { createMonitoringPdfRenderer } from '../reports/monitoring-report-pdf.js';
import { createReportBatchesService } from '../reports/report-batches.service.js';
import { createAuditService } from './audit.service.js';

/**
 * Every registered route reads or changes a patient's data, and writes an audit event saying so, or is
 * classified here as something else (DESIGN 3; decision 0012). The routes come from Fastify's `onRoute`
 * (buildApp keeps them in `app.vigil.routes`), so a new route fails this test until someone puts it in one
 * of the two tables: how to call it as an allowed user, or why it holds no patient data.
 */

/** Why a route holds no patient's data, in one word. */
type NotPatientData =
  /** The signed-in user's own session and password (audited as the user's, not a patient's). */
  | 'auth'
  /** Users, clinics and the inventory's own records: no patient in them. */
  | 'admin'
  /** Answers without a session, and no patient data: health, a clinic's name, avatars, a vendor's check. */
  | 'public'
  /** The API's documentation. */
  | 'docs'
  /** Outside production only: the dev outbox, the vendor fakes, the reminder tool's choices. */
  | 'dev'
  /** The signed-in user's own settings and picture. */
  | 'self'
  /** Devices of the clinic that no patient holds (the pairing dialog's choices). */
  | 'inventory'
  /** Hands the work to a job; the readings the job stores go through `record`, which writes their events. */
  | 'job';

interface PatientDataRoute {
  /** Runs before the call; its own events do not count as the call's. */
  setup?: () => Promise<void>;
  call: () => Promise<LightMyRequestResponse>;
  /** The patient whose record the call read or changed; 'list' for a read of many (one event, no patient). */
  patient: (res: LightMyRequestResponse) => string | 'list';
}

let w: World;
let vendors: Awaited<ReturnType<typeof startFakeVendors>>;
const db = () => w.t.app.vigil.database.db;
const app = () => w.t.app;
const hour = 3_600_000;
const later = (ms: number) => new Date(w.t.clock.now().getTime() + ms).toISOString();
const ago = (ms: number) => new Date(w.t.clock.now().getTime() - ms).toISOString();

/** Words that must never reach an event: the texts of this test (their bodies are checked too, from the table). */
const staffText = 'Audit coverage: your cuff ships Tuesday, reply with a good time 4417';
const inboundText = 'Audit coverage: my readings are high today 9921';

/** The patients of the test: one for most calls, one per area whose calls need a state of their own. */
const p = { main: '', text: '', bulkOne: '', bulkTwo: '', devices: '', webhooks: '', reminder: '' };
const textCell = nextCell();
/** What the calls leave for the ones after them. */
const s = {
  noteId: '',
  readingId: '',
  alertId: '',
  attachmentId: '',
  messageId: '',
  inventoryDevice: { id: '', serialNumber: '' },
  bodyTraceImei: '',
  eDeviceAddress: '',
  eDeviceId: '',
  withingsId: '',
  tenoviId: '',
  smartMeterId: '',
  pyloId: '',
  deviceId: '',
  reportId: '',
  formId: '',
  externalForm: { id: '', secret: '' },
  formFile: { _id: '', name: '', type: '' },
  submissionId: '',
  linkToken: '',
  linkFileContent: '',
};

const as = (who: Who = 'northStaff') => w.as(who);
const operator = () => w.as('circleAdmin');

/** A device of the brand paired with a patient by inserting its rows (North clinic), answering its id. */
async function paired(brand: DeviceBrand, patientId: string, state: Parameters<typeof pairDevice>[4] = {}) {
  const serial = brand === 'Withings' ? macSerial(nextMac()) : nextSerial(brand);
  return (await pairDevice(db(), patientId, brand, serial, state)).id;
}

/** Connects a device through the API (the identifier as the brand's form takes it), answering its `_id`. */
async function connect(segment: string, patientId: string, body: Record<string, unknown>) {
  const res = await as().post(`/api/${segment}/connect-device/${patientId}`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().device.device._id as string;
}

function postTwilio(path: string, params: Record<string, string>) {
  const { headers, body } = signedTwilioRequest(`${app().vigil.config.publicUrl}${path}`, params);
  return app().inject({ method: 'POST', url: path, headers, payload: body });
}

const bulk = { time: 30, isbulktimetracking: true, text: bulkTimeNotes[0] };

/** Every patient-data route, with how an allowed user calls it; run in this order, each after the last. */
const patientData: Record<string, PatientDataRoute> = {
  // The patient and the lists.
  'POST /api/pacients': {
    call: () => as().post('/api/pacients', patientBody({ lastName: 'Created' })),
    patient: (res) => res.json().data._id,
  },
  'GET /api/pacients/patient-priority-list': {
    call: () => as().get('/api/pacients/patient-priority-list'),
    patient: () => 'list',
  },
  'GET /api/pacients/clinician-patient-list': {
    call: () => as().get('/api/pacients/clinician-patient-list'),
    patient: () => 'list',
  },
  'POST /api/pacients/bulkTimeTrack': {
    call: () => as().post('/api/pacients/bulkTimeTrack?searchString=Auditbulkone', bulk),
    patient: () => p.bulkOne,
  },
  'POST /api/pacients/bulkTimeTrack/': {
    call: () => as().post('/api/pacients/bulkTimeTrack/?searchString=Auditbulktwo', bulk),
    patient: () => p.bulkTwo,
  },
  'GET /api/pacients/:id': { call: () => as().get(`/api/pacients/${p.main}`), patient: () => p.main },
  'GET /api/pacients/:id/details': {
    call: () => as().get(`/api/pacients/${p.main}/details`),
    patient: () => p.main,
  },
  'PUT /api/pacients/:id': {
    call: () => {
      const { connectDevices: _, ...form } = patientBody({ lastName: 'Edited' });
      return as().put(`/api/pacients/${p.main}`, form);
    },
    patient: () => p.main,
  },
  'PATCH /api/pacients/:id': {
    call: () => as().patch(`/api/pacients/${p.main}`, { activeIssues: 'Follow up on the new cuff' }),
    patient: () => p.main,
  },
  'POST /api/pacients/:id/track': {
    setup: () => w.advance(60_000),
    call: () => as().post(`/api/pacients/${p.main}/track`, { time: 45 }),
    patient: () => p.main,
  },
  'POST /api/pacients/:id/mark-monthly-reviewed': {
    call: () => as().post(`/api/pacients/${p.main}/mark-monthly-reviewed`),
    patient: () => p.main,
  },
  'GET /api/pacients/:id/notes': {
    call: () => as().get(`/api/pacients/${p.main}/notes`),
    patient: () => p.main,
  },
  'POST /api/pacients/:id/notes': {
    call: async () => {
      const res = await as().post(`/api/pacients/${p.main}/notes`, { text: 'Asked about the cuff' });
      s.noteId = res.json().data?.note?._id;
      return res;
    },
    patient: () => p.main,
  },
  'PATCH /api/pacients/:id/notes/:noteId': {
    call: () => as().patch(`/api/pacients/${p.main}/notes/${s.noteId}`, { text: 'Asked about the new cuff' }),
    patient: () => p.main,
  },
  'GET /api/pacients/:id/readings': {
    call: () =>
      as().get(
        `/api/pacients/${p.main}/readings?start=${encodeURIComponent(ago(24 * hour))}&end=${encodeURIComponent(later(0))}`,
      ),
    patient: () => p.main,
  },
  'POST /api/pacients/:id/bp-readings': {
    call: async () => {
      const res = await as().post(`/api/pacients/${p.main}/bp-readings`, {
        readings: [{ date: ago(hour), timezone: 'America/Los_Angeles', systolic: 150, diastolic: 95 }],
      });
      s.readingId = res.json().data?.readings?.[0]?._id;
      return res;
    },
    patient: () => p.main,
  },
  'DELETE /api/readings/:id': {
    call: () => as().delete(`/api/readings/${s.readingId}`),
    patient: () => p.main,
  },
  'POST /api/pacients/:id/log-attempted-call': {
    call: () => as().post(`/api/pacients/${p.main}/log-attempted-call`),
    patient: () => p.main,
  },
  'POST /api/pacients/:id/log-completed-call': {
    call: () => as().post(`/api/pacients/${p.main}/log-completed-call`),
    patient: () => p.main,
  },
  'GET /api/pacients/:id/sync': {
    call: () => as().get(`/api/pacients/${p.main}/sync`),
    patient: () => p.main,
  },
  'POST /api/alerts': {
    call: async () => {
      const res = await as().post('/api/alerts', {
        patientId: p.main,
        alertData: {
          alertType: 'Custom',
          snoozedUntilDate: later(hour),
          customDescription: 'Check the cuff',
        },
      });
      s.alertId = res.json().data?.alert?._id;
      return res;
    },
    patient: () => p.main,
  },
  'POST /api/alerts/:id/snooze': {
    call: () => as().post(`/api/alerts/${s.alertId}/snooze`, { snoozeUntil: later(2 * hour) }),
    patient: () => p.main,
  },
  'POST /api/alerts/:id/dismiss': {
    call: () => as().post(`/api/alerts/${s.alertId}/dismiss`, { note: 'Cuff replaced' }),
    patient: () => p.main,
  },
  'GET /api/monthlyNotes/patient/:patientId': {
    call: () => as().get(`/api/monthlyNotes/patient/${p.main}`),
    patient: () => p.main,
  },
  'GET /api/monthlyNotes/patient/:patientId/': {
    call: () => as().get(`/api/monthlyNotes/patient/${p.main}/`),
    patient: () => p.main,
  },
  'POST /api/monthlyNotes/:patientId': {
    call: () =>
      as('northPhysician').post(`/api/monthlyNotes/${p.main}`, {
        month: 10,
        year: 2026,
        yearMonthString: '2026-10',
        noteContent: 'Stable.',
        approved: false,
      }),
    patient: () => p.main,
  },
  'GET /api/auditTrailLogs/:patientId': {
    call: () => as().get(`/api/auditTrailLogs/${p.main}?fromDate=2026-11-01&endDate=2026-11-02`),
    patient: () => p.main,
  },

  // Forms: opened, filled (with an answer's file), listed, viewed; texted to the patient and filled by them.
  'GET /api/form-definitions/:formId': {
    setup: async () => {
      const folder = await operator().post('/api/form-admin/folders', { name: 'Audit forms' });
      const folderId = folder.json().data._id;
      const hosted = await operator().post('/api/form-admin/forms', {
        kind: 'HOSTED',
        title: 'Audit check',
        folderId,
        definition: {
          elements: [
            { type: 'text', name: 'feeling', title: 'How are you?' },
            { type: 'file', name: 'photo', title: 'Photo' },
          ],
        },
      });
      s.formId = hosted.json().data._id;
      const external = await operator().post('/api/form-admin/forms', {
        kind: 'EXTERNAL',
        title: 'Audit external',
        folderId,
        url: 'https://forms.example.com/audit',
      });
      s.externalForm = { id: external.json().data._id, secret: external.json().data.secret };
    },
    call: () => as().get(`/api/form-definitions/${s.formId}?patientId=${p.main}`),
    patient: () => p.main,
  },
  'POST /api/forms/:patientId/files': {
    call: async () => {
      const file = multipartFile('file', 'ankle.png', 'image/png', tinyPng);
      const res = await app().inject({
        method: 'POST',
        url: `/api/forms/${p.main}/files`,
        headers: { ...file.headers, authorization: `Bearer ${w.tokens.northStaff}` },
        payload: file.payload,
      });
      s.formFile = res.json().data;
      return res;
    },
    patient: () => p.main,
  },
  'POST /api/forms/:patientId/submissions': {
    call: async () => {
      const photo = [
        { name: 'ankle.png', type: 'image/png', content: `/api/forms/${p.main}/files/${s.formFile._id}` },
      ];
      const res = await as().post(`/api/forms/${p.main}/submissions`, {
        formId: s.formId,
        version: 1,
        data: { feeling: 'Fine', photo },
      });
      s.submissionId = res.json().data?.submission?._id;
      return res;
    },
    patient: () => p.main,
  },
  'GET /api/forms/:patientId': { call: () => as().get(`/api/forms/${p.main}`), patient: () => p.main },
  'GET /api/forms/:patientId/submissions/:submissionId': {
    call: () => as().get(`/api/forms/${p.main}/submissions/${s.submissionId}`),
    patient: () => p.main,
  },
  'GET /api/forms/:patientId/files/:fileId': {
    call: () => as().get(`/api/forms/${p.main}/files/${s.formFile._id}`),
    patient: () => p.main,
  },
  'POST /api/webhooks/forms/:formId': {
    call: () => {
      const body = JSON.stringify({
        patientId: p.main,
        submissionId: 'audit-1',
        answers: [{ name: 'q1', text: 'How are you?', answer: 'Fine' }],
      });
      const signature = createHmac('sha256', s.externalForm.secret).update(body).digest('hex');
      return app().inject({
        method: 'POST',
        url: `/api/webhooks/forms/${s.externalForm.id}`,
        headers: { 'content-type': 'application/json', 'x-vigil-signature': `sha256=${signature}` },
        payload: body,
      });
    },
    patient: () => p.main,
  },
  'POST /api/forms/:patientId/links': {
    call: async () => {
      const res = await as().post(`/api/forms/${p.text}/links`, { formId: s.formId });
      const sent = await db()
        .select({ body: messages.body })
        .from(messages)
        .where(eq(messages.patientId, p.text));
      s.linkToken = /\/f\/([\w-]+)/.exec(sent.map((m) => m.body).join(' '))?.[1] ?? '';
      return res;
    },
    patient: () => p.text,
  },
  'GET /api/form-links/:token': {
    call: () => app().inject({ method: 'GET', url: `/api/form-links/${s.linkToken}` }),
    patient: () => p.text,
  },
  'POST /api/form-links/:token/files': {
    call: async () => {
      const file = multipartFile('file', 'feet.png', 'image/png', tinyPng);
      const res = await app().inject({
        method: 'POST',
        url: `/api/form-links/${s.linkToken}/files`,
        headers: file.headers,
        payload: file.payload,
      });
      s.linkFileContent = res.json().data?.url;
      return res;
    },
    patient: () => p.text,
  },
  'POST /api/form-links/:token': {
    call: () =>
      app().inject({
        method: 'POST',
        url: `/api/form-links/${s.linkToken}`,
        payload: {
          data: {
            feeling: 'Better',
            photo: [{ name: 'feet.png', type: 'image/png', content: s.linkFileContent }],
          },
        },
      }),
    patient: () => p.text,
  },

  // Texts.
  'GET /api/sms/:patientId': { call: () => as().get(`/api/sms/${p.text}`), patient: () => p.text },
  'POST /api/sms/:patientId/attachment': {
    call: async () => {
      const file = multipartFile('file', 'label.png', 'image/png', tinyPng);
      const res = await app().inject({
        method: 'POST',
        url: `/api/sms/${p.text}/attachment`,
        headers: { ...file.headers, authorization: `Bearer ${w.tokens.northStaff}` },
        payload: file.payload,
      });
      s.attachmentId = res.json().data?.attachment?.id;
      return res;
    },
    patient: () => p.text,
  },
  'POST /api/sms/:patientId': {
    call: async () => {
      const res = await as().post(`/api/sms/${p.text}`, { text: staffText, attachments: [s.attachmentId] });
      s.messageId = res.json().data?.message?._id;
      return res;
    },
    patient: () => p.text,
  },
  'GET /api/sms/:patientId/attachments/:attachmentId': {
    call: () => as().get(`/api/sms/${p.text}/attachments/${s.attachmentId}`),
    patient: () => p.text,
  },
  'POST /api/sms/set-last-addressed/:patientId': {
    call: () => as().post(`/api/sms/set-last-addressed/${p.text}`, { addressed: true, date: later(0) }),
    patient: () => p.text,
  },
  'POST /api/webhooks/twilio/sms': {
    call: () =>
      postTwilio(
        twilioWebhookPaths.sms,
        inboundSmsParams({ from: `+1${textCell}`, to: northNumber, body: inboundText }),
      ),
    patient: () => p.text,
  },
  'POST /api/webhooks/twilio/status': {
    call: async () => {
      const [sent] = await db().select().from(messages).where(eq(messages.id, s.messageId));
      return postTwilio(
        twilioWebhookPaths.status,
        statusCallbackParams({ sid: sent!.providerSid!, status: 'delivered' }),
      );
    },
    patient: () => p.text,
  },
  'GET /api/webhooks/twilio/media/:messageId/:attachmentId': {
    call: () => {
      const { publicUrl, twilioWebhookToken } = app().vigil.config;
      const links = createMediaLinks({ publicUrl, key: twilioWebhookToken! });
      const url = new URL(links.url(s.messageId, s.attachmentId, w.t.clock.now()));
      return app().inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    },
    patient: () => p.text,
  },
  'POST /api/manualCronJobs/smsReminders': {
    call: () => as().post('/api/manualCronJobs/smsReminders', { time: '7:30' }),
    patient: () => p.reminder,
  },

  // A patient's devices, and the inventory where it names them.
  'GET /api/devices': {
    call: () => as().get(`/api/devices?patientId=${p.devices}`),
    patient: () => p.devices,
  },
  'GET /api/devices/search': {
    setup: async () => {
      const imei = nextImei();
      s.inventoryDevice = { id: await connect('bodytrace', p.devices, { imei }), serialNumber: imei };
    },
    call: () => operator().get('/api/devices/search?inputValue=Devicesaudit'),
    patient: () => 'list',
  },
  'GET /api/devices/:id': {
    call: () => operator().get(`/api/devices/${s.inventoryDevice.id}`),
    patient: () => p.devices,
  },
  'PUT /api/devices/:id': {
    call: () =>
      operator().put(`/api/devices/${s.inventoryDevice.id}`, {
        brand: 'BODYTRACE',
        type: 'Scale',
        serialNumber: s.inventoryDevice.serialNumber,
        clinicId: ids.north,
      }),
    patient: () => p.devices,
  },
  'DELETE /api/devices/:id': {
    setup: async () => {
      s.deviceId = await paired('BODYTRACE', p.devices, { pairing: 'disabled' });
    },
    call: () => operator().delete(`/api/devices/${s.deviceId}`),
    patient: () => p.devices,
  },
  'POST /api/withings/Updatesimstatus': {
    setup: async () => {
      s.deviceId = await paired('Withings', p.devices);
    },
    call: () => operator().post('/api/withings/Updatesimstatus', { deviceObjectId: s.deviceId }),
    patient: () => p.devices,
  },
  ...Object.fromEntries(
    (
      [
        ['withings', 'Withings'],
        ['smart-meter', 'Smart Meter'],
        ['pylo', 'Pylo'],
        ['bodytrace', 'BODYTRACE'],
        ['e-device', 'EDEVICE'],
        ['tenovi', 'Tenovi'],
      ] as const
    ).map(([segment, brand]): [string, PatientDataRoute] => [
      `PUT /api/${segment}/unlink-device`,
      {
        setup: async () => {
          s.deviceId = await paired(brand, p.devices);
        },
        call: () => operator().put(`/api/${segment}/unlink-device`, { deviceObjectId: s.deviceId }),
        patient: () => p.devices,
      },
    ]),
  ),
  'POST /api/bodytrace/connect-device/:patientId': {
    call: () => {
      s.bodyTraceImei = nextImei();
      return as().post(`/api/bodytrace/connect-device/${p.devices}`, { imei: s.bodyTraceImei });
    },
    patient: () => p.devices,
  },
  'PUT /api/bodytrace/disconnect-device/:patientId': {
    call: () => as().put(`/api/bodytrace/disconnect-device/${p.devices}`, { imei: s.bodyTraceImei }),
    patient: () => p.devices,
  },
  'PUT /api/bodytrace/reconnect-device/:patientId': {
    call: () => as().put(`/api/bodytrace/reconnect-device/${p.devices}`, { imei: s.bodyTraceImei }),
    patient: () => p.devices,
  },
  'DELETE /api/bodytrace/remove-device/:patientId/:imei': {
    call: () => as().delete(`/api/bodytrace/remove-device/${p.devices}/${s.bodyTraceImei}`),
    patient: () => p.devices,
  },
  'POST /api/e-device/connect-device/:patientId': {
    call: async () => {
      s.eDeviceAddress = nextSerial('EDEVICE');
      const res = await as().post(`/api/e-device/connect-device/${p.devices}`, {
        hubSerialNumber: 'hub-audit',
        bluetoothMA: s.eDeviceAddress,
        deviceName: 'Cuff',
        deviceModel: 'BP-1',
      });
      s.eDeviceId = res.json().device?.device?._id;
      return res;
    },
    patient: () => p.devices,
  },
  'PUT /api/e-device/disconnect-device/:patientId': {
    call: () => as().put(`/api/e-device/disconnect-device/${p.devices}`, { BTAddress: s.eDeviceAddress }),
    patient: () => p.devices,
  },
  'PUT /api/e-device/reconnect-device/:patientId': {
    call: () =>
      as().put(`/api/e-device/reconnect-device/${p.devices}`, {
        BTAddress: s.eDeviceAddress,
        hubSerialNumber: 'hub-audit-2',
      }),
    patient: () => p.devices,
  },
  'DELETE /api/e-device/remove-device/:patientId/:id': {
    call: () => as().delete(`/api/e-device/remove-device/${p.devices}/${s.eDeviceId}`),
    patient: () => p.devices,
  },
  'POST /api/withings/connect-device/:patientId': {
    call: () =>
      as().post(`/api/withings/connect-device/${p.devices}`, {
        macAddress: nextMac(),
        deviceName: 'Cuff',
        type: 'Blood Pressure Monitor',
      }),
    patient: () => p.devices,
  },
  'POST /api/withings/add-device': {
    call: () =>
      as().post('/api/withings/add-device', {
        patientId: p.devices,
        serialNumber: nextMac(),
        type: 'Scale',
      }),
    patient: () => p.devices,
  },
  'PUT /api/withings/disconnect-device/:patientId': {
    setup: async () => {
      s.withingsId = await paired('Withings', p.devices);
    },
    call: () => as().put(`/api/withings/disconnect-device/${p.devices}`, { deviceObjectId: s.withingsId }),
    patient: () => p.devices,
  },
  'PUT /api/withings/reconnect-device/:patientId': {
    call: () => as().put(`/api/withings/reconnect-device/${p.devices}`, { deviceObjectId: s.withingsId }),
    patient: () => p.devices,
  },
  'DELETE /api/withings/remove-device/:patientId/:id': {
    call: () => as().delete(`/api/withings/remove-device/${p.devices}/${s.withingsId}`),
    patient: () => p.devices,
  },
  'POST /api/tenovi/connect-device/:patientId': {
    call: async () => {
      const res = await as().post(`/api/tenovi/connect-device/${p.devices}`, {
        hwiDeviceId: nextSerial('Tenovi'),
      });
      s.tenoviId = res.json().device?.device?._id;
      return res;
    },
    patient: () => p.devices,
  },
  'PUT /api/tenovi/disconnect-device/:patientId': {
    call: () => as().put(`/api/tenovi/disconnect-device/${p.devices}`, { deviceObjectId: s.tenoviId }),
    patient: () => p.devices,
  },
  'PUT /api/tenovi/reconnect-device/:patientId': {
    call: () => as().put(`/api/tenovi/reconnect-device/${p.devices}`, { deviceObjectId: s.tenoviId }),
    patient: () => p.devices,
  },
  'DELETE /api/tenovi/remove-device/:patientId/:id': {
    call: () => as().delete(`/api/tenovi/remove-device/${p.devices}/${s.tenoviId}`),
    patient: () => p.devices,
  },
  ...Object.fromEntries(
    (
      [
        ['smart-meter', 'Smart Meter', 'smartMeterId'],
        ['pylo', 'Pylo', 'pyloId'],
      ] as const
    ).flatMap(([segment, brand, key]): [string, PatientDataRoute][] => [
      [
        `POST /api/${segment}/add-device`,
        {
          call: () =>
            as().post(`/api/${segment}/add-device`, {
              patientId: p.devices,
              serialNumber: nextImei(),
              type: 'Scale',
            }),
          patient: () => p.devices,
        },
      ],
      [
        `POST /api/${segment}/connect-device`,
        {
          setup: async () => {
            s[key] = await paired(brand, p.devices, { pairing: 'none' });
          },
          call: () =>
            as().post(`/api/${segment}/connect-device`, { patientId: p.devices, deviceObjectId: s[key] }),
          patient: () => p.devices,
        },
      ],
      [
        `PUT /api/${segment}/disconnect-device`,
        {
          call: () =>
            as().put(`/api/${segment}/disconnect-device`, { patientId: p.devices, deviceObjectId: s[key] }),
          patient: () => p.devices,
        },
      ],
      [
        `PUT /api/${segment}/reconnect-device`,
        {
          call: () =>
            as().put(`/api/${segment}/reconnect-device`, { patientId: p.devices, deviceObjectId: s[key] }),
          patient: () => p.devices,
        },
      ],
    ]),
  ),

  // Readings from the vendors: the product stores them, with no actor.
  'POST /api/webhooks/bodytrace': {
    call: () => deliver(app(), 'bodytrace', bodyTraceScale),
    patient: () => p.webhooks,
  },
  'POST /api/webhooks/tenovi': {
    call: () => deliver(app(), 'tenovi', tenoviArray),
    patient: () => p.webhooks,
  },
  'POST /api/webhooks/smart-meter': {
    call: () => deliver(app(), 'smart-meter', smartMeter),
    patient: () => p.webhooks,
  },
  'POST /api/webhooks/pylo': { call: () => deliver(app(), 'pylo', pylo), patient: () => p.webhooks },
  'POST /api/webhooks/edevice': { call: () => deliver(app(), 'edevice', eDevice), patient: () => p.webhooks },

  // A patient's report, as a PDF (and, with sendMail=true, emailed: the same route, its own event).
  'GET /api/reports/patient': {
    call: () => as().get(`/api/reports/patient?type=data&month=11&year=2026&patient=${p.main}&version=new`),
    patient: () => p.main,
  },

  // Reports over many patients: one event naming the clinic, the month and every patient in the file.
  'GET /api/reports/billing': {
    call: () => as().get(`/api/reports/billing?month=11&year=2026&physician=${ids.northPhysician}`),
    patient: () => 'list',
  },
  'GET /api/reports/batch': {
    // A monitoring report built as its job builds it (the jobs are off here).
    setup: async () => {
      const res = await as().post('/api/reports/generate-batch', {
        month: 11,
        year: 2026,
        clinic: ids.north,
        physician: ids.northPhysician,
      });
      s.reportId = res.json().data._id;
      const { clock, config } = app().vigil;
      await createReportBatchesService({
        db: db(),
        clock,
        audit: createAuditService({ clock }),
        storage: createLocalDiskStorage(path.join(config.dataDir, 'uploads')),
        render: createMonitoringPdfRenderer({ db: db(), clock }),
        enqueue: () => undefined,
      }).build(s.reportId);
    },
    call: () => as().get(`/api/reports/batch?reportId=${s.reportId}`),
    patient: () => 'list',
  },
};

const docs = [
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/static/*',
];
const fakes = [
  'POST /api/dev/vendors/withings/v2/signature',
  'POST /api/dev/vendors/withings/v2/user',
  'POST /api/dev/vendors/withings/v2/oauth2',
  'POST /api/dev/vendors/withings/measure',
  'POST /api/dev/vendors/withings/measures',
  'GET /api/dev/vendors/smart-meter/api/token',
  'POST /api/dev/vendors/smart-meter/api/readings',
  'POST /api/dev/vendors/smart-meter/readings',
];

/** Every other route, and why it is no patient's data. */
const notPatientData: Record<string, NotPatientData> = {
  'POST /api/auth': 'auth',
  'POST /api/auth/recover': 'auth',
  'POST /api/auth/set-password': 'auth',
  'POST /api/auth/change-password': 'auth',
  'POST /api/auth/sign-out': 'auth',
  'GET /api/auth/me': 'auth',
  'GET /api/auth/clinic-info/:id': 'public',
  'GET /api/health': 'public',
  'GET /api/ready': 'public',
  'GET /api/uploads/avatars/:name': 'public',
  'HEAD /api/webhooks/withings': 'public',
  'POST /api/webhooks/withings': 'job',
  // The users list and the pickers: staff names, never a patient's.
  'GET /api/users': 'admin',
  'GET /api/users/:id': 'admin',
  'GET /api/users/autoPasswordGeneration': 'admin',
  'POST /api/users': 'admin',
  'PUT /api/users/:id': 'admin',
  'PATCH /api/users/:id/change-active-status': 'admin',
  'PUT /api/users/updateFilters/:userId': 'self',
  'PUT /api/users/updateGraphFilterData/:userId': 'self',
  'POST /api/users/account/avatar': 'self',
  // Clinics carry counts of patients, never a patient.
  'GET /api/clinics': 'admin',
  'GET /api/clinics/:id': 'admin',
  'PUT /api/clinics/:id': 'admin',
  'POST /api/clinics': 'admin',
  'POST /api/devices': 'admin',
  // Deliveries no patient took.
  'GET /api/devices/unrecognised': 'admin',
  'GET /api/smart-meter': 'inventory',
  'GET /api/pylo': 'inventory',
  // Where the Reports section's months start: one date over the user's clinics, no patient.
  'GET /api/reports/first-reading-date': 'admin',
  // The signed-in user's own reports: file names and states.
  'GET /api/reports': 'self',
  // Stores a report and sends its job; the download of what the job built is audited.
  'POST /api/reports/generate-batch': 'job',
  // Forms and their folders: questionnaires shared by every clinic, no patient in them.
  'GET /api/forms': 'admin',
  'GET /api/form-admin': 'admin',
  'POST /api/form-admin/folders': 'admin',
  'PUT /api/form-admin/folders/:folderId': 'admin',
  'PUT /api/form-admin/folder-order': 'admin',
  'POST /api/form-admin/forms': 'admin',
  'PUT /api/form-admin/forms/:formId': 'admin',
  'GET /api/dev/outbox': 'dev',
  'GET /api/manualCronJobs/smsReminders': 'dev',
  ...Object.fromEntries(docs.map((route) => [route, 'docs' as const])),
  ...Object.fromEntries(fakes.map((route) => [route, 'dev' as const])),
};

/** The registered routes, less the HEAD that Fastify adds to each GET (the GET stands for both). */
function registeredRoutes(): string[] {
  const routes = app().vigil.routes;
  const gets = new Set(routes.filter((r) => r.method === 'GET').map((r) => r.url));
  return [
    ...new Set(
      routes
        .filter((r) => r.method !== 'HEAD' || !(gets.has(r.url) || gets.has(r.url.replace(/\/$/, ''))))
        .map((r) => `${r.method} ${r.url}`),
    ),
  ];
}

beforeAll(async () => {
  vendors = await startFakeVendors();
  w = await createTextingWorld({ WITHINGS_API_URL: vendors.withingsUrl });
  const north = (change: Parameters<typeof patientBody>[0]) =>
    addPatient(w, 'northStaff', patientBody(change));
  p.main = await north({ lastName: 'Audited' });
  p.text = await north({ phones: [{ number: textCell, type: 'Cell', notes: '' }], phone: textCell });
  p.bulkOne = await north({ firstName: 'Auditbulkone' });
  p.bulkTwo = await north({ firstName: 'Auditbulktwo' });
  p.devices = await north({ lastName: 'Devicesaudit' });
  p.webhooks = await north({ lastName: 'Webhooks' });
  p.reminder = (await addReminderPatient(w, { times: ['7:30 AM'] })).id;
  await pairDevice(db(), p.webhooks, 'BODYTRACE', bodyTraceScale.imei);
  await pairDevice(db(), p.webhooks, 'Tenovi', tenoviArray[0]!.hwi_device_id);
  await pairDevice(db(), p.webhooks, 'Smart Meter', smartMeter.imei);
  await pairDevice(db(), p.webhooks, 'Pylo', pylo.imei);
  await pairDevice(db(), p.webhooks, 'EDEVICE', eDevice.bluetoothMA);
});
afterAll(async () => {
  await w?.close();
  await vendors?.close();
});

describe('every route is classified', () => {
  it('as patient data with a call, or as something else with its reason; nothing in both, nothing stale', () => {
    const registered = registeredRoutes();
    const unclassified = registered.filter((r) => !(r in patientData) && !(r in notPatientData));
    expect(unclassified, 'routes nobody classified: add them to a table of this test').toEqual([]);
    expect(Object.keys(patientData).filter((r) => r in notPatientData)).toEqual([]);
    const stale = [...Object.keys(patientData), ...Object.keys(notPatientData)].filter(
      (r) => !registered.includes(r),
    );
    expect(stale, 'rows for routes that are not registered').toEqual([]);
  });
});

describe('every patient-data route writes an audit event with a sentence', () => {
  const newestWritten = async () =>
    (
      await db()
        .select({ written: max(auditEvents.written) })
        .from(auditEvents)
    )[0]?.written ?? 0;

  for (const [route, entry] of Object.entries(patientData)) {
    it(route, async () => {
      await entry.setup?.();
      const before = await newestWritten();
      const res = await entry.call();
      expect(res.statusCode, `${route}: ${res.body.slice(0, 300)}`).toBeGreaterThanOrEqual(200);
      expect(res.statusCode, `${route}: ${res.body.slice(0, 300)}`).toBeLessThan(300);
      const events = await db().select().from(auditEvents).where(gt(auditEvents.written, before));
      const readable = events.filter(
        (e) => typeof e.details?.message === 'string' && e.details.message.trim().length > 0,
      );
      const patient = entry.patient(res);
      const named =
        patient === 'list'
          ? readable.filter((e) => e.patientId === null && e.action === 'patients.listed')
          : readable.filter((e) => e.patientId === patient);
      expect(
        named.map((e) => e.details?.message),
        `${route} wrote ${events.map((e) => `${e.action} (${e.patientId})`).join(', ') || 'no event'}`,
      ).not.toEqual([]);
    });
  }
});

describe('what the events hold', () => {
  it('every event carries a sentence, and none holds a password, a session token or a text', async () => {
    const rows = await db()
      .select({ action: auditEvents.action, details: sql<string>`${auditEvents.details}::text` })
      .from(auditEvents);
    expect(rows.length).toBeGreaterThan(Object.keys(patientData).length);
    const unreadable = rows.filter((r) => {
      const message = (JSON.parse(r.details ?? '{}') as { message?: unknown }).message;
      return typeof message !== 'string' || !message.trim();
    });
    expect(unreadable.map((r) => r.action)).toEqual([]);

    // Every text the test sent or received (staff, inbound, welcome, reminder), as stored.
    const bodies = (await db().select({ body: messages.body }).from(messages))
      .map((m) => m.body.trim())
      .filter((b) => b.length >= 12);
    expect(bodies).toEqual(expect.arrayContaining([expect.stringContaining(staffText), inboundText]));
    const secrets = [fixturePassword, ...Object.values(w.tokens), staffText, inboundText, ...bodies];
    const leaks = rows.flatMap((r) =>
      secrets.filter((secret) => r.details?.includes(secret)).map((secret) => `${r.action}: ${secret}`),
    );
    expect(leaks).toEqual([]);
  });
});
