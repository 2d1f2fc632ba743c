import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';

/** The advisory locks' class, so that their keys meet no other advisory lock's. */
const identifierLockClass = 9009;

/** A device's identity: its brand and its identifier as stored. */
export interface DeviceIdentifier {
  brand: string;
  serialNumber: string;
}

/**
 * Locks device identifiers until the transaction ends, each once and in one order, whether the inventory
 * holds them or not (decision 0009). Adding a device, or giving one a new identifier, takes the lock, and
 * so does a webhook batch before it lists a delivery from an identifier it found nowhere: whichever
 * commits second sees what the other did, so the unrecognised list keeps no 'Not in the inventory' entry
 * for a device just added. Unlike a row lock, it needs no row: the device does not exist yet.
 */
export async function lockIdentifiers(db: DbOrTx, identifiers: readonly DeviceIdentifier[]): Promise<void> {
  if (identifiers.length === 0) return;
  const keys = [...new Set(identifiers.map((d) => `${d.brand}/${d.serialNumber}`))].sort();
  await db.execute(
    sql`select pg_advisory_xact_lock(${identifierLockClass}, hashtext(k))
        from jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) with ordinality as x(k, n) order by n`,
  );
}
