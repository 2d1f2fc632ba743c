-- A Withings notification from a user that no device of the inventory is activated for was set aside as 'Not in
-- the inventory', under the Withings user id, and offered to 'Add Device' as a MAC address. Such deliveries are
-- now 'Withings user with no activated device' (decision 0009, 2026-11-29); the entries made before move to that
-- reason. Withings readings reach Vigil only through a user's notification, so every Withings entry 'Not in the
-- inventory' is one. Where the user already has an entry of the new reason, the two become one: counts added,
-- the earliest first seen, the latest last seen with its payload.
UPDATE "unrecognised_devices" n
SET "count" = n."count" + o."count",
  "first_seen_at" = least(n."first_seen_at", o."first_seen_at"),
  "last_seen_at" = greatest(n."last_seen_at", o."last_seen_at"),
  "last_payload" = CASE WHEN o."last_seen_at" > n."last_seen_at" THEN o."last_payload" ELSE n."last_payload" END
FROM "unrecognised_devices" o
WHERE n."source" = 'WITHINGS' AND n."reason" = 'unknownWithingsUser'
  AND o."source" = 'WITHINGS' AND o."reason" = 'unknownDevice' AND o."identifier" = n."identifier";
--> statement-breakpoint
DELETE FROM "unrecognised_devices" o
WHERE o."source" = 'WITHINGS' AND o."reason" = 'unknownDevice'
  AND EXISTS (
    SELECT 1 FROM "unrecognised_devices" n
    WHERE n."source" = 'WITHINGS' AND n."reason" = 'unknownWithingsUser' AND n."identifier" = o."identifier"
  );
--> statement-breakpoint
UPDATE "unrecognised_devices"
SET "reason" = 'unknownWithingsUser', "device_id" = NULL, "clinic_id" = NULL
WHERE "source" = 'WITHINGS' AND "reason" = 'unknownDevice';
