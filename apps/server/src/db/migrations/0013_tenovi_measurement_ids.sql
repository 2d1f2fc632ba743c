-- A Tenovi blood pressure and pulse are named by their measurement, not their metric (decision 0009, "A measurement
-- sent in parts", 2026-11-25): 'TV-1:blood_pressure:2026-11-02T14:00:00Z:0' becomes 'TV-1:2026-11-02T14:00:00.000Z:0',
-- as the adapter names them now, so that a resend of a reading stored before is still known. Where two stored readings
-- would take one name (a blood pressure and its pulse stored apart), both keep theirs.
WITH "renamed" AS (
  SELECT r."id",
    substring(r."vendor_reading_id" from '^(.*?):(?:blood_pressure|pulse):') || ':' ||
      to_char(r."taken_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') || ':' ||
      substring(r."vendor_reading_id" from ':([^:]*)$') AS "name"
  FROM "readings" r
  WHERE r."source" = 'TENOVI' AND r."vendor_reading_id" ~ ':(blood_pressure|pulse):'
)
UPDATE "readings" r
SET "vendor_reading_id" = n."name"
FROM "renamed" n
WHERE r."id" = n."id" AND n."name" IS NOT NULL
  AND (SELECT count(*) FROM "renamed" o WHERE o."name" = n."name") = 1
  AND NOT EXISTS (SELECT 1 FROM "readings" o WHERE o."source" = 'TENOVI' AND o."vendor_reading_id" = n."name");
