-- A Pylo or eDevice reading is named by its device and its `id` (decision 0009, 2026-11-29): nothing says an `id` is
-- unique beyond its device, and a reading of one device had been dropped as a replay of another's. The stored ones
-- are renamed as the adapters name them now, '<identifier>:<id>', so that a resend of a reading stored before is
-- still known. The (source, id) pairs were unique, so the new names are.
UPDATE "readings" r
SET "vendor_reading_id" = d."serial_number" || ':' || r."vendor_reading_id"
FROM "devices" d
WHERE r."device_id" = d."id" AND r."source" IN ('PYLO', 'EDEVICE') AND r."vendor_reading_id" IS NOT NULL;
