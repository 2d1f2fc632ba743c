import type { Clock } from '../../clock.js';
import type { VendorConfig } from '../../config.js';
import type { DbOrTx } from '../../db/client.js';
import { decryptToken, encryptToken, opensWith } from '../../integrations/vendors/token-cipher.js';
import { VendorUnavailableError } from '../../integrations/vendors/vendor-error.js';
import {
  createWithingsClient,
  type WithingsTokens,
  withingsMac,
} from '../../integrations/vendors/withings.client.js';
import { createIngestionRepository, type WithingsDeviceRow } from './ingestion.repository.js';

export interface WithingsDeps {
  vendors: VendorConfig;
  clock: Clock;
  /** Where Withings redirects after authorisation, when the partner app has one registered. */
  redirectUri?: string;
  fetch?: typeof fetch;
}

/** A token refreshed this long before it expires, so a pull never starts with a token about to die. */
const refreshMarginMs = 5 * 60_000;

function tokenKey(vendors: VendorConfig): Buffer {
  if (!vendors.tokenKey) {
    throw new VendorUnavailableError('Withings', 'DEVICE_TOKEN_KEY is not set: tokens cannot be stored');
  }
  return vendors.tokenKey;
}

async function storeTokens(
  deps: WithingsDeps,
  db: DbOrTx,
  deviceIds: readonly string[],
  tokens: WithingsTokens,
): Promise<void> {
  const key = tokenKey(deps.vendors);
  const now = deps.clock.now();
  await createIngestionRepository(db).updateVendorTokens(
    deviceIds,
    {
      userId: tokens.userId,
      accessToken: encryptToken(key, tokens.accessToken),
      refreshToken: encryptToken(key, tokens.refreshToken),
      expiresAt: new Date(now.getTime() + tokens.expiresIn * 1000),
    },
    now,
  );
}

/**
 * Activates a cellular Withings device (decision 0009): Withings' Activate API ties its MAC address to a
 * new Withings user, whose authorization code becomes tokens. It only talks to Withings: it answers the
 * Withings user id, and how to store the tokens on a device row, encrypted, with the user id that
 * notifications name. A pairing activates before its transaction and stores in it, so no transaction waits
 * on Withings, and a pairing whose activation fails is not kept.
 */
export async function activateWithingsDevice(
  deps: WithingsDeps,
  device: { id: string; serialNumber: string },
): Promise<{ userId: string; store: (db: DbOrTx, deviceId: string) => Promise<void> }> {
  tokenKey(deps.vendors);
  const client = createWithingsClient(deps.vendors.withings, deps.fetch);
  const code = await client.activate({
    macAddresses: [withingsMac(device.serialNumber)],
    externalId: device.id,
    nowSeconds: Math.floor(deps.clock.now().getTime() / 1000),
    redirectUri: deps.redirectUri,
  });
  const tokens = await client.requestToken(code, deps.redirectUri);
  return { userId: tokens.userId, store: (db, deviceId) => storeTokens(deps, db, [deviceId], tokens) };
}

/**
 * Whether DEVICE_TOKEN_KEY opens the Withings tokens the database holds (true when it holds none): checked
 * at start, since a changed key otherwise shows only as pulls that fail.
 */
export async function storedTokensOpen(vendors: VendorConfig, db: DbOrTx): Promise<boolean> {
  const token = await createIngestionRepository(db).findAnyVendorToken();
  return token === undefined || !vendors.tokenKey || opensWith(vendors.tokenKey, token);
}

/**
 * A stored token decrypted; a token the key does not open is Withings out of reach, as a pull or a Sync
 * sees it, with what the operator must look at (a changed DEVICE_TOKEN_KEY).
 */
function decrypted(key: Buffer, stored: string): string {
  try {
    return decryptToken(key, stored);
  } catch (error) {
    throw new VendorUnavailableError('Withings', (error as Error).message);
  }
}

/** A stored access token that outlives the margin, decrypted; null when it must be refreshed first. */
function storedAccessToken(deps: WithingsDeps, device: WithingsDeviceRow, key: Buffer): string | null {
  const expires = device.vendorTokenExpiresAt?.getTime() ?? 0;
  if (!device.vendorAccessToken || expires - refreshMarginMs <= deps.clock.now().getTime()) return null;
  return decrypted(key, device.vendorAccessToken);
}

/**
 * The refreshes under way, by the (encrypted) refresh token they use: concurrent pulls of one Withings user
 * (a Sync pressed twice, a notification's job during a Sync) share one, since Withings retires a refresh
 * token once used and refuses a second use. The ciphertext is unique to one storing of the tokens.
 */
const refreshes = new Map<string, Promise<string>>();

async function refreshAccessToken(
  deps: WithingsDeps,
  db: DbOrTx,
  device: WithingsDeviceRow & { vendorRefreshToken: string },
  siblings: readonly string[],
  key: Buffer,
): Promise<string> {
  const client = createWithingsClient(deps.vendors.withings, deps.fetch);
  try {
    const tokens = await client.refreshToken(decrypted(key, device.vendorRefreshToken));
    await storeTokens(deps, db, siblings, tokens);
    return tokens.accessToken;
  } catch (error) {
    // Refused because another refresh (read from the device before it stored, or of another server process)
    // used the token first: the tokens it stored serve.
    const stored = device.vendorUserId
      ? (await createIngestionRepository(db).findWithingsDevicesByUserId(device.vendorUserId)).find(
          (d) => d.id === device.id,
        )
      : undefined;
    const token =
      stored && stored.vendorRefreshToken !== device.vendorRefreshToken
        ? storedAccessToken(deps, stored, key)
        : null;
    if (token === null) throw error;
    return token;
  }
}

/**
 * A usable access token for a Withings device: the stored one, or, when it has expired (or is about to),
 * a new one from the refresh token, stored at once on every device of that Withings user (Withings
 * retires the old refresh token). Concurrent callers share one refresh. Null for a device that was never
 * activated.
 */
export async function withingsAccessToken(
  deps: WithingsDeps,
  db: DbOrTx,
  device: WithingsDeviceRow,
  siblings: readonly string[] = [device.id],
): Promise<string | null> {
  const { vendorRefreshToken } = device;
  if (!device.vendorAccessToken || !vendorRefreshToken) return null;
  const key = tokenKey(deps.vendors);
  const stored = storedAccessToken(deps, device, key);
  if (stored !== null) return stored;
  let refresh = refreshes.get(vendorRefreshToken);
  if (!refresh) {
    refresh = refreshAccessToken(deps, db, { ...device, vendorRefreshToken }, siblings, key).finally(() =>
      refreshes.delete(vendorRefreshToken),
    );
    refreshes.set(vendorRefreshToken, refresh);
  }
  return refresh;
}
