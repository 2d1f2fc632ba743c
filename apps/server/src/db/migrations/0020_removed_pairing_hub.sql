ALTER TABLE "devices" ADD COLUMN "battery_reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "patient_devices" ADD COLUMN "hub_serial_number" text;--> statement-breakpoint
-- A battery known before now was reported at the latest when the device was last seen.
UPDATE "devices" SET "battery_reported_at" = "last_seen_at" WHERE "battery" IS NOT NULL;--> statement-breakpoint
-- A removed pairing keeps the hub and name its device had; the best known for those removed before now is
-- the device's today.
UPDATE "patient_devices" SET
  "hub_serial_number" = "devices"."hub_serial_number",
  "device_name" = coalesce("patient_devices"."device_name", "devices"."name")
FROM "devices"
WHERE "devices"."id" = "patient_devices"."device_id" AND "patient_devices"."deleted_at" IS NOT NULL;
