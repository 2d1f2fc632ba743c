ALTER TABLE "unrecognised_devices" ADD COLUMN "device_type" text;--> statement-breakpoint
ALTER TABLE "unrecognised_devices" ADD COLUMN "hub_serial_number" text;--> statement-breakpoint
-- An eDevice's entries already listed take their hub and type from the delivery kept with them; the other
-- vendors' take their type from their next delivery.
UPDATE "unrecognised_devices" SET
  "hub_serial_number" = nullif(translate(trim("last_payload"->>'hubSerialNumber'), 'abcdefghijklmnopqrstuvwxyz', 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'), ''),
  "device_type" = CASE "last_payload"->>'type' WHEN 'bp' THEN 'Blood Pressure Monitor' WHEN 'weight' THEN 'Scale' END
WHERE "source" = 'EDEVICE' AND jsonb_typeof("last_payload") = 'object';
