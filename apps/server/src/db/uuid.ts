/**
 * Ids come from paths and bodies as any string; PostgreSQL rejects a malformed uuid with an error, so a
 * lookup by id first checks the shape and finds nothing for anything else.
 */
export const isUuid = (value: string) =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
