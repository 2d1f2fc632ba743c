import { numberOrText, requiredText } from '../format/fields.schema.js';
import { z } from '../format/zod.js';
import { messages } from '../messages.js';
import {
  type DeviceBrand,
  deviceBrands,
  deviceSortFields,
  deviceTypes,
  imeiLength,
  macLength,
} from './devices.constants.js';

const required = requiredText;
/** A MAC address as people and hubs write it, 'A4:C1:38:0E:11:22' or 'A4-C1-38-0E-11-22', is 'A4C1380E1122'. */
const withoutSeparators = (value: string) => value.replace(/[:-]/g, '');
const imeiBrands: readonly DeviceBrand[] = ['Smart Meter', 'Pylo', 'BODYTRACE'];
/** An IMEI is its 15 digits; a MAC address 12 hexadecimal ones (upper-cased, as stored). */
const imeiPattern = new RegExp(`^\\d{${imeiLength}}$`);
const macPattern = new RegExp(`^[0-9A-F]{${macLength}}$`);

/**
 * The identifier as stored and as deliveries are matched on: upper-cased, a MAC address (a Withings device's,
 * an eDevice's Bluetooth address) without its colons or dashes (however the operator typed it and the hub
 * sends it, one device).
 */
export function normaliseSerialNumber(brand: DeviceBrand, identifier: string): string {
  const kept = brand === 'Withings' || brand === 'EDEVICE' ? withoutSeparators(identifier) : identifier;
  return upperCaseIdentifier(kept);
}

/**
 * An identifier trimmed, its letters a to z upper-cased and nothing else changed: device identifiers are
 * ASCII, and a full upper-casing could lengthen one after its length was checked ('ß' is 'SS').
 */
export function upperCaseIdentifier(identifier: string): string {
  return identifier.trim().replace(/[a-z]+/g, (letters) => letters.toUpperCase());
}

/**
 * A device's identifier as the screens show it: a Withings MAC address with the colons it is printed with
 * ('00:24:E4:AB:CD:EF'), every other as stored.
 */
export function serialNumberShown(brand: DeviceBrand, serialNumber: string): string {
  if (brand !== 'Withings' || !macPattern.test(serialNumber)) return serialNumber;
  return serialNumber.match(/.{2}/g)!.join(':');
}

/** How a rule on an identifier's characters is worded: its length (the spec's message), then its kind. */
interface IdentifierWording {
  length: string;
  characters: string;
}
/** A form's wordings of the MAC address rules: a Withings MAC address's and an eDevice Bluetooth address's. */
interface MacWordings {
  mac: IdentifierWording;
  bluetooth: IdentifierWording;
}
const inventoryWordings: MacWordings = {
  mac: { length: messages.macLength, characters: messages.macCharacters },
  bluetooth: { length: messages.bluetoothLength, characters: messages.bluetoothCharacters },
};
const pairingWordings: MacWordings = {
  mac: { length: messages.macLengthPairing, characters: messages.macCharactersPairing },
  bluetooth: { length: messages.bluetoothLengthPairing, characters: messages.bluetoothCharactersPairing },
};
const imeiWording: IdentifierWording = { length: messages.imeiLength, characters: messages.imeiDigits };

/**
 * What is wrong with an identifier that must be `pattern` (a MAC address hexadecimal, an IMEI digits): its
 * length, else its characters. An identifier of the right length is not told its length is wrong.
 */
function patternProblem(
  value: string,
  pattern: RegExp,
  length: number,
  wording: IdentifierWording,
): string | null {
  if (value.length !== length) return wording.length;
  return pattern.test(value) ? null : wording.characters;
}

/**
 * The identifier's rule for a brand (spec administration 5: Device), or null when it is fine. A MAC address's
 * rule is worded as the inventory's form words it, unless the patient form's wording is given.
 */
function identifierProblem(
  brand: DeviceBrand,
  serialNumber: string,
  wordings: MacWordings = inventoryWordings,
): string | null {
  // Separators alone ('--' for an eDevice address) are no identifier.
  if (!serialNumber) return messages.required;
  // A MAC address is hexadecimal, an IMEI digits: one of letters could never be paired or delivered. An
  // eDevice's Bluetooth address is a MAC address too.
  if (brand === 'Withings') return patternProblem(serialNumber, macPattern, macLength, wordings.mac);
  if (brand === 'EDEVICE') return patternProblem(serialNumber, macPattern, macLength, wordings.bluetooth);
  if (imeiBrands.includes(brand)) return patternProblem(serialNumber, imeiPattern, imeiLength, imeiWording);
  return null;
}

/**
 * A field of the patient form's pairing that must be `pattern` once normalised, worded as `wording`; a
 * value too long is told the length it must have.
 */
const matchingField = (brand: DeviceBrand, pattern: RegExp, length: number, wording: IdentifierWording) =>
  required.superRefine((v, ctx) => {
    const value = normaliseSerialNumber(brand, v);
    // Separators alone ('--' for an eDevice address) are no identifier.
    const problem = value === '' ? messages.required : patternProblem(value, pattern, length, wording);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Whether an identifier is one the inventory's form takes for the brand (spec administration 5). */
export const identifierAccepted = (brand: DeviceBrand, identifier: string) =>
  identifierProblem(brand, normaliseSerialNumber(brand, identifier)) === null;

const upperCaseHub = (hub: string | null | undefined) => (hub ? upperCaseIdentifier(hub) : null);

const deviceFields = {
  brand: z.enum(deviceBrands),
  type: z.enum(deviceTypes),
  /** eDevice only: the hub the Bluetooth device forwards through. */
  hubSerialNumber: z.string().trim().max(40).nullish(),
  clinicId: z.string().nullish(),
};

function checkHub(
  device: { brand: DeviceBrand; hubSerialNumber?: string | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (device.brand === 'EDEVICE' && !device.hubSerialNumber)
    ctx.addIssue({ code: 'custom', message: messages.required, path: ['hubSerialNumber'] });
}

/**
 * The add/edit device form (spec administration 2 and 5). The identifier is the brand's: a Withings MAC
 * address (colons ignored), an IMEI (Smart Meter, Pylo, BodyTrace), an eDevice Bluetooth address with its
 * hub serial number, or a Tenovi device id. It is submitted upper-cased as the serial number.
 */
const deviceFormFields = { ...deviceFields, identifier: required.max(40) };
/**
 * The identifier's and the hub's rules run as soon as the brand, the identifier and the hub can be read: a
 * check of the whole form would wait for every field, so 'MAC Address must be 12 characters long' stayed
 * hidden until a type was chosen.
 */
const identityReadable = z.object({
  brand: deviceFormFields.brand,
  identifier: deviceFormFields.identifier,
  hubSerialNumber: deviceFormFields.hubSerialNumber,
});
export const DeviceForm = z
  .object(deviceFormFields)
  .superRefine(
    (device, ctx) => {
      const problem = identifierProblem(device.brand, normaliseSerialNumber(device.brand, device.identifier));
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['identifier'] });
      checkHub(device, ctx);
    },
    { when: (payload) => identityReadable.safeParse(payload.value).success },
  )
  .transform(({ identifier, ...device }) => ({
    ...device,
    hubSerialNumber: device.brand === 'EDEVICE' ? upperCaseHub(device.hubSerialNumber) : null,
    clinicId: device.clinicId || null,
    serialNumber: normaliseSerialNumber(device.brand, identifier),
  }));
export type DeviceForm = z.input<typeof DeviceForm>;

const deviceRequest = (wordings: MacWordings) =>
  z
    .object({ ...deviceFields, serialNumber: required.max(40) })
    .transform((d) => ({
      ...d,
      serialNumber: normaliseSerialNumber(d.brand, d.serialNumber),
      hubSerialNumber: d.brand === 'EDEVICE' ? upperCaseHub(d.hubSerialNumber) : null,
      clinicId: d.clinicId || null,
    }))
    .superRefine((d, ctx) => {
      const problem = identifierProblem(d.brand, d.serialNumber, wordings);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['serialNumber'] });
      checkHub(d, ctx);
    });
/** POST /devices and PUT /devices/{id} body, as the form submits it. */
export const DeviceRequest = deviceRequest(inventoryWordings);
export type DeviceRequest = z.output<typeof DeviceRequest>;
/** The patient form's add-device calls (spec patients 7), worded as that form words a MAC address's rule. */
export const PatientDeviceRequest = deviceRequest(pairingWordings);

/** The inventory's search (spec administration 7: inputValue, limit, page, sort, order). */
export const DeviceSearchQuery = z.object({
  inputValue: z.string().trim().max(100).default(''),
  limit: numberOrText(z.number().int().min(1).max(100)).default(10),
  page: numberOrText(z.number().int().min(1).max(100_000)).default(1),
  sort: z.enum(deviceSortFields).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type DeviceSearchQuery = z.infer<typeof DeviceSearchQuery>;

const imei = matchingField('BODYTRACE', imeiPattern, imeiLength, imeiWording);
const optionalName = z.string().trim().max(100).optional();
const optionalType = z.enum(deviceTypes).optional();

/** Pairing a device from the patient form, per brand (spec patients 5: Device pairing). */
export const PairDeviceForm = z.discriminatedUnion('brand', [
  z.object({ brand: z.literal('BODYTRACE'), imei, deviceName: optionalName, type: optionalType }),
  z.object({
    brand: z.literal('EDEVICE'),
    hubSerialNumber: required.max(40),
    // A MAC address, separators aside, as the Withings one: separators alone ('--') are no address, and
    // any other twelve characters made a device no hub's delivery could reach.
    bluetoothMA: matchingField('EDEVICE', macPattern, macLength, pairingWordings.bluetooth),
    deviceName: required.max(100),
    deviceModel: required.max(100),
  }),
  z.object({
    brand: z.literal('Withings'),
    // Twelve hexadecimal digits, separators aside, as the inventory's form asks: any other twelve characters
    // made a device no reading could ever reach, which once paired cannot be corrected.
    macAddress: matchingField('Withings', macPattern, macLength, pairingWordings.mac),
    deviceName: optionalName,
    deviceId: z.string().optional(),
    type: optionalType,
  }),
  z.object({ brand: z.literal('Smart Meter'), deviceObjectId: required, deviceName: optionalName }),
  z.object({ brand: z.literal('Pylo'), deviceObjectId: required, deviceName: optionalName }),
  z.object({
    brand: z.literal('Tenovi'),
    hwiDeviceId: required.max(40),
    deviceName: optionalName,
    type: optionalType,
  }),
]);
export type PairDeviceForm = z.infer<typeof PairDeviceForm>;
