// `npm run simulate`: drives a running Vigil the way cellular devices do. It finds the chosen demo patients
// and their paired devices through the API (as the demo's operator admin), generates plausible readings,
// and posts each vendor's real wire format to its webhook with the demo secrets (vendors.md).
import { parseArgs } from 'node:util';
import {
  type ConnectedDevice,
  type DeviceType,
  deviceBrandLabels,
  type PatientListPage,
  type PatientView,
  type PriorityListRow,
  type ReadingView,
} from '@vigil/core';
import { createRandom } from '../db/seed/random.js';
import { fakeWithingsUserId } from '../integrations/vendors/fake-vendors.js';
import { choosePatient } from './patient-choice.js';
import { type Usual, usualOf, weightAt } from './usual-readings.js';
import {
  type Measurement,
  type WireDevice,
  type WireRequest,
  webhookRequest,
  withingsMeasureGroup,
} from './wire-formats.js';

const usage = `Usage: npm run simulate -- [options]

  --url <url>           the Vigil to drive (default http://localhost:$PORT, PORT being 3000 when unset)
  --patient <name|id>   a patient by name (or a part naming only them) or id; repeat for more (default:
                        every patient with an active device)
  --days <n>            one reading a day per device over the last n days, ending now (default 1); days
                        before the device was paired with the patient are left out
  --live                keep sending readings taken now until stopped (Ctrl-C), --rate a minute in all
  --rate <n>            readings a minute in live mode (default 6)
  --high                blood pressures cross the high threshold (systolic 205), to raise an alert; a
                        scale's weights are as usual
  --heartbeat           also send a heartbeat (a payload without values) for each device
  --replay              send every delivery twice (the second stores nothing)
  --out-of-range        also send one reading outside the physiological range (refused with 422; a
                        Withings-only patient's is answered 200 and skipped by the pull that follows)
  --seed <n>            random seed, a whole number (default: the clock)
  --email, --password   the account used to find patients and devices (default admin@circle.demo)
`;

interface Target {
  patient: { _id: string; fullName: string; usual: Usual };
  device: WireDevice & { _id: string; type: DeviceType | null; pairedAt: number };
}

interface Options {
  url: string;
  token: string;
  replay: boolean;
}

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** The options; one the simulator does not know stops it with the usage, not a stack trace. */
const args = readOptions();

function readOptions() {
  try {
    return parseArgs({
      options: {
        // The Vigil that `npm start` runs in the same shell: on PORT, as the server reads it.
        url: { type: 'string', default: `http://localhost:${process.env.PORT || 3000}` },
        patient: { type: 'string', multiple: true },
        days: { type: 'string' },
        live: { type: 'boolean', default: false },
        rate: { type: 'string', default: '6' },
        high: { type: 'boolean', default: false },
        heartbeat: { type: 'boolean', default: false },
        replay: { type: 'boolean', default: false },
        'out-of-range': { type: 'boolean', default: false },
        seed: { type: 'string' },
        email: { type: 'string', default: 'admin@circle.demo' },
        password: { type: 'string', default: 'Demo!Pass1' },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    fail(`${(error as Error).message}\n\n${usage}`);
  }
}

/** Vigil went away after answering: said, not a stack trace. */
const stoppedAnswering = (url: string) => fail(`Vigil stopped answering at ${url}.`);

async function api<T>(o: Pick<Options, 'url' | 'token'>, path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${o.url}/api${path}`, {
    ...init,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${o.token}`, ...init.headers },
  }).catch(() => stoppedAnswering(o.url));
  const body = (await response.json().catch(() => ({}))) as T & { message?: string };
  if (!response.ok) fail(`${init.method ?? 'GET'} ${path}: ${response.status} ${body.message ?? ''}`);
  return body;
}

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: args.email, password: args.password }),
  }).catch(() => fail(`Vigil does not answer at ${url}: start it with npm start, or pass --url.`));
  const body = (await response
    .json()
    .catch(() =>
      fail(`What answers at ${url} is not Vigil: start Vigil with npm start, or pass --url.`),
    )) as { token?: string; message?: string };
  if (!body.token) fail(`Could not sign in as ${args.email}: ${body.message ?? response.status}`);
  return body.token;
}

/** Every patient the account sees, or those the --patient choices name. */
async function findPatients(o: Options): Promise<PriorityListRow[]> {
  const rows: PriorityListRow[] = [];
  for (let page = 0; ; page++) {
    const list = await api<PatientListPage<PriorityListRow>>(
      o,
      `/pacients/patient-priority-list?${new URLSearchParams({ page: String(page), pageSize: '100' })}`,
    );
    rows.push(...list.patients);
    if (rows.length >= list.totalPatients || list.patients.length === 0) break;
  }
  const choices = args.patient ?? [];
  if (choices.length === 0) return rows;
  return choices.map((choice) => {
    const found = choosePatient(rows, choice);
    return typeof found === 'string' ? fail(found) : found;
  });
}

async function findTargets(o: Options): Promise<Target[]> {
  const targets: Target[] = [];
  for (const row of await findPatients(o)) {
    const { devices } = await api<{ devices: ConnectedDevice[] }>(
      o,
      `/devices?${new URLSearchParams({ inputVal: '', patientId: row._id })}`,
    );
    const active = devices.filter((d) => d.status === 'active' && !d.deletedAt);
    if (active.length === 0) {
      if (args.patient) console.warn(`${row.fullName} has no active device: nothing to send.`);
      continue;
    }
    const { data } = await api<{ data: PatientView }>(o, `/pacients/${row._id}`);
    const usual = await usualFor(o, data);
    for (const d of active) {
      targets.push({
        patient: { _id: row._id, fullName: row.fullName, usual },
        device: {
          _id: d.device._id,
          brand: d.brand,
          serialNumber: d.serialNumber,
          hubSerialNumber: d.hub,
          type: d.type,
          pairedAt: Date.parse(d.pairedAt),
        },
      });
    }
  }
  return targets;
}

/** The patient's usual figures, from their readings of the last 400 days (the most the API gives at once). */
async function usualFor(o: Options, patient: PatientView): Promise<Usual> {
  const end = new Date();
  const start = new Date(end.getTime() - 400 * 86_400_000);
  const { data } = await api<{ data: { readings: ReadingView[] } }>(
    o,
    `/pacients/${patient._id}/readings?${new URLSearchParams({ start: start.toISOString(), end: end.toISOString() })}`,
  );
  return usualOf(data.readings, patient);
}

/**
 * A plausible measurement for the device's kind, near what is usual for the patient: a scale weighs close to
 * the patient's weight of that time (so no weight alert fires that their own readings would not), a monitor
 * measures pressure and pulse around their usual ones.
 */
function measure(
  target: Target,
  takenAt: Date,
  sequence: number,
  random: ReturnType<typeof createRandom>,
): Measurement {
  const usual = target.patient.usual;
  if (target.device.type === 'Scale') {
    const lbs = weightAt(usual, takenAt.getTime());
    return { takenAt, sequence, weightLbs: Math.round(random.around(lbs, 0.4) * 10) / 10 };
  }
  const high = args.high;
  return {
    takenAt,
    sequence,
    systolic: high ? random.int(205, 212) : Math.round(random.around(usual.systolic, 8)),
    diastolic: high ? random.int(96, 104) : Math.round(random.around(usual.diastolic, 5)),
    heartRate: Math.round(random.around(usual.heartRate, 5)),
  };
}

/** Posts a delivery and says what Vigil made of it, from its answer. */
async function deliver(o: Options, request: WireRequest): Promise<string> {
  const response = await fetch(`${o.url}${request.path}`, {
    method: 'POST',
    headers: request.form
      ? { 'content-type': 'application/x-www-form-urlencoded', ...request.headers }
      : { 'content-type': 'application/json', ...request.headers },
    body: request.form ? new URLSearchParams(request.form).toString() : JSON.stringify(request.body),
  }).catch(() => stoppedAnswering(o.url));
  const body = (await response.json().catch(() => ({}))) as {
    stored?: number;
    duplicates?: number;
    queued?: boolean;
    message?: string;
  };
  const said =
    body.queued !== undefined
      ? body.queued
        ? 'queued for the pull'
        : 'not queued'
      : body.stored !== undefined
        ? body.stored > 0
          ? 'stored'
          : body.duplicates
            ? 'already stored'
            : 'seen (no reading)'
        : (body.message ?? '');
  return `${response.status} ${said}`;
}

/**
 * Posts one measurement as the device's vendor would. Withings sends no values: the measure goes to the
 * demo's fake Withings API, under the Withings user the fake activated the device for, and the
 * notification follows.
 */
async function send(o: Options, target: Target, m: Measurement, label = ''): Promise<void> {
  if (target.device.brand === 'Withings') {
    target.device.vendorUserId = fakeWithingsUserId(target.device.serialNumber);
    if (m.systolic != null || m.weightLbs != null) {
      await api(o, '/dev/vendors/withings/measures', {
        method: 'POST',
        body: JSON.stringify({
          userid: target.device.vendorUserId,
          measuregrps: [withingsMeasureGroup(target.device, m, m.takenAt.getTime() + m.sequence)],
        }),
      });
    }
  }
  const request = webhookRequest(target.device, m);
  const statuses = [await deliver(o, request)];
  if (o.replay) statuses.push(await deliver(o, request));
  const values =
    m.systolic != null
      ? `BP ${m.systolic}/${m.diastolic} HR ${m.heartRate}`
      : m.weightLbs != null
        ? `weight ${m.weightLbs} lbs`
        : 'heartbeat';
  console.info(
    `${m.takenAt.toISOString()}  ${target.patient.fullName.padEnd(24)} ${deviceBrandLabels[target.device.brand].padEnd(11)} ${values.padEnd(22)} → ${statuses.join('; ')}${label}`,
  );
}

async function main() {
  if (args.help) {
    console.info(usage);
    return;
  }
  const url = args.url.replace(/\/$/, '');
  if (args.live && args.days !== undefined)
    fail('--days does not go with --live, which sends readings taken now.');
  const days = Number(args.days ?? 1);
  const rate = Number(args.rate);
  if (!(Number.isInteger(days) && days >= 1 && days <= 365))
    fail('--days must be a whole number from 1 to 365.');
  if (!(rate >= 1 && rate <= 600)) fail('--rate must be between 1 and 600 readings a minute.');
  const seed = args.seed === undefined ? Date.now() : Number(args.seed);
  if (!Number.isSafeInteger(seed)) fail('--seed must be a whole number.');
  const o: Options = { url, token: await signIn(url), replay: args.replay };
  const targets = await findTargets(o);
  if (targets.length === 0) fail('No patient with an active device was found.');
  const random = createRandom(seed);
  let sequence = 0;

  for (const target of targets) {
    if (args.heartbeat) await send(o, target, { takenAt: new Date(), sequence: ++sequence, battery: 76 });
    if (args.high && target.device.type === 'Scale')
      console.warn(
        `${target.patient.fullName}'s scale: --high raises blood pressures; its weights are as usual.`,
      );
  }
  const outOfRange = async (takenAt: Date) => {
    // A push vendor answers at once; a Withings notification is refused later, in the pull.
    const target = targets.find((t) => t.device.brand !== 'Withings') ?? targets[0]!;
    const m: Measurement = { takenAt, sequence: ++sequence, systolic: 320, diastolic: 90, heartRate: 70 };
    if (target.device.type === 'Scale')
      Object.assign(m, { systolic: null, diastolic: null, heartRate: null, weightLbs: 950 });
    await send(o, target, m, '  (out of range)');
  };
  if (args.live) {
    if (args['out-of-range']) await outOfRange(new Date());
    console.info(`Sending ${rate} readings a minute to ${targets.length} devices; Ctrl-C stops.`);
    for (;;) {
      const target = random.pick(targets);
      await send(o, target, measure(target, new Date(), ++sequence, random));
      await new Promise((resolve) => setTimeout(resolve, 60_000 / rate));
    }
  }
  const now = Date.now();
  for (const target of targets) {
    const { pairedAt } = target.device;
    let before = 0;
    for (let day = days - 1; day >= 0; day--) {
      // Today's reading is a minute ago (or just after a pairing made since), so it is never in the future;
      // earlier days at the same time of day. A day before the pairing is not the patient's: left out.
      const takenAt = new Date(
        day === 0 ? Math.max(now - 60_000, Math.min(pairedAt + 1_000, now)) : now - day * 86_400_000 - 60_000,
      );
      if (takenAt.getTime() < pairedAt) before += 1;
      else await send(o, target, measure(target, takenAt, ++sequence, random));
    }
    if (before > 0)
      console.warn(
        `${target.patient.fullName}: ${before} of the days came before the device was paired, not sent.`,
      );
  }
  if (args['out-of-range']) await outOfRange(new Date(now - 30_000));
}

await main();
