import { z } from 'zod';
import { requiredMatching, requiredText } from '../format/fields.schema.js';
import { messages } from '../messages.js';
import { deviceBrands, deviceTypes, imeiLength, macLength } from './devices.constants.js';

const required = requiredText;
const withoutColons = (value: string) => value.replace(/:/g, '');

/**
 * The add/edit device form (spec administration 5: Device). The identifier is a Withings MAC address
 * (colons ignored) or a Smart Meter / Pylo IMEI; it is submitted as the upper-cased serial number.
 */
export const DeviceForm = z
  .object({
    brand: z.enum(deviceBrands, { error: messages.required }),
    type: z.enum(deviceTypes, { error: messages.required }),
    identifier: required.max(40),
    clinicId: z.string().nullish(),
  })
  .superRefine((device, ctx) => {
    if (device.brand === 'Withings' && withoutColons(device.identifier).length !== macLength)
      ctx.addIssue({ code: 'custom', message: messages.macLength, path: ['identifier'] });
    if (device.brand !== 'Withings' && device.identifier.length !== imeiLength)
      ctx.addIssue({ code: 'custom', message: messages.imeiLength, path: ['identifier'] });
  })
  .transform(({ identifier, ...device }) => ({
    ...device,
    clinicId: device.clinicId || null,
    serialNumber: (device.brand === 'Withings' ? withoutColons(identifier) : identifier).toUpperCase(),
  }));
export type DeviceForm = z.input<typeof DeviceForm>;

/** POST /devices and PUT /devices/{id} body, as the form submits it. */
export const DeviceRequest = z
  .object({
    brand: z.enum(deviceBrands, { error: messages.required }),
    type: z.enum(deviceTypes, { error: messages.required }),
    serialNumber: required.max(40),
    clinicId: z.string().nullish(),
  })
  .transform((d) => ({ ...d, serialNumber: withoutColons(d.serialNumber).toUpperCase() }))
  .superRefine((d, ctx) => {
    const length = d.brand === 'Withings' ? macLength : imeiLength;
    if (d.serialNumber.length !== length)
      ctx.addIssue({
        code: 'custom',
        message: d.brand === 'Withings' ? messages.macLength : messages.imeiLength,
        path: ['serialNumber'],
      });
  });

const imei = requiredMatching(new RegExp(`^\\d{${imeiLength}}$`), messages.imeiLength);

/** Pairing a device from the patient form, per brand (spec patients 5: Device pairing). */
export const PairDeviceForm = z.discriminatedUnion('brand', [
  z.object({ brand: z.literal('BODYTRACE'), imei, deviceName: z.string().trim().max(100).optional() }),
  z.object({
    brand: z.literal('EDEVICE'),
    hubSerialNumber: required.max(40),
    bluetoothMA: required.max(40),
    deviceName: required.max(100),
    deviceModel: required.max(100),
  }),
  z.object({
    brand: z.literal('Withings'),
    macAddress: required.refine((v) => withoutColons(v).length === macLength, messages.macLengthPairing),
    deviceName: z.string().trim().max(100).optional(),
    deviceId: z.string().optional(),
  }),
  z.object({
    brand: z.literal('Smart Meter'),
    deviceObjectId: required,
    deviceName: z.string().max(100).optional(),
  }),
  z.object({
    brand: z.literal('Pylo'),
    deviceObjectId: required,
    deviceName: z.string().max(100).optional(),
  }),
]);
export type PairDeviceForm = z.infer<typeof PairDeviceForm>;
