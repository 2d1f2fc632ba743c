import { DeviceRequest, DeviceSearchQuery } from '@vigil/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  BtAddressBody,
  brandPaths,
  DeactivateBody,
  DeviceIdParams,
  DeviceObjectBody,
  FormBody,
  ImeiBody,
  PatientDeviceObjectBody,
  PatientDevicePath,
  PatientDevicesQuery,
  PatientFormBody,
  PatientImeiPath,
  PatientPath,
  PatientQuery,
  UnrecognisedQuery,
} from './devices.schema.js';
import { type DevicesService, requireOperator } from './devices.service.js';

/** The device calls of spec administration 7 and patients 7, at the paths of decision 0009. */
export function devicesRoutes(app: FastifyInstance, devices: DevicesService) {
  inventoryRoutes(app, devices);
  pairingRoutes(app, devices);
}

/** The inventory (Device Management): its changes are the operator's. */
function inventoryRoutes(app: FastifyInstance, devices: DevicesService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['devices'];
  // The operator's calls refuse anyone else before the input is read: 403 whatever was sent.
  const preValidation = async (req: FastifyRequest) => requireOperator(req.user);

  // The inventory's answers sit in `data`, as spec administration 7 reads them (data.devices, data.count,
  // data.device); the pairing calls answer bare, as spec patients 7 reads them ({devices}).
  // The literal paths are declared before /devices/:id so they win.
  api.get('/devices/search', { schema: { tags, querystring: DeviceSearchQuery } }, async (req) => ({
    data: await devices.search(req.user, req.query, req.ip),
  }));

  api.get(
    '/devices/unrecognised',
    { preValidation, schema: { tags, querystring: UnrecognisedQuery } },
    async (req) => ({ data: await devices.unrecognised(req.user, req.query) }),
  );

  api.post('/devices', { preValidation, schema: { tags, body: DeviceRequest } }, async (req, reply) =>
    reply.status(201).send({ data: await devices.create(req.user, req.body, req.ip) }),
  );

  api.get('/devices/:id', { schema: { tags, params: DeviceIdParams } }, async (req) => ({
    data: await devices.get(req.user, req.params.id, req.ip),
  }));

  api.put(
    '/devices/:id',
    { preValidation, schema: { tags, params: DeviceIdParams, body: DeviceRequest } },
    async (req) => ({ data: await devices.update(req.user, req.params.id, req.body, req.ip) }),
  );

  api.delete('/devices/:id', { preValidation, schema: { tags, params: DeviceIdParams } }, async (req) =>
    devices.remove(req.user, req.params.id, req.ip),
  );

  // Deactivation is on the Withings path in the spec, for a device of any brand.
  api.post(
    '/withings/Updatesimstatus',
    { preValidation, schema: { tags, body: DeactivateBody } },
    async (req) => devices.deactivate(req.user, req.body.deviceObjectId, req.ip),
  );

  for (const [segment, brand] of Object.entries(brandPaths)) {
    api.put(
      `/${segment}/unlink-device`,
      { preValidation, schema: { tags, body: DeviceObjectBody } },
      async (req) => devices.unlink(req.user, brand, req.body.deviceObjectId, req.ip),
    );
  }
}

/** Pairing from the patient form: the patient is in the path or the body, and must be in the user's scope. */
function pairingRoutes(app: FastifyInstance, devices: DevicesService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['device pairing'];

  api.get('/devices', { schema: { tags, querystring: PatientDevicesQuery } }, async (req) =>
    devices.patientDevices(req.user, req.query.patientId, req.query.inputVal, req.ip),
  );

  // Brands that name the patient in the path and the device by identifier or `_id`.
  for (const segment of ['bodytrace', 'e-device', 'withings', 'tenovi'] as const) {
    const brand = brandPaths[segment];
    api.post(
      `/${segment}/connect-device/:patientId`,
      { schema: { tags, params: PatientPath, body: FormBody } },
      async (req, reply) =>
        reply
          .status(201)
          .send(await devices.connect(req.user, brand, req.params.patientId, req.body, req.ip)),
    );
  }

  api.put(
    '/bodytrace/disconnect-device/:patientId',
    { schema: { tags, params: PatientPath, body: ImeiBody } },
    async (req) =>
      devices.disconnect(req.user, 'BODYTRACE', req.params.patientId, { identifier: req.body.imei }, req.ip),
  );
  api.put(
    '/bodytrace/reconnect-device/:patientId',
    { schema: { tags, params: PatientPath, body: ImeiBody } },
    async (req) =>
      devices.reconnect(req.user, 'BODYTRACE', req.params.patientId, { identifier: req.body.imei }, req.ip),
  );
  api.delete(
    '/bodytrace/remove-device/:patientId/:imei',
    { schema: { tags, params: PatientImeiPath } },
    async (req) =>
      devices.removeFromPatient(
        req.user,
        'BODYTRACE',
        req.params.patientId,
        { identifier: req.params.imei },
        req.ip,
      ),
  );

  api.put(
    '/e-device/disconnect-device/:patientId',
    { schema: { tags, params: PatientPath, body: BtAddressBody } },
    async (req) =>
      devices.disconnect(
        req.user,
        'EDEVICE',
        req.params.patientId,
        { identifier: req.body.BTAddress },
        req.ip,
      ),
  );
  api.put(
    '/e-device/reconnect-device/:patientId',
    { schema: { tags, params: PatientPath, body: BtAddressBody } },
    async (req) =>
      devices.reconnect(
        req.user,
        'EDEVICE',
        req.params.patientId,
        { identifier: req.body.BTAddress },
        req.ip,
        req.body.hubSerialNumber,
      ),
  );

  for (const segment of ['e-device', 'withings', 'tenovi'] as const) {
    const brand = brandPaths[segment];
    api.delete(
      `/${segment}/remove-device/:patientId/:id`,
      { schema: { tags, params: PatientDevicePath } },
      async (req) =>
        devices.removeFromPatient(req.user, brand, req.params.patientId, { id: req.params.id }, req.ip),
    );
  }

  for (const segment of ['withings', 'tenovi'] as const) {
    const brand = brandPaths[segment];
    api.put(
      `/${segment}/disconnect-device/:patientId`,
      { schema: { tags, params: PatientPath, body: DeviceObjectBody } },
      async (req) =>
        devices.disconnect(req.user, brand, req.params.patientId, { id: req.body.deviceObjectId }, req.ip),
    );
    api.put(
      `/${segment}/reconnect-device/:patientId`,
      { schema: { tags, params: PatientPath, body: DeviceObjectBody } },
      async (req) =>
        devices.reconnect(req.user, brand, req.params.patientId, { id: req.body.deviceObjectId }, req.ip),
    );
  }

  // Brands that name the patient in the body; Smart Meter and Pylo pick from the clinic's free devices.
  for (const segment of ['withings', 'smart-meter', 'pylo'] as const) {
    const brand = brandPaths[segment];
    api.post(`/${segment}/add-device`, { schema: { tags, body: PatientFormBody } }, async (req, reply) =>
      reply.status(201).send(await devices.addDevice(req.user, brand, req.body.patientId, req.body, req.ip)),
    );
  }

  for (const segment of ['smart-meter', 'pylo'] as const) {
    const brand = brandPaths[segment];
    api.get(`/${segment}`, { schema: { tags, querystring: PatientQuery } }, async (req) =>
      devices.freeDevices(req.user, brand, req.query.patientId),
    );
    api.post(`/${segment}/connect-device`, { schema: { tags, body: PatientFormBody } }, async (req, reply) =>
      reply.status(201).send(await devices.connect(req.user, brand, req.body.patientId, req.body, req.ip)),
    );
    api.put(
      `/${segment}/disconnect-device`,
      { schema: { tags, body: PatientDeviceObjectBody } },
      async (req) =>
        devices.disconnect(req.user, brand, req.body.patientId, { id: req.body.deviceObjectId }, req.ip),
    );
    api.put(
      `/${segment}/reconnect-device`,
      { schema: { tags, body: PatientDeviceObjectBody } },
      async (req) =>
        devices.reconnect(req.user, brand, req.body.patientId, { id: req.body.deviceObjectId }, req.ip),
    );
  }
}
