import { deviceBrandSource, deviceBrands, devicePathSegments, webhookPaths } from '@vigil/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { demoWebhookHeaders } from '../../simulator/wire-formats.js';
import { expectClientAnswer, type MalformedCall } from '../../test/malformed-calls.js';
import {
  addPatient,
  createWorld,
  fixtureIds as ids,
  patientBody,
  type Who,
  type World,
} from '../patients/patient-fixtures.js';
import { addInventoryDevice, connectBodyTrace, nextImei } from './device-fixtures.js';

/**
 * The device and webhook routes under malformed input (DESIGN 2): whatever the ids, bodies and query
 * strings, and whoever asks, the answer is a 4xx with a message, or a success when the input was valid;
 * never a 5xx.
 */
let w: World;
let patient: string;
let device: string;
let imei: string;
beforeAll(async () => {
  w = await createWorld();
  patient = await addPatient(w, 'northStaff', patientBody());
  device = (await addInventoryDevice(w, { brand: 'Pylo', clinicId: ids.north }))._id;
  imei = nextImei();
  await connectBodyTrace(w, 'northStaff', patient, imei);
});
afterAll(() => w.close());

const who = fc.constantFrom<Who>(
  'circleAdmin',
  'navigatorA',
  'northPhysician',
  'northStaff',
  'southPhysician',
);
const id = fc.oneof(
  fc.constantFrom(0, 1, 2).map((i) => [patient, device, imei][i]!),
  fc.uuid(),
  fc.string({ maxLength: 40 }).map(encodeURIComponent),
);
const json = fc.jsonValue({ maxDepth: 3 });
const text = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('', '350000000000001', '00:24:E4:AB:CD:EF'),
);
const field = <T>(arb: fc.Arbitrary<T>) => fc.option(fc.oneof(arb, json), { nil: undefined });
const body = fc.record(
  {
    brand: field(fc.constantFrom(...deviceBrands, 'Nope')),
    type: field(fc.constantFrom('Scale', 'Blood Pressure Monitor', 'Toaster')),
    serialNumber: field(text),
    hubSerialNumber: field(text),
    clinicId: field(fc.constantFrom(ids.north, ids.south, 'x')),
    patientId: field(id),
    deviceObjectId: field(id),
    imei: field(text),
    macAddress: field(text),
    bluetoothMA: field(text),
    BTAddress: field(text),
    hwiDeviceId: field(text),
    deviceName: field(text),
    deviceModel: field(text),
  },
  { requiredKeys: [] },
);
const anyBody = fc.oneof(body, json);
const query = fc
  .dictionary(
    fc.constantFrom('inputValue', 'inputVal', 'limit', 'page', 'sort', 'order', 'patientId'),
    fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('-1', '0', '5', '999999', 'lastSeen', 'asc')),
    { maxKeys: 5 },
  )
  .map((q) => new URLSearchParams(q).toString());
const segment = fc.constantFrom(...Object.values(devicePathSegments));
const action = fc.constantFrom(
  'connect-device',
  'disconnect-device',
  'reconnect-device',
  'add-device',
  'unlink-device',
);

type Call = MalformedCall & { webhook?: boolean };
const calls: fc.Arbitrary<Call> = fc.oneof(
  query.map((q) => ({ method: 'GET' as const, url: `/api/devices/search?${q}` })),
  query.map((q) => ({ method: 'GET' as const, url: `/api/devices/unrecognised?${q}` })),
  query.map((q) => ({ method: 'GET' as const, url: `/api/devices?${q}` })),
  anyBody.map((b) => ({ method: 'POST' as const, url: '/api/devices', body: b })),
  id.map((x) => ({ method: 'GET' as const, url: `/api/devices/${x}` })),
  fc.tuple(id, anyBody).map(([x, b]) => ({ method: 'PUT' as const, url: `/api/devices/${x}`, body: b })),
  id.map((x) => ({ method: 'DELETE' as const, url: `/api/devices/${x}` })),
  anyBody.map((b) => ({ method: 'POST' as const, url: '/api/withings/Updatesimstatus', body: b })),
  fc.tuple(segment, action, id, anyBody).map(([s, a, x, b]) => ({
    method: a === 'connect-device' || a === 'add-device' ? ('POST' as const) : ('PUT' as const),
    url: `/api/${s}/${a}${a === 'add-device' || a === 'unlink-device' ? '' : `/${x}`}`,
    body: b,
  })),
  fc.tuple(segment, id, id).map(([s, p, x]) => ({
    method: 'DELETE' as const,
    url: `/api/${s}/remove-device/${p}/${x}`,
  })),
  fc
    .tuple(fc.constantFrom('smart-meter', 'pylo'), query)
    .map(([s, q]) => ({ method: 'GET' as const, url: `/api/${s}?${q}` })),
  id.map((x) => ({ method: 'GET' as const, url: `/api/pacients/${x}/sync` })),
  fc
    .tuple(fc.constantFrom(...Object.values(webhookPaths)), anyBody)
    .map(([path, b]) => ({ method: 'POST' as const, url: `/api/webhooks/${path}`, body: b, webhook: true })),
);

/** Each webhook with its vendor's demo credentials, so that the body, not the secret, is under test. */
const webhookHeaders = Object.fromEntries(
  deviceBrands.map((brand) => [
    `/api/webhooks/${webhookPaths[deviceBrandSource[brand]]}`,
    demoWebhookHeaders[brand],
  ]),
);

describe('device and webhook routes under malformed input', () => {
  it('answer random ids, bodies and query strings from every role with 4xx, or a success when valid', async () => {
    await fc.assert(
      fc.asyncProperty(calls, who, async (call, user) => {
        const headers = call.webhook
          ? (webhookHeaders[call.url] ?? {})
          : { authorization: `Bearer ${w.tokens[user]}` };
        await expectClientAnswer(w.t.app, call, headers);
      }),
      { numRuns: 400 },
    );
  });
});
