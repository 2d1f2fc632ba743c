import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError, errorMessages } from '@vigil/core';
import type { FastifyRequest } from 'fastify';
import type { VendorConfig } from '../../config.js';

// Both sides are hashed first, so the comparison takes the same time whatever the lengths.
const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** Compares a presented secret with the expected one in constant time; an unset expected one never matches. */
export function secretMatches(presented: string | undefined, expected: string | undefined): boolean {
  if (expected === undefined || expected === '' || presented === undefined) return false;
  return timingSafeEqual(digest(presented), digest(expected));
}

/** The user and password of an HTTP Basic `Authorization` header, or undefined. */
export function basicCredentials(header: string | undefined): { user: string; password: string } | undefined {
  const match = header?.match(/^Basic\s+(\S+)$/i);
  if (!match?.[1]) return undefined;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}

function basicMatches(header: string | undefined, expected: { user: string; password: string } | undefined) {
  const presented = basicCredentials(header);
  // Both halves are compared, always, so a right user with a wrong password takes as long as anything else.
  const user = secretMatches(presented?.user, expected?.user);
  const password = secretMatches(presented?.password, expected?.password);
  return user && password;
}

const header = (req: FastifyRequest, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * Each vendor's way of proving a delivery is theirs (vendors.md): HTTP Basic for BodyTrace and eDevice, the
 * shared secret as `Authorization` for Tenovi, `X-API-KEY` for Smart Meter and Pylo. Withings signs nothing.
 */
export function webhookAuthorised(vendors: VendorConfig) {
  return {
    bodytrace: (req: FastifyRequest) => basicMatches(header(req, 'authorization'), vendors.bodytrace),
    edevice: (req: FastifyRequest) => basicMatches(header(req, 'authorization'), vendors.edevice),
    tenovi: (req: FastifyRequest) => secretMatches(header(req, 'authorization'), vendors.tenoviSecret),
    smartMeter: (req: FastifyRequest) => secretMatches(header(req, 'x-api-key'), vendors.smartMeter.apiKey),
    pylo: (req: FastifyRequest) => secretMatches(header(req, 'x-api-key'), vendors.pyloApiKey),
  };
}

/** An `onRequest` hook refusing a delivery without the vendor's secret: 401, before its body is read. */
export const requireVendorSecret =
  (authorised: (req: FastifyRequest) => boolean) => async (req: FastifyRequest) => {
    if (!authorised(req)) throw new AppError('UNAUTHENTICATED', errorMessages.webhookUnauthorized);
  };
