import { describe, expect, it } from 'vitest';
import { messages } from '../messages.js';
import { deviceBrandSource, deviceBrands, deviceSources, sourceBrand } from './devices.constants.js';
import {
  DeviceForm,
  DeviceRequest,
  identifierAccepted,
  PairDeviceForm,
  serialNumberShown,
} from './devices.schema.js';

describe('device form', () => {
  it.each(['00:24:e4:ab:cd:ef', '00-24-E4-AB-CD-EF'])(
    'submits a Withings MAC address (%s) without its separators, upper-cased, as the serial number',
    (identifier) =>
      expect(DeviceForm.parse({ brand: 'Withings', type: 'Scale', identifier, clinicId: '' })).toEqual({
        brand: 'Withings',
        type: 'Scale',
        clinicId: null,
        hubSerialNumber: null,
        serialNumber: '0024E4ABCDEF',
      }),
  );

  it('asks an eDevice for its hub serial number beside the Bluetooth address', () => {
    const form = { brand: 'EDEVICE', type: 'Scale', identifier: 'a4:c1:38:00:00:01' } as const;
    expect(DeviceForm.safeParse(form).error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['hubSerialNumber', messages.required],
    ]);
    expect(DeviceForm.parse({ ...form, hubSerialNumber: 'hub-7' })).toMatchObject({
      serialNumber: 'A4C138000001',
      hubSerialNumber: 'HUB-7',
    });
    // The address is one device in any notation: as the hubs' deliveries are matched.
    for (const identifier of ['A4-C1-38-00-00-01', 'a4c138000001']) {
      expect(DeviceForm.parse({ ...form, identifier, hubSerialNumber: 'hub-7' }).serialNumber).toBe(
        'A4C138000001',
      );
    }
    // A MAC address, as a Withings one: twelve hexadecimal digits.
    for (const [identifier, message] of [
      ['A4', messages.bluetoothLength],
      ['a4:c1:38:00:00:01:02', messages.bluetoothLength],
      ['A4C1380000ZZ', messages.bluetoothCharacters],
    ]) {
      expect(
        DeviceForm.safeParse({ ...form, identifier, hubSerialNumber: 'hub-7' }).error?.issues.map(
          (i) => i.message,
        ),
      ).toEqual([message]);
    }
  });

  it('takes a Tenovi device id of any length and holds a BodyTrace IMEI to 15 characters', () => {
    expect(DeviceForm.parse({ brand: 'Tenovi', type: 'Scale', identifier: 'tv-12' }).serialNumber).toBe(
      'TV-12',
    );
    expect(
      DeviceForm.safeParse({ brand: 'BODYTRACE', type: 'Scale', identifier: '1234' }).error?.issues[0]
        ?.message,
    ).toBe(messages.imeiLength);
  });

  it('upper-cases the letters a to z of an identifier only, so that it is stored as long as it was checked', () => {
    const tenovi = 'ß'.repeat(40);
    expect(DeviceForm.parse({ brand: 'Tenovi', type: 'Scale', identifier: `${tenovi} ` }).serialNumber).toBe(
      tenovi,
    );
    expect(DeviceRequest.parse({ brand: 'Tenovi', type: 'Scale', serialNumber: tenovi }).serialNumber).toBe(
      tenovi,
    );
    expect(DeviceForm.parse({ brand: 'Tenovi', type: 'Scale', identifier: 'tv-ßé-1' }).serialNumber).toBe(
      'TV-ßé-1',
    );
    expect(
      DeviceForm.parse({
        brand: 'EDEVICE',
        type: 'Scale',
        identifier: 'a4c138000001',
        hubSerialNumber: 'ßub',
      }).hubSerialNumber,
    ).toBe('ßUB');
  });

  it("tells whether an identifier is one the form takes for the brand, in any of the brand's notations", () => {
    expect(identifierAccepted('EDEVICE', 'a4:c1:38:00:00:01')).toBe(true);
    expect(identifierAccepted('EDEVICE', 'ZZ')).toBe(false);
    expect(identifierAccepted('BODYTRACE', '350000000000001')).toBe(true);
    expect(identifierAccepted('BODYTRACE', '35000000000000A')).toBe(false);
    expect(identifierAccepted('Tenovi', 'any-id')).toBe(true);
    expect(identifierAccepted('Tenovi', ' ')).toBe(false);
  });

  it('submits a Smart Meter IMEI as it is', () =>
    expect(
      DeviceForm.parse({
        brand: 'Smart Meter',
        type: 'Blood Pressure Monitor',
        identifier: '350000000000001',
      }).serialNumber,
    ).toBe('350000000000001'));

  it('says what is wrong with the identifier while the type is still to choose', () => {
    const issues = DeviceForm.safeParse({ brand: 'Withings', identifier: '00:24:E4:11' }).error?.issues;
    expect(issues?.map((i) => [i.path[0], i.message])).toEqual([
      ['type', messages.required],
      ['identifier', messages.macLength],
    ]);
  });

  it('requires brand, type and identifier', () => {
    const issues = DeviceForm.safeParse({}).error?.issues.map((i) => [i.path[0], i.message]);
    expect(issues).toEqual([
      ['brand', messages.required],
      ['type', messages.required],
      ['identifier', messages.required],
    ]);
  });

  it('checks the serial number of a request by brand', () => {
    expect(
      DeviceRequest.parse({ brand: 'Withings', type: 'Scale', serialNumber: '00:24:e4:ab:cd:ef' })
        .serialNumber,
    ).toBe('0024E4ABCDEF');
    expect(
      DeviceRequest.safeParse({ brand: 'Withings', type: 'Scale', serialNumber: '0024' }).error?.issues[0]
        ?.message,
    ).toBe(messages.macLength);
    expect(
      DeviceRequest.safeParse({ brand: 'Pylo', type: 'Scale', serialNumber: '12' }).error?.issues[0]?.message,
    ).toBe(messages.imeiLength);
  });

  it('takes an IMEI of digits and a MAC address of hexadecimal digits only: no delivery could use another', () => {
    const message = (brand: string, serialNumber: string) =>
      DeviceRequest.safeParse({ brand, type: 'Scale', serialNumber }).error?.issues[0]?.message;
    // Of the right length, they are told what is wrong with their characters, not with their length.
    expect(message('BODYTRACE', 'ABCDEFGHIJKLMNO')).toBe(messages.imeiDigits);
    expect(message('Smart Meter', '35987654321001X')).toBe(messages.imeiDigits);
    expect(message('Pylo', '35987654321001')).toBe(messages.imeiLength);
    expect(message('Withings', 'ZZ:ZZ:ZZ:ZZ:ZZ:ZZ')).toBe(messages.macCharacters);
    expect(message('Withings', 'GG:HH')).toBe(messages.macLength);
    expect(message('BODYTRACE', '013950000777785')).toBeUndefined();
  });
});

describe('device pairing', () => {
  it.each([
    [{ brand: 'BODYTRACE', imei: '350000000000001' }, true],
    [{ brand: 'BODYTRACE', imei: '35000000000000A' }, false],
    [
      {
        brand: 'EDEVICE',
        hubSerialNumber: 'H1',
        bluetoothMA: 'a4-c1-38-00-00-01',
        deviceName: 'Cuff',
        deviceModel: 'M1',
      },
      true,
    ],
    [
      { brand: 'EDEVICE', hubSerialNumber: 'H1', bluetoothMA: 'B1', deviceName: 'Cuff', deviceModel: 'M1' },
      false,
    ],
    [
      {
        brand: 'EDEVICE',
        hubSerialNumber: 'H1',
        bluetoothMA: 'A4C1380000ZZ',
        deviceName: 'Cuff',
        deviceModel: 'M1',
      },
      false,
    ],
    [
      { brand: 'EDEVICE', hubSerialNumber: 'H1', bluetoothMA: '', deviceName: 'Cuff', deviceModel: 'M1' },
      false,
    ],
    [
      { brand: 'EDEVICE', hubSerialNumber: 'H1', bluetoothMA: '--', deviceName: 'Cuff', deviceModel: 'M1' },
      false,
    ],
    [{ brand: 'Withings', macAddress: '00:24:E4:AB:CD:EF' }, true],
    [{ brand: 'Withings', macAddress: '00-24-e4-ab-cd-ef' }, true],
    [{ brand: 'Withings', macAddress: 'zz:zz:zz:zz:zz:zz' }, false],
    [{ brand: 'Withings', macAddress: 'hello world!' }, false],
    [{ brand: 'Smart Meter', deviceObjectId: 'd1' }, true],
    [{ brand: 'Pylo', deviceObjectId: '' }, false],
    [{ brand: 'Tenovi', hwiDeviceId: 'TV-1' }, true],
    [{ brand: 'Tenovi', hwiDeviceId: ' ' }, false],
  ])('%o is valid: %s', (input, ok) => expect(PairDeviceForm.safeParse(input).success).toBe(ok));
});

describe('identifiers shown', () => {
  it('shows a Withings MAC address with colons, and every other identifier as stored', () => {
    expect(serialNumberShown('Withings', '0024E4ABCDEF')).toBe('00:24:E4:AB:CD:EF');
    expect(serialNumberShown('Withings', '0024E4')).toBe('0024E4');
    expect(serialNumberShown('EDEVICE', 'A4C1380E1122')).toBe('A4C1380E1122');
    expect(serialNumberShown('BODYTRACE', '359876543210012')).toBe('359876543210012');
  });
});

describe('brands and sources', () => {
  it('map each brand to its webhook source and back', () => {
    for (const brand of deviceBrands) expect(sourceBrand[deviceBrandSource[brand]]).toBe(brand);
    expect(new Set(deviceBrands.map((b) => deviceBrandSource[b]))).toEqual(new Set(deviceSources));
  });
});
