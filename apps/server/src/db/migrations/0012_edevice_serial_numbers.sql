-- An eDevice's Bluetooth address is stored without its colons or dashes, as the hubs' deliveries are now matched
-- (decision 0009, 2026-11-25): 'A4:C1:38:0E:11:22' becomes 'A4C1380E1122'. A device whose address, so written,
-- another device of the inventory already has is left as it was (the two are one device entered twice; the
-- operator deletes one).
UPDATE "devices" d
SET "serial_number" = upper(regexp_replace(d."serial_number", '[:-]', '', 'g'))
WHERE d."brand" = 'EDEVICE' AND d."deleted_at" IS NULL AND d."serial_number" ~ '[:-]'
  AND NOT EXISTS (
    SELECT 1 FROM "devices" o
    WHERE o."brand" = 'EDEVICE' AND o."deleted_at" IS NULL AND o."id" <> d."id"
      AND upper(regexp_replace(o."serial_number", '[:-]', '', 'g')) = upper(regexp_replace(d."serial_number", '[:-]', '', 'g'))
  );
--> statement-breakpoint
-- Deliveries set aside as 'Not in the inventory' under an address that, written the new way, is an inventory
-- device: sorted out, as adding the device would have done.
DELETE FROM "unrecognised_devices" u
WHERE u."source" = 'EDEVICE' AND u."reason" = 'unknownDevice'
  AND EXISTS (
    SELECT 1 FROM "devices" d
    WHERE d."brand" = 'EDEVICE' AND d."deleted_at" IS NULL
      AND d."serial_number" = upper(regexp_replace(u."identifier", '[:-]', '', 'g'))
  );
