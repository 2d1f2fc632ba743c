import { z } from 'zod';
import { VendorUnavailableError, vendorFetch } from './vendor-error.js';

export interface SmartMeterApiConfig {
  apiUrl: string;
  apiKey: string | undefined;
}

const TokenAnswer = z
  .object({ token: z.string().min(1).optional(), access_token: z.string().min(1).optional() })
  .refine((t) => t.token ?? t.access_token);
const ReadingsAnswer = z.union([
  z.array(z.unknown()),
  z
    .object({ readings: z.array(z.unknown()).optional(), data: z.array(z.unknown()).optional() })
    .refine((r) => r.readings ?? r.data),
]);

/**
 * Smart Meter's pull API (vendors.md, known from third-party code): a token from `GET /api/token` with the
 * `X-API-KEY`, then `POST /api/readings {date_start, date_end}` with it as a bearer token. The readings
 * are answered as sent (the adapter parses them).
 */
export function createSmartMeterClient(config: SmartMeterApiConfig, fetchImpl: typeof fetch = fetch) {
  return {
    async token(): Promise<string> {
      if (!config.apiKey) throw new VendorUnavailableError('Smart Meter', 'SMART_METER_API_KEY is not set');
      const json = await vendorFetch(
        'Smart Meter',
        `${config.apiUrl}/api/token`,
        { method: 'GET', headers: { 'x-api-key': config.apiKey } },
        fetchImpl,
      );
      const parsed = TokenAnswer.safeParse(json);
      if (!parsed.success) throw new VendorUnavailableError('Smart Meter', 'token: unexpected answer');
      return (parsed.data.token ?? parsed.data.access_token)!;
    },

    async readings(token: string, range: { start: Date; end: Date }): Promise<unknown[]> {
      const json = await vendorFetch(
        'Smart Meter',
        `${config.apiUrl}/api/readings`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ date_start: range.start.toISOString(), date_end: range.end.toISOString() }),
        },
        fetchImpl,
      );
      const parsed = ReadingsAnswer.safeParse(json);
      if (!parsed.success) throw new VendorUnavailableError('Smart Meter', 'readings: unexpected answer');
      const data = parsed.data;
      return Array.isArray(data) ? data : (data.readings ?? data.data)!;
    },
  };
}

export type SmartMeterClient = ReturnType<typeof createSmartMeterClient>;
